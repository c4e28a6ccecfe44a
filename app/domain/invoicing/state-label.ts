import type { InvoiceKind } from "./types";

/** The tiquete is masculine; the factura and the notas are feminine. */
const MASCULINE_KINDS: ReadonlySet<InvoiceKind> = new Set<InvoiceKind>(["TE"]);

/** «emitida» for a factura or a nota, «emitido» for a tiquete, «borrador» before issuing. */
export function invoiceStateLabel(kind: InvoiceKind, state: "borrador" | "emitido"): string {
  if (state === "borrador") return "borrador";
  return MASCULINE_KINDS.has(kind) ? "emitido" : "emitida";
}
