/**
 * The receptor's answer to a received receipt (MensajeReceptor): checked against the receipt, numbered
 * with the organization's next consecutive and stored with its XML, once.
 */
import { findOrganization } from "~models/organization";
import { hasReceptorMessage, setReceptorMessage, type ReceiptRecord } from "~models/receipt";
import { buildMensajeReceptor } from "~/domain/hacienda";
import type { MensajeReceptorCode } from "~/domain/hacienda/mensaje-receptor";
import { formatMoney } from "~/domain/money";
import type { AnswerInput } from "~/domain/receipts/answer";
import type { OrganizationSummary } from "~/utils/account.server";
import { takeConsecutive } from "~/services/issuer/consecutive.server";
import { withTransaction } from "~/utils/db.server";
import { hasErrorLabel } from "~models/mongo-errors";
import { enqueueSubmission } from "~/services/hacienda/queue.server";
import { refused, type Refused } from "~/domain/refusal";
import { notAnswerableReason } from "./receipts-detail.server";
import { syncOpenItems } from "~/services/open-items/sync.server";

export const ANSWERED_MEANWHILE_MESSAGE = "Otra persona registró la respuesta a este comprobante mientras tanto.";

class AnsweredMeanwhile extends Error {
  override name = "AnsweredMeanwhile";
}

export type AnswerOutcome = { ok: true; consecutivo: string } | Refused;

/**
 * Records the receptor's answer: checks it against the receipt, takes the organization's next
 * consecutive of the message type (05 aceptado, 06 parcial, 07 rechazado) and stores the
 * MensajeReceptor v4.4 XML. An answer is recorded once; it is what will be signed and sent.
 */
export async function answerReceipt(
  organization: OrganizationSummary,
  receipt: ReceiptRecord,
  input: AnswerInput,
  userId: string,
): Promise<AnswerOutcome> {
  // "form": the whole answer; a conflict: the receipt was answered already (or meanwhile).
  const refuse = (status: 400 | 409, field: string, message: string): AnswerOutcome =>
    refused({
      message,
      ...(field === "form" ? {} : { field }),
      ...(status === 409 ? { kind: "conflict" as const } : {}),
    });
  const reason = notAnswerableReason(receipt);
  if (reason) return refuse(400, "form", reason);
  if (receipt.receptorMessage) return refuse(409, "form", "La respuesta a este comprobante ya se registró.");
  if (!/^\d{9,12}$/.test(organization.cedula))
    return refuse(400, "form", "La cédula de este cliente no es válida para un mensaje del receptor.");
  const emisorNumero = receipt.emisor.numero;
  if (!emisorNumero) return refuse(400, "form", "El comprobante no indica la identificación del emisor.");

  const mensaje = Number(input.mensaje) as MensajeReceptorCode;
  const accepting = mensaje !== 3;
  const totalImpuesto = receipt.totals.totalImpuesto;
  const totalFactura = receipt.totals.totalComprobante;
  const acreditable = accepting
    ? (input.montoTotalImpuestoAcreditar ?? (input.condicionImpuesto === "04" ? 0n : totalImpuesto))
    : undefined;
  const gasto = accepting ? input.montoTotalDeGastoAplicable : undefined;
  if (acreditable !== undefined && acreditable > totalImpuesto) {
    return refuse(
      400,
      "montoTotalImpuestoAcreditar",
      `El IVA acreditable no puede superar el impuesto del comprobante (${formatMoney(totalImpuesto, receipt.moneda)}).`,
    );
  }
  if (gasto !== undefined && gasto > totalFactura) {
    return refuse(
      400,
      "montoTotalDeGastoAplicable",
      `El gasto aplicable no puede superar el total del comprobante (${formatMoney(totalFactura, receipt.moneda)}).`,
    );
  }

  const organizationRecord = await findOrganization(organization.id);
  const codigoActividad = receipt.codigoActividadReceptor ?? organizationRecord?.activityCodes?.[0];
  // The number is taken inside the transaction that stores the answer (decision 162): an answer that
  // is refused or loses a race rolls its increment back, so the series has no gaps and no repeats.
  const recordedAt = new Date();
  const saved = await withTransaction(async (session) => {
    if (await hasReceptorMessage(organization.id, String(receipt._id), session)) return null;
    const numero = await takeConsecutive(organization.id, "MR", session, { mensaje });
    const xml = buildMensajeReceptor({
      clave: receipt.clave,
      numeroCedulaEmisor: emisorNumero,
      fechaEmisionDoc: recordedAt,
      mensaje,
      ...(input.detalleMensaje ? { detalleMensaje: input.detalleMensaje } : {}),
      montoTotalImpuesto: totalImpuesto,
      ...(codigoActividad && codigoActividad.length <= 6 ? { codigoActividad } : {}),
      ...(accepting && input.condicionImpuesto ? { condicionImpuesto: input.condicionImpuesto } : {}),
      ...(acreditable !== undefined ? { montoTotalImpuestoAcreditar: acreditable } : {}),
      ...(gasto !== undefined ? { montoTotalDeGastoAplicable: gasto } : {}),
      totalFactura,
      numeroCedulaReceptor: organization.cedula,
      consecutivo: { numero },
    });
    const consecutivo = /<NumeroConsecutivoReceptor>(\d{20})</.exec(xml)![1];
    const fechaEmisionDoc = /<FechaEmisionDoc>([^<]+)</.exec(xml)![1];
    // The answer and its place in the sending queue are stored together: never one without the other.
    const stored = await setReceptorMessage(
      organization.id,
      String(receipt._id),
      {
        mensaje,
        ...(accepting && input.condicionImpuesto ? { condicionImpuesto: input.condicionImpuesto } : {}),
        ...(input.detalleMensaje ? { detalleMensaje: input.detalleMensaje } : {}),
        ...(codigoActividad ? { codigoActividad } : {}),
        montoTotalImpuesto: totalImpuesto,
        ...(acreditable !== undefined ? { montoTotalImpuestoAcreditar: acreditable } : {}),
        ...(gasto !== undefined ? { montoTotalDeGastoAplicable: gasto } : {}),
        totalFactura,
        consecutivo,
        fechaEmisionDoc,
        xml,
        recordedBy: userId,
        recordedAt,
      },
      session,
    );
    // Answered in between: abort, so the number taken above goes back to the series.
    if (!stored) throw new AnsweredMeanwhile();
    await enqueueSubmission(
      { organizationId: organization.id, receiptId: String(receipt._id), document: "mensaje-receptor" },
      session,
    );
    return consecutivo;
  }).catch(async (error: unknown) => {
    if (error instanceof AnsweredMeanwhile) return null;
    // Still colliding after the retries: only the answer that won is worth telling about.
    if (
      hasErrorLabel(error, "TransientTransactionError") &&
      (await hasReceptorMessage(organization.id, String(receipt._id)))
    )
      return null;
    throw error;
  });
  if (saved === null) return refuse(409, "form", ANSWERED_MEANWHILE_MESSAGE);
  // A document the organization rejects stops being owed: its open item leaves.
  if (mensaje === 3)
    await syncOpenItems(organization.id, [String(receipt._id)]).catch((error: unknown) => {
      console.error("open items of a rejected receipt failed", error);
    });
  return { ok: true, consecutivo: saved };
}
