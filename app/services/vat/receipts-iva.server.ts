import { effectiveTipoCambio } from "~/domain/hacienda";
import { ivaByRate, referencedMonthsOf, type IvaReceipt } from "~/domain/iva";
import { Receipt, type ReceiptRecord } from "~models/receipt";
import { findReviews } from "~models/vat-review";
import { compactForms, formsWanted } from "~/services/receipts/compact-receipts.server";

/**
 * The month's receipts as the IVA return reads them. The IVA by rate comes from each receipt's own
 * lines, read from its compact parsed form (decision 137); answers (Hacienda's, the receptor's) from
 * what the app stored.
 */

type StoredForIva = Pick<
  ReceiptRecord,
  "_id" | "clave" | "kind" | "direction" | "consecutivo" | "fechaEmision" | "moneda" | "warnings"
> & {
  counterpart: { nombre: string };
  hacienda?: { estado?: string };
  receptorMessage?: { mensaje: 1 | 2 | 3; condicionImpuesto?: string; montoTotalImpuestoAcreditar?: bigint };
  parsed?: unknown;
};

const PROJECTION = {
  clave: 1,
  warnings: 1,
  kind: 1,
  direction: 1,
  consecutivo: 1,
  fechaEmision: 1,
  moneda: 1,
  "counterpart.nombre": 1,
  "hacienda.estado": 1,
  "receptorMessage.mensaje": 1,
  "receptorMessage.condicionImpuesto": 1,
  "receptorMessage.montoTotalImpuestoAcreditar": 1,
} as const;

export async function monthIvaReceipts(organizationId: string, month: string): Promise<IvaReceipt[]> {
  const scope = { month };
  const stored = await Receipt.find(
    { organizationId, month },
    { ...PROJECTION, ...(formsWanted(organizationId, scope) ? { parsed: 1 } : {}) },
  )
    .sort({ fechaEmision: 1, consecutivo: 1, _id: 1 })
    .setOptions({ useBigInt64: true })
    .lean<StoredForIva[]>();
  const [forms, reviews] = await Promise.all([
    compactForms(organizationId, stored, scope),
    findReviews(
      organizationId,
      stored.filter((record) => (record.warnings ?? []).length > 0).map((record) => String(record._id)),
    ),
  ]);
  const receipts: IvaReceipt[] = [];
  for (const record of stored) {
    const document = forms.get(String(record._id));
    if (!document) continue;
    const answer = record.receptorMessage;
    receipts.push({
      id: String(record._id),
      clave: record.clave,
      kind: record.kind,
      direction: record.direction,
      consecutivo: record.consecutivo,
      fecha: new Date(record.fechaEmision).toISOString(),
      counterpart: record.counterpart?.nombre ?? "",
      condicionVenta: document.condicionVenta,
      moneda: record.moneda,
      tipoCambio: effectiveTipoCambio(document.moneda, document.tipoCambio),
      haciendaEstado: record.hacienda?.estado,
      answer: answer
        ? {
            mensaje: answer.mensaje,
            condicionImpuesto: answer.condicionImpuesto,
            montoAcreditar:
              answer.montoTotalImpuestoAcreditar === undefined || answer.montoTotalImpuestoAcreditar === null
                ? undefined
                : BigInt(answer.montoTotalImpuestoAcreditar),
          }
        : undefined,
      byRate: ivaByRate(document),
      referencedMonths: referencedMonthsOf(document),
      arithmeticWarnings: record.warnings ?? [],
      review: reviews.get(String(record._id)),
    });
  }
  return receipts;
}

export async function monthHasReceipts(organizationId: string, month: string): Promise<boolean> {
  return (await Receipt.exists({ organizationId, month })) !== null;
}

/** The ids of the month's receipts stored in the app at or before `at` (a settlement's posting time). */
export async function monthReceiptIdsStoredBy(organizationId: string, month: string, at: Date): Promise<Set<string>> {
  const stored = await Receipt.find({ organizationId, month, importedAt: { $lte: at } }, { _id: 1 }).lean<
    { _id: unknown }[]
  >();
  return new Set(stored.map((record) => String(record._id)));
}
