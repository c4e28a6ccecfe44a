import type { BookingInput, ReceptorAnswerInput } from "~/domain/booking/plan-types";
import type { ReceiptKind } from "~/domain/hacienda/types";
import type { ReceiptRecord } from "~models/receipt";
import { findReferencedReceipts, type ReceiptForBooking } from "~models/receipt-booking";
import { parseDocument } from "~/services/receipts/parse-document.server";

export function receptorAnswerOf(
  message: ReceiptRecord["receptorMessage"] | undefined,
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

/**
 * What the booking plan reads of the organization's receipts: the parsed XML, Hacienda's and the
 * receptor's answers, and for credit notes the kind and answer of the document they correct.
 */
export async function bookingInputs(
  organizationId: string,
  receipts: readonly ReceiptForBooking[],
): Promise<Map<string, ReceiptInput>> {
  const claves = [...new Set(receipts.filter((r) => r.kind === "NC").flatMap((r) => r.referencedClaves ?? []))];
  const referenced = new Map(
    (await findReferencedReceipts(organizationId, claves)).map((receipt) => [receipt.clave, receipt]),
  );
  const inputs = new Map<string, ReceiptInput>();
  for (const receipt of receipts) {
    const parsed = parseDocument(receipt.xml);
    if (!parsed.ok) {
      inputs.set(String(receipt._id), { ok: false, message: "El XML del comprobante no se pudo leer." });
      continue;
    }
    const corrected = (receipt.referencedClaves ?? []).map((clave) => referenced.get(clave)).find(Boolean);
    inputs.set(String(receipt._id), {
      ok: true,
      input: {
        document: parsed.document,
        direction: receipt.direction,
        ...(receipt.hacienda?.estado ? { haciendaEstado: receipt.hacienda.estado } : {}),
        ...(receipt.receptorMessage ? { receptorAnswer: receptorAnswerOf(receipt.receptorMessage) } : {}),
        ...(corrected
          ? {
              referenced: {
                kind: corrected.kind as ReceiptKind,
                ...(corrected.receptorMessage ? { receptorAnswer: receptorAnswerOf(corrected.receptorMessage) } : {}),
              },
            }
          : {}),
      },
    });
  }
  return inputs;
}
