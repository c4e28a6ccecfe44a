import { partyCedulaOf } from "~/domain/booking/party-accounts";
import type { BookingInput, PartyAccounts, ReceptorAnswerInput } from "~/domain/booking/plan-types";
import type { ReceiptKind } from "~/domain/hacienda/types";
import { partyAccountsByCedula } from "~models/counterparty";
import { findReferencedReceipts, type ReceiptForBooking } from "~models/receipt-booking";
import { compactForms } from "~/services/receipts/compact-receipts.server";

export function receptorAnswerOf(
  message: ReceiptForBooking["receptorMessage"] | undefined,
): ReceptorAnswerInput | undefined {
  if (!message) return undefined;
  return {
    mensaje: message.mensaje,
    ...(message.condicionImpuesto ? { condicionImpuesto: message.condicionImpuesto } : {}),
    ...(message.montoTotalImpuestoAcreditar !== undefined && message.montoTotalImpuestoAcreditar !== null
      ? { montoTotalImpuestoAcreditar: BigInt(message.montoTotalImpuestoAcreditar) }
      : {}),
  };
}

export type ReceiptInput = { ok: true; input: BookingInput } | { ok: false; message: string };

/** The documents these credit notes reference, among the organization's receipts: kind and receptor's answer. */
export async function referencedDocuments(
  organizationId: string,
  receipts: ReadonlyArray<{ kind: string; referencedClaves?: string[] }>,
): Promise<Map<string, NonNullable<BookingInput["referenced"]>>> {
  const claves = [...new Set(receipts.filter((r) => r.kind === "NC").flatMap((r) => r.referencedClaves ?? []))];
  if (claves.length === 0) return new Map();
  const found = await findReferencedReceipts(organizationId, claves);
  return new Map(
    found.map((receipt) => [
      receipt.clave,
      {
        kind: receipt.kind as ReceiptKind,
        ...(receipt.receptorMessage ? { receptorAnswer: receptorAnswerOf(receipt.receptorMessage) } : {}),
      },
    ]),
  );
}

/**
 * The accounts the accountant set on these documents' customers and suppliers, by cédula (one read;
 * documents whose counterparty has none are left out).
 */
export async function partyAccountsOf(
  organizationId: string,
  documents: ReadonlyArray<{
    direction: BookingInput["direction"];
    document: BookingInput["document"] | null | undefined;
  }>,
): Promise<Map<string, PartyAccounts>> {
  const cedulas = new Set<string>();
  for (const { direction, document } of documents) {
    const cedula = document ? partyCedulaOf(direction, document) : undefined;
    if (cedula) cedulas.add(cedula);
  }
  return cedulas.size === 0 ? new Map() : partyAccountsByCedula(organizationId, [...cedulas]);
}

/** One receipt's booking input from its compact form and what the app stored about it. */
export function bookingInputOf(
  receipt: Pick<ReceiptForBooking, "direction" | "hacienda" | "receptorMessage" | "referencedClaves">,
  document: BookingInput["document"],
  referenced: ReadonlyMap<string, NonNullable<BookingInput["referenced"]>>,
  parties: ReadonlyMap<string, PartyAccounts>,
): BookingInput {
  const corrected = (receipt.referencedClaves ?? []).map((clave) => referenced.get(clave)).find(Boolean);
  const cedula = partyCedulaOf(receipt.direction, document);
  const partyAccounts = cedula ? parties.get(cedula) : undefined;
  return {
    document,
    direction: receipt.direction,
    ...(receipt.hacienda?.estado ? { haciendaEstado: receipt.hacienda.estado } : {}),
    ...(receipt.receptorMessage ? { receptorAnswer: receptorAnswerOf(receipt.receptorMessage) } : {}),
    ...(corrected ? { referenced: corrected } : {}),
    ...(partyAccounts ? { partyAccounts } : {}),
  };
}

/**
 * What the booking plan reads of the organization's receipts: the compact parsed form (decision 137),
 * Hacienda's and the receptor's answers, for credit notes the kind and answer of the document they
 * correct, and the accounts set on each document's customer or supplier.
 */
export async function bookingInputs(
  organizationId: string,
  receipts: readonly ReceiptForBooking[],
): Promise<Map<string, ReceiptInput>> {
  const [referenced, forms] = await Promise.all([
    referencedDocuments(organizationId, receipts),
    compactForms(
      organizationId,
      receipts.map((receipt) => receipt._id),
    ),
  ]);
  const parties = await partyAccountsOf(
    organizationId,
    receipts.map((receipt) => ({ direction: receipt.direction, document: forms.get(String(receipt._id)) })),
  );
  const inputs = new Map<string, ReceiptInput>();
  for (const receipt of receipts) {
    const document = forms.get(String(receipt._id));
    inputs.set(
      String(receipt._id),
      document
        ? { ok: true, input: bookingInputOf(receipt, document, referenced, parties) }
        : { ok: false, message: "El XML del comprobante no se pudo leer." },
    );
  }
  return inputs;
}
