import { Types } from "mongoose";
import { Receipt, receiptXmlBytes, type ReceiptParty } from "./receipt";
import { storedBigInt } from "./open-item";

/** Receipt kinds that make open items: every booked document but the payment receipt (REP). */
export const OPEN_ITEM_KINDS = ["FE", "ND", "NC", "TE", "FEC", "FEE"] as const;

/** What deriving an open item reads of a receipt. */
export interface ReceiptForOpenItem {
  _id: Types.ObjectId;
  clave: string;
  kind: string;
  direction: "issued" | "received";
  consecutivo: string;
  fechaEmision: Date;
  emisor: ReceiptParty;
  receptor?: ReceiptParty;
  condicionVenta?: string;
  moneda: string;
  totalComprobante: bigint;
  totalColones: bigint;
  tipoCambio: bigint;
  referencedClaves: string[];
  /** PlazoCredito as written in the XML, when present. */
  plazoCredito?: string;
}

const CHUNK = 500;
const PLAZO = /<(?:[\w-]+:)?PlazoCredito>([^<]*)<\//;

/** A receipt Hacienda rejected, or the organization rejected with its receptor message (mensaje 3). */
const REJECTED: Record<string, unknown> = {
  $or: [{ "hacienda.estado": "rechazado" }, { "receptorMessage.mensaje": 3 }],
};

/**
 * Claves of the organization's receipts that can make open items (not rejected by Hacienda nor by
 * the organization's receptor message): all of them, or those among `receiptIds`.
 */
export async function openItemSourceClaves(organizationId: string, receiptIds?: readonly string[]): Promise<string[]> {
  const rows = await Receipt.find(
    {
      organizationId,
      kind: { $in: OPEN_ITEM_KINDS },
      "hacienda.estado": { $ne: "rechazado" },
      "receptorMessage.mensaje": { $ne: 3 },
      ...(receiptIds ? { _id: { $in: receiptIds.map((id) => new Types.ObjectId(id)) } } : {}),
    },
    { clave: 1, _id: 0 },
  ).lean<Array<{ clave: string }>>();
  return rows.map((row) => row.clave);
}

export interface RejectedSource {
  _id: Types.ObjectId;
  clave: string;
  kind: string;
  direction: "issued" | "received";
  /** Its total in colones (Amount units, as stored). */
  totalColones: bigint;
}

/** The organization's item-making receipts that were rejected: all of them, or those among `receiptIds`. */
export async function rejectedSources(
  organizationId: string,
  receiptIds?: readonly string[],
): Promise<RejectedSource[]> {
  const filter: Record<string, unknown> = {
    organizationId,
    kind: { $in: OPEN_ITEM_KINDS },
    ...REJECTED,
    ...(receiptIds ? { _id: { $in: receiptIds.map((id) => new Types.ObjectId(id)) } } : {}),
  };
  const rows = await Receipt.find(filter, { clave: 1, kind: 1, direction: 1, "colones.totalComprobante": 1 })
    .setOptions({ useBigInt64: true })
    .lean<Array<Omit<RejectedSource, "totalColones"> & { colones: { totalComprobante: unknown } }>>();
  return rows.map(({ colones, ...row }) => ({ ...row, totalColones: storedBigInt(colones.totalComprobante) }));
}

/** The ids of the organization's receipts with these claves. */
export async function receiptIdsOfClaves(organizationId: string, claves: readonly string[]): Promise<string[]> {
  if (claves.length === 0) return [];
  const rows = await Receipt.find({ organizationId, clave: { $in: claves } }, { _id: 1 }).lean<
    Array<{ _id: Types.ObjectId }>
  >();
  return rows.map((row) => String(row._id));
}

/** A recibo electrónico de pago as settling open items reads it. */
export interface RepForOpenItems {
  _id: Types.ObjectId;
  clave: string;
  consecutivo: string;
  direction: "issued" | "received";
  fechaEmision: Date;
  /** What was paid, in colones (TotalComprobante at the REP's TipoCambio). */
  totalColones: bigint;
  referencedClaves: string[];
}

/**
 * The REPs (not rejected by Hacienda) of one direction that name any of `keys` — or the one whose
 * clave is `clave`.
 */
export async function repsNaming(
  organizationId: string,
  filter: { direction: "issued" | "received"; keys: readonly string[] } | { clave: string },
): Promise<RepForOpenItems[]> {
  const rows = await Receipt.find(
    {
      organizationId,
      kind: "REP",
      "hacienda.estado": { $ne: "rechazado" },
      ...("clave" in filter
        ? { clave: filter.clave }
        : { direction: filter.direction, referencedClaves: { $in: filter.keys } }),
    },
    { clave: 1, consecutivo: 1, direction: 1, fechaEmision: 1, "colones.totalComprobante": 1, referencedClaves: 1 },
  )
    .setOptions({ useBigInt64: true })
    .sort({ fechaEmision: 1 })
    .limit(500)
    .lean<Array<Omit<RepForOpenItems, "totalColones"> & { colones: { totalComprobante: unknown } }>>();
  return rows.map(({ colones, ...row }) => ({
    ...row,
    referencedClaves: row.referencedClaves ?? [],
    totalColones: storedBigInt(colones.totalComprobante),
  }));
}

/** The organizations that have receipts able to make open items. */
export async function organizationsWithOpenItemSources(): Promise<string[]> {
  return Receipt.distinct("organizationId", { kind: { $in: OPEN_ITEM_KINDS } });
}

/** Those receipts, read in chunks, oldest first. */
export async function receiptsForOpenItems(
  organizationId: string,
  claves: readonly string[],
): Promise<ReceiptForOpenItem[]> {
  const found: ReceiptForOpenItem[] = [];
  for (let start = 0; start < claves.length; start += CHUNK) {
    const rows = await Receipt.find(
      { organizationId, clave: { $in: claves.slice(start, start + CHUNK) } },
      {
        clave: 1,
        kind: 1,
        direction: 1,
        consecutivo: 1,
        fechaEmision: 1,
        emisor: 1,
        receptor: 1,
        condicionVenta: 1,
        moneda: 1,
        tipoCambio: 1,
        "totals.totalComprobante": 1,
        "colones.totalComprobante": 1,
        referencedClaves: 1,
        xml: 1,
      },
    )
      .setOptions({ useBigInt64: true })
      .lean<
        Array<
          Omit<ReceiptForOpenItem, "totalComprobante" | "totalColones" | "tipoCambio" | "plazoCredito"> & {
            tipoCambio: unknown;
            totals: { totalComprobante: unknown };
            colones: { totalComprobante: unknown };
            xml: unknown;
          }
        >
      >();
    for (const row of rows) {
      const plazo = PLAZO.exec(receiptXmlBytes(row.xml).toString("utf8"))?.[1];
      found.push({
        _id: row._id,
        clave: row.clave,
        kind: row.kind,
        direction: row.direction,
        consecutivo: row.consecutivo,
        fechaEmision: row.fechaEmision,
        emisor: row.emisor,
        ...(row.receptor ? { receptor: row.receptor } : {}),
        ...(row.condicionVenta ? { condicionVenta: row.condicionVenta } : {}),
        moneda: row.moneda,
        totalComprobante: storedBigInt(row.totals.totalComprobante),
        totalColones: storedBigInt(row.colones.totalComprobante),
        tipoCambio: storedBigInt(row.tipoCambio),
        referencedClaves: row.referencedClaves ?? [],
        ...(plazo === undefined ? {} : { plazoCredito: plazo }),
      });
    }
  }
  return found.sort((a, b) => a.fechaEmision.getTime() - b.fechaEmision.getTime());
}
