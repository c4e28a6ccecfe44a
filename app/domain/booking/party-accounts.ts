import type { BookingInput } from "./plan-types";

/**
 * The cédula of a document's customer or supplier, as the open items name it: the receptor of an
 * issued document (the supplier of an FEC the organization issues as buyer), the emisor of a received
 * one. Hacienda's messages and documents without the other party's number have none.
 */
export function partyCedulaOf(
  direction: BookingInput["direction"],
  document: BookingInput["document"],
): string | undefined {
  if (document.kind === "MH") return undefined;
  const party = direction === "issued" ? document.receptor : document.emisor;
  return party?.identificacion?.numero || undefined;
}
