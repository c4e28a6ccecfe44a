import { decodeXmlBytes, parseComprobante } from "~/domain/hacienda";
import { ivaByRate, type IvaRateAmounts, type IvaReceipt } from "~/domain/iva";
import { effectiveTipoCambio } from "~/domain/hacienda";
import type { RateGroupKey } from "~/domain/iva";
import { Receipt, type ReceiptRecord } from "~models/receipt";

/**
 * The month's receipts as the IVA return reads them. The IVA by rate comes from each receipt's own
 * lines (the XML); answers (Hacienda's, the receptor's) from what the app stored. Parsing is the
 * slow part, so what a receipt's XML says is kept in memory by its hash: the XML never changes.
 */

interface FromXml {
  condicionVenta?: string;
  tipoCambio: bigint;
  byRate: Record<RateGroupKey, IvaRateAmounts>;
}

const CACHE_LIMIT = 50_000;
const fromXmlCache = new Map<string, FromXml | null>();

function remember(sha: string, value: FromXml | null) {
  if (fromXmlCache.size >= CACHE_LIMIT) fromXmlCache.delete(fromXmlCache.keys().next().value as string);
  fromXmlCache.set(sha, value);
}

/** Stored bytes as a Buffer, whichever form the driver hands back (Buffer or BSON Binary). */
function bytesOf(stored: unknown): Uint8Array {
  if (Buffer.isBuffer(stored)) return stored;
  const binary = stored as { value?: () => Uint8Array; buffer?: Uint8Array; position?: number };
  if (typeof binary.value === "function") return binary.value();
  if (binary.buffer) return binary.buffer.subarray(0, binary.position ?? binary.buffer.length);
  return new Uint8Array();
}

function readXml(sha: string, xml: unknown): FromXml | null {
  if (fromXmlCache.has(sha)) return fromXmlCache.get(sha)!;
  const parsed = parseComprobante(decodeXmlBytes(bytesOf(xml)));
  const document = parsed.ok && parsed.document.kind !== "MH" ? parsed.document : null;
  const value = document
    ? {
        condicionVenta: document.condicionVenta,
        tipoCambio: effectiveTipoCambio(document.moneda, document.tipoCambio),
        byRate: ivaByRate(document),
      }
    : null;
  remember(sha, value);
  return value;
}

type StoredForIva = Pick<
  ReceiptRecord,
  "_id" | "kind" | "direction" | "consecutivo" | "fechaEmision" | "moneda" | "xml" | "xmlSha256"
> & {
  counterpart: { nombre: string };
  hacienda?: { estado?: string };
  receptorMessage?: { mensaje: 1 | 2 | 3; condicionImpuesto?: string; montoTotalImpuestoAcreditar?: bigint };
};

const PROJECTION = {
  kind: 1,
  direction: 1,
  consecutivo: 1,
  fechaEmision: 1,
  moneda: 1,
  xml: 1,
  xmlSha256: 1,
  "counterpart.nombre": 1,
  "hacienda.estado": 1,
  "receptorMessage.mensaje": 1,
  "receptorMessage.condicionImpuesto": 1,
  "receptorMessage.montoTotalImpuestoAcreditar": 1,
} as const;

export async function monthIvaReceipts(organizationId: string, month: string): Promise<IvaReceipt[]> {
  const cursor = Receipt.find({ organizationId, month }, PROJECTION)
    .sort({ fechaEmision: 1, consecutivo: 1, _id: 1 })
    .setOptions({ useBigInt64: true })
    .lean<StoredForIva[]>()
    .cursor({ batchSize: 200 });
  const receipts: IvaReceipt[] = [];
  for await (const stored of cursor) {
    const record = stored as StoredForIva;
    const fromXml = readXml(record.xmlSha256, record.xml);
    if (!fromXml) continue;
    const answer = record.receptorMessage;
    receipts.push({
      id: String(record._id),
      kind: record.kind,
      direction: record.direction,
      consecutivo: record.consecutivo,
      fecha: new Date(record.fechaEmision).toISOString(),
      counterpart: record.counterpart?.nombre ?? "",
      condicionVenta: fromXml.condicionVenta,
      moneda: record.moneda,
      tipoCambio: fromXml.tipoCambio,
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
      byRate: fromXml.byRate,
    });
  }
  return receipts;
}

export async function monthHasReceipts(organizationId: string, month: string): Promise<boolean> {
  return (await Receipt.exists({ organizationId, month })) !== null;
}
