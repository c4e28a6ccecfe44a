import { gunzipSync, gzipSync } from "node:zlib";
import mongoose, { Schema, Types, type ClientSession } from "mongoose";
import { addToTotals, emptyTotals, type CentimosTotals } from "../app/domain/receipts/centimos";
import { PARSED_VERSION, type CompactReceipt } from "../app/domain/receipts/compact";
import { bumpBoardRevision, monthsByOrganization } from "./board-month-summary";
import { DUPLICATE_KEY, isDuplicateKeyError } from "./mongo-errors";

/**
 * An electronic receipt (comprobante) of one organization, imported from Hacienda XML. The original
 * bytes are the record; the other fields are what lists, totals and searches need, read from them at
 * import. Amounts are exact: bigint counts of 0.00001 (see app/domain/money.ts), stored as int64.
 * See docs/decisions/004-receipt-storage-and-import.md.
 */

export type ReceiptDirection = "issued" | "received";
/** How the receipt arrived: uploaded, read from a mailbox, or issued in the app. */
export type ReceiptArrival = "upload" | "email" | "issued";
export type HaciendaEstado = "aceptado" | "parcial" | "rechazado";
/** How a receipt counts in the month's totals: credit notes subtract, payment receipts do not count. */
export type ReceiptEffect = 1 | -1 | 0;

export interface ReceiptParty {
  nombre: string;
  nombreComercial?: string;
  tipo?: string;
  numero?: string;
  correo?: string;
}

export interface ReceiptAmounts {
  totalVenta: bigint;
  totalDescuentos: bigint;
  totalVentaNeta: bigint;
  totalImpuesto: bigint;
  totalOtrosCargos: bigint;
  totalIVADevuelto: bigint;
  totalComprobante: bigint;
}

export interface ReceiptTaxTotal {
  codigo: string;
  codigoTarifa?: string;
  monto: bigint;
  montoColones: bigint;
}

export interface HaciendaAnswer {
  estado: HaciendaEstado;
  mensaje: string;
  estadoMensaje?: string;
  detalle: string;
  xml: Buffer;
  xmlSha256: string;
  fileName: string;
  receivedAt: Date;
}

/** An admin's choice between conflicting Hacienda answers (the audit trail of the receipt's status). */
export interface HaciendaDecision {
  chosenSha256: string;
  previousSha256: string;
  decidedBy: Types.ObjectId;
  decidedAt: Date;
}

export interface ReceptorMessage {
  mensaje: 1 | 2 | 3;
  condicionImpuesto?: string;
  detalleMensaje?: string;
  codigoActividad?: string;
  montoTotalImpuesto?: bigint;
  montoTotalImpuestoAcreditar?: bigint;
  montoTotalDeGastoAplicable?: bigint;
  totalFactura: bigint;
  consecutivo: string;
  fechaEmisionDoc: string;
  xml: string;
  recordedBy: Types.ObjectId;
  recordedAt: Date;
}

export interface ReceiptRecord {
  _id: Types.ObjectId;
  organizationId: string;
  clave: string;
  kind: string;
  version: string;
  direction: ReceiptDirection;
  consecutivo: string;
  /**
   * Set on an issued document that holds its consecutivo: a unique index makes a number held once per
   * organization. An issued document imported with a number another one already holds is kept without
   * it, naming the holder in `consecutivoHeldBy` (decision 190).
   */
  issuedConsecutivo?: string;
  /** The clave of the issued document that already held this one's consecutivo when it was stored. */
  consecutivoHeldBy?: string;
  fechaEmision: Date;
  /** Costa Rica calendar month of the issue date, "2025-10". */
  month: string;
  emisor: ReceiptParty;
  receptor?: ReceiptParty;
  /** The other party: the receptor of an issued receipt, the emisor of a received one. */
  counterpart: { nombre: string; numero?: string; search: string };
  codigoActividad?: string;
  codigoActividadReceptor?: string;
  condicionVenta?: string;
  mediosPago: string[];
  moneda: string;
  tipoCambio: bigint;
  totals: ReceiptAmounts;
  colones: ReceiptAmounts;
  taxTotals: ReceiptTaxTotal[];
  referencedClaves: string[];
  lineCount: number;
  warnings: string[];
  effect: ReceiptEffect;
  fileName: string;
  xml: Buffer;
  xmlSha256: string;
  importedAt: Date;
  importedBy?: Types.ObjectId | string;
  /** Absent on receipts stored before it was recorded. */
  arrivedBy?: ReceiptArrival;
  hacienda?: HaciendaAnswer;
  /** Later answers that differ from `hacienda`: kept, not applied, until an admin chooses one. */
  haciendaConflicts?: HaciendaAnswer[];
  /** Answers an admin's choice set aside (kept as records). */
  haciendaSuperseded?: HaciendaAnswer[];
  haciendaDecisions?: HaciendaDecision[];
  receptorMessage?: ReceptorMessage;
  /**
   * What booking, rules, «Simular» and the IVA return read of the XML (decision 137), built at import;
   * absent or of an older `parsedVersion` on receipts stored before: rebuilt from the XML when read.
   */
  parsed?: CompactReceipt;
}

const partySchema = new Schema<ReceiptParty>(
  { nombre: { type: String, required: true }, nombreComercial: String, tipo: String, numero: String, correo: String },
  { _id: false },
);

const amountsDefinition = {
  totalVenta: { type: BigInt, required: true },
  totalDescuentos: { type: BigInt, required: true },
  totalVentaNeta: { type: BigInt, required: true },
  totalImpuesto: { type: BigInt, required: true },
  totalOtrosCargos: { type: BigInt, required: true },
  totalIVADevuelto: { type: BigInt, required: true },
  totalComprobante: { type: BigInt, required: true },
};

const haciendaSchema = new Schema<HaciendaAnswer>(
  {
    estado: { type: String, enum: ["aceptado", "parcial", "rechazado"], required: true },
    mensaje: { type: String, required: true },
    estadoMensaje: String,
    detalle: { type: String, default: "" },
    xml: { type: Buffer, required: true },
    xmlSha256: { type: String, required: true },
    fileName: { type: String, required: true },
    receivedAt: { type: Date, required: true },
  },
  { _id: false },
);

const receptorMessageSchema = new Schema<ReceptorMessage>(
  {
    mensaje: { type: Number, enum: [1, 2, 3], required: true },
    condicionImpuesto: String,
    detalleMensaje: String,
    codigoActividad: String,
    montoTotalImpuesto: BigInt,
    montoTotalImpuestoAcreditar: BigInt,
    montoTotalDeGastoAplicable: BigInt,
    totalFactura: { type: BigInt, required: true },
    consecutivo: { type: String, required: true },
    fechaEmisionDoc: { type: String, required: true },
    xml: { type: String, required: true },
    recordedBy: { type: Schema.Types.ObjectId, required: true, ref: "User" },
    recordedAt: { type: Date, required: true },
  },
  { _id: false },
);

const ISSUED_CONSECUTIVO_INDEX = "issued_consecutivo_unique";

const receiptSchema = new Schema<ReceiptRecord>(
  {
    organizationId: { type: String, required: true },
    clave: { type: String, required: true },
    kind: { type: String, required: true },
    version: { type: String, required: true },
    direction: { type: String, enum: ["issued", "received"], required: true },
    consecutivo: { type: String, required: true },
    issuedConsecutivo: String,
    consecutivoHeldBy: String,
    fechaEmision: { type: Date, required: true },
    month: { type: String, required: true, match: /^\d{4}-\d{2}$/ },
    emisor: { type: partySchema, required: true },
    receptor: partySchema,
    counterpart: {
      type: new Schema(
        { nombre: { type: String, required: true }, numero: String, search: { type: String, required: true } },
        { _id: false },
      ),
      required: true,
    },
    codigoActividad: String,
    codigoActividadReceptor: String,
    condicionVenta: String,
    mediosPago: { type: [String], default: [] },
    moneda: { type: String, required: true },
    tipoCambio: { type: BigInt, required: true },
    totals: { type: new Schema(amountsDefinition, { _id: false }), required: true },
    colones: { type: new Schema(amountsDefinition, { _id: false }), required: true },
    taxTotals: {
      type: [
        new Schema(
          {
            codigo: { type: String, required: true },
            codigoTarifa: String,
            monto: { type: BigInt, required: true },
            montoColones: { type: BigInt, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    referencedClaves: { type: [String], default: [] },
    lineCount: { type: Number, required: true },
    warnings: { type: [String], default: [] },
    effect: { type: Number, enum: [1, -1, 0], required: true },
    fileName: { type: String, required: true },
    xml: { type: Buffer, required: true },
    xmlSha256: { type: String, required: true },
    importedAt: { type: Date, required: true },
    importedBy: { type: Schema.Types.ObjectId, ref: "User" },
    arrivedBy: { type: String, enum: ["upload", "email", "issued"] },
    hacienda: haciendaSchema,
    haciendaConflicts: { type: [haciendaSchema], default: undefined },
    haciendaSuperseded: { type: [haciendaSchema], default: undefined },
    haciendaDecisions: {
      type: [
        new Schema<HaciendaDecision>(
          {
            chosenSha256: { type: String, required: true },
            previousSha256: { type: String, required: true },
            decidedBy: { type: Schema.Types.ObjectId, required: true, ref: "User" },
            decidedAt: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    receptorMessage: receptorMessageSchema,
    // Written whole by the importer and the backfill; its amounts are bigints, stored as int64.
    parsed: { type: Schema.Types.Mixed },
  },
  { collection: "receipts", versionKey: false },
);

receiptSchema.index({ organizationId: 1, clave: 1 }, { unique: true });
receiptSchema.index({ organizationId: 1, direction: 1, month: 1, fechaEmision: 1 });
// Documents stored before the field existed do not have it, so the index builds on any data; the
// startup step (app/boot/prepare-data.server.ts) then gives them their numbers, oldest first.
receiptSchema.index(
  { organizationId: 1, issuedConsecutivo: 1 },
  { unique: true, name: ISSUED_CONSECUTIVO_INDEX, partialFilterExpression: { issuedConsecutivo: { $type: "string" } } },
);
receiptSchema.index({ organizationId: 1, importedAt: -1 });
// The REPs that name an open item's document (a statement of account lists them to register).
receiptSchema.index(
  { organizationId: 1, referencedClaves: 1 },
  { name: "rep_referenced_claves", partialFilterExpression: { kind: "REP" } },
);

export const Receipt =
  (mongoose.models.Receipt as mongoose.Model<ReceiptRecord> | undefined) ??
  mongoose.model<ReceiptRecord>("Receipt", receiptSchema);

// bigint fields come back as bigint (not as a JS number or a Long) only when asked for.
const EXACT = { useBigInt64: true } as const;

/** What the month list shows: everything but the XML bytes. */
const LIST_PROJECTION = {
  xml: 0,
  "hacienda.xml": 0,
  "receptorMessage.xml": 0,
  taxTotals: 0,
  haciendaConflicts: 0,
  haciendaSuperseded: 0,
  haciendaDecisions: 0,
  parsed: 0,
} as const;

export type ReceiptSummary = Omit<
  ReceiptRecord,
  | "xml"
  | "taxTotals"
  | "hacienda"
  | "receptorMessage"
  | "haciendaConflicts"
  | "haciendaSuperseded"
  | "haciendaDecisions"
  | "parsed"
> & {
  hacienda?: Omit<HaciendaAnswer, "xml">;
  receptorMessage?: Omit<ReceptorMessage, "xml">;
};

// ---------------------------------------------------------------------------------------------
// Import

export interface StoredClave {
  _id: Types.ObjectId;
  clave: string;
  xmlSha256: string;
  emisorNumero?: string;
  haciendaSha256?: string;
  /** Hashes of the answers waiting for an admin's choice. */
  conflictSha256s: string[];
}

/** The organization's receipts with one of these claves (what an import needs to find duplicates). */
export async function findStoredClaves(organizationId: string, claves: string[]): Promise<StoredClave[]> {
  if (claves.length === 0) return [];
  const found = await Receipt.find(
    { organizationId, clave: { $in: claves } },
    { clave: 1, xmlSha256: 1, "emisor.numero": 1, "hacienda.xmlSha256": 1, "haciendaConflicts.xmlSha256": 1 },
  ).lean<
    Array<
      Pick<ReceiptRecord, "_id" | "clave" | "xmlSha256" | "emisor"> & {
        hacienda?: { xmlSha256?: string };
        haciendaConflicts?: Array<{ xmlSha256: string }>;
      }
    >
  >();
  return found.map((receipt) => ({
    _id: receipt._id,
    clave: receipt.clave,
    xmlSha256: receipt.xmlSha256,
    emisorNumero: receipt.emisor?.numero,
    haciendaSha256: receipt.hacienda?.xmlSha256,
    conflictSha256s: (receipt.haciendaConflicts ?? []).map((answer) => answer.xmlSha256),
  }));
}

export interface InsertOutcome {
  /** Indexes (into the given records) that another writer stored first: same organization and clave. */
  duplicates: Set<number>;
  /** Indexes whose issued consecutivo another document stored meanwhile already holds. */
  consecutivoTaken: Set<number>;
  /** Indexes that could not be stored for another reason, with the database's message. */
  failures: Map<number, string>;
  /** The bytes the stored documents take (compressed), for the daily storage limit. */
  storedBytes: number;
}

/**
 * A document as stored: gzip of its exact bytes (decision 199). Signed XML must stay byte for byte
 * what its signer signed, so it is compressed, never reformatted; padding costs next to nothing.
 */
export function storedXml(bytes: Uint8Array): Buffer {
  return gzipSync(bytes, { level: 6 });
}

function isGzip(bytes: Buffer): boolean {
  return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Inserts new receipts (their _id set by the caller); a clave stored meanwhile is reported, not thrown. */
export async function insertReceipts(records: ReceiptRecord[], session?: ClientSession): Promise<InsertOutcome> {
  const outcome: InsertOutcome = {
    duplicates: new Set(),
    consecutivoTaken: new Set(),
    failures: new Map(),
    storedBytes: 0,
  };
  if (records.length === 0) return outcome;
  // The records are built by the importer with their final types; skipping mongoose's document
  // machinery (hydration, casting, validation) doubles the import rate.
  const raw = records.map((record) => ({
    ...record,
    xml: storedXml(record.xml),
    ...(typeof record.importedBy === "string" ? { importedBy: new Types.ObjectId(record.importedBy) } : {}),
  }));
  const countStored = () => {
    raw.forEach((record, index) => {
      if (!outcome.duplicates.has(index) && !outcome.failures.has(index) && !outcome.consecutivoTaken.has(index))
        outcome.storedBytes += record.xml.length;
    });
  };
  // The board's summaries of these organizations are out of date once any receipt is stored (decision
  // 265): inside the caller's transaction, or right after an insert that has none.
  const organizations = new Set(records.map((record) => record.organizationId));
  try {
    await Receipt.insertMany(raw, { ordered: false, lean: true, session });
  } catch (error) {
    const writeErrors = (error as { writeErrors?: Array<{ index: number; code: number; errmsg?: string }> })
      .writeErrors;
    if (!writeErrors) {
      if (!session) await bumpBoardRevision(organizations, undefined, monthsByOrganization(records));
      throw error;
    }
    for (const writeError of writeErrors) {
      if (writeError.code === DUPLICATE_KEY && writeError.errmsg?.includes(ISSUED_CONSECUTIVO_INDEX))
        outcome.consecutivoTaken.add(writeError.index);
      else if (writeError.code === DUPLICATE_KEY) outcome.duplicates.add(writeError.index);
      else outcome.failures.set(writeError.index, writeError.errmsg ?? `error ${writeError.code}`);
    }
  }
  await bumpBoardRevision(organizations, session, monthsByOrganization(records));
  countStored();
  return outcome;
}

export type AddAnswerOutcome = "attached" | "conflict" | "duplicate" | "missing";

/**
 * Records Hacienda's answer on the organization's receipt with that clave. The first answer applies;
 * a different later one never replaces it: it is kept as a conflict until an admin chooses.
 */
export async function addHaciendaAnswer(
  organizationId: string,
  clave: string,
  answer: HaciendaAnswer,
  session?: ClientSession,
): Promise<AddAnswerOutcome> {
  const first = await Receipt.findOneAndUpdate(
    { organizationId, clave, hacienda: { $exists: false } },
    { $set: { hacienda: answer } },
    { session, projection: { month: 1 } },
  ).lean<{ month: string }>();
  if (first) {
    // A rejection takes the document out of its month's IVA return, which the board keeps (decision 303).
    await bumpBoardRevision([organizationId], session, new Map([[organizationId, [first.month]]]));
    return "attached";
  }
  const conflict = await Receipt.updateOne(
    {
      organizationId,
      clave,
      "hacienda.xmlSha256": { $ne: answer.xmlSha256 },
      "haciendaConflicts.xmlSha256": { $ne: answer.xmlSha256 },
    },
    { $push: { haciendaConflicts: answer } },
    { session },
  );
  if (conflict.matchedCount === 1) return "conflict";
  return (await Receipt.exists({ organizationId, clave }).session(session ?? null)) ? "duplicate" : "missing";
}

/**
 * Applies one of the receipt's answers (the current one or a conflicting one), sets the others aside
 * and records who chose. False when there is no conflict any more or the receipt changed meanwhile.
 */
export async function chooseHaciendaAnswer(
  organizationId: string,
  id: string,
  chosenSha256: string,
  decidedBy: string,
  session?: ClientSession,
): Promise<boolean> {
  const _id = objectIdOrNull(id);
  if (!_id) return false;
  const receipt = await Receipt.findOne(
    { _id, organizationId },
    { hacienda: 1, haciendaConflicts: 1, month: 1 },
    { session },
  ).lean<Pick<ReceiptRecord, "hacienda" | "haciendaConflicts" | "month">>();
  const current = receipt?.hacienda;
  const conflicts = receipt?.haciendaConflicts ?? [];
  if (!current || conflicts.length === 0) return false;
  const answers = [current, ...conflicts];
  const chosen = answers.find((answer) => answer.xmlSha256 === chosenSha256);
  if (!chosen) return false;
  const result = await Receipt.updateOne(
    { _id, organizationId, "hacienda.xmlSha256": current.xmlSha256, haciendaConflicts: { $size: conflicts.length } },
    {
      $set: { hacienda: chosen, haciendaConflicts: [] },
      $push: {
        haciendaSuperseded: { $each: answers.filter((answer) => answer !== chosen) },
        haciendaDecisions: {
          chosenSha256,
          previousSha256: current.xmlSha256,
          decidedBy: new Types.ObjectId(decidedBy),
          decidedAt: new Date(),
        },
      },
    },
    { session },
  );
  if (result.modifiedCount !== 1) return false;
  await bumpBoardRevision([organizationId], session, new Map([[organizationId, [receipt!.month]]]));
  return true;
}

export async function organizationHasReceipts(organizationId: string): Promise<boolean> {
  return (await Receipt.exists({ organizationId })) !== null;
}

// ---------------------------------------------------------------------------------------------
// Month view and exports

export interface ReceiptListFilter {
  organizationId: string;
  direction: ReceiptDirection;
  month: string;
  /** Counterpart name (already normalised with `searchText`), cédula or consecutivo digits, or a clave. */
  search?: { text: string; digits: string };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function listQuery(filter: ReceiptListFilter): Record<string, unknown> {
  const query: Record<string, unknown> = {
    organizationId: filter.organizationId,
    direction: filter.direction,
    month: filter.month,
  };
  const search = filter.search;
  if (search && (search.text || search.digits)) {
    const alternatives: Record<string, unknown>[] = [];
    if (search.text) alternatives.push({ "counterpart.search": { $regex: escapeRegExp(search.text) } });
    if (search.digits) {
      alternatives.push({ "counterpart.numero": { $regex: escapeRegExp(search.digits) } });
      alternatives.push({ consecutivo: { $regex: escapeRegExp(search.digits) } });
      if (search.digits.length === 50) alternatives.push({ clave: search.digits });
    }
    query.$or = alternatives;
  }
  return query;
}

export async function countReceipts(filter: ReceiptListFilter): Promise<number> {
  return Receipt.countDocuments(listQuery(filter));
}

export async function listReceipts(
  filter: ReceiptListFilter,
  page: { skip: number; limit: number },
): Promise<ReceiptSummary[]> {
  return Receipt.find(listQuery(filter), LIST_PROJECTION)
    .sort({ fechaEmision: 1, consecutivo: 1, _id: 1 })
    .skip(page.skip)
    .limit(page.limit)
    .setOptions(EXACT)
    .lean<ReceiptSummary[]>();
}

/** Every receipt of the filter, in list order, without the XML (exports). */
export async function* iterateReceipts(filter: ReceiptListFilter): AsyncGenerator<ReceiptSummary> {
  const cursor = Receipt.find(listQuery(filter), LIST_PROJECTION)
    .sort({ fechaEmision: 1, consecutivo: 1, _id: 1 })
    .setOptions(EXACT)
    .lean<ReceiptSummary[]>()
    .cursor({ batchSize: 500 });
  for await (const receipt of cursor) yield receipt as ReceiptSummary;
}

/** The organization's receipts with these ids, as the month list reads them (ids not its own are left out). */
export async function findReceiptSummaries(organizationId: string, ids: readonly string[]): Promise<ReceiptSummary[]> {
  const valid = ids.filter((id) => Types.ObjectId.isValid(id)).map((id) => new Types.ObjectId(id));
  if (valid.length === 0) return [];
  return Receipt.find({ organizationId, _id: { $in: valid } }, LIST_PROJECTION)
    .setOptions(EXACT)
    .lean<ReceiptSummary[]>();
}

/** A month's totals in céntimos: the sum of each receipt's céntimos as its row shows them (decision 105). */
export type ReceiptTotals = CentimosTotals;

/** The fields the totals read: a receipt's amounts and whether it counts. */
const TOTALS_PROJECTION = { effect: 1, totals: 1, colones: 1, "hacienda.estado": 1 } as const;

/**
 * Totals over the whole filter (not one page). Each receipt is rounded to céntimos by the domain's
 * one rule and then added, so the totals equal the sum of the rows shown and exported; a database
 * $sum of the exact amounts would round only once and differ from the rows by a céntimo or two.
 */
export async function sumReceipts(filter: ReceiptListFilter): Promise<ReceiptTotals> {
  const cursor = Receipt.find(
    { ...listQuery(filter), effect: { $in: [1, -1] }, "hacienda.estado": { $ne: "rechazado" } },
    TOTALS_PROJECTION,
  )
    .setOptions(EXACT)
    .lean<Array<Pick<ReceiptRecord, "effect" | "totals" | "colones"> & { hacienda?: { estado?: string } }>>()
    .cursor({ batchSize: 1000 });
  let totals = emptyTotals();
  for await (const receipt of cursor) totals = addToTotals(totals, receipt);
  return totals;
}

/** The latest month before or after `month` that has receipts in that direction (for empty months). */
export async function nearestMonthWithReceipts(
  organizationId: string,
  direction: ReceiptDirection,
  month: string,
): Promise<string | null> {
  const [before, after] = await Promise.all([
    Receipt.findOne({ organizationId, direction, month: { $lt: month } }, { month: 1 })
      .sort({ month: -1 })
      .lean<{ month: string }>(),
    Receipt.findOne({ organizationId, direction, month: { $gt: month } }, { month: 1 })
      .sort({ month: 1 })
      .lean<{ month: string }>(),
  ]);
  return before?.month ?? after?.month ?? null;
}

// ---------------------------------------------------------------------------------------------
// One receipt

function objectIdOrNull(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}

/** Stored bytes as a Buffer, whichever form the driver hands back (Buffer or BSON Binary). */
function rawBytesOf(stored: unknown): Buffer {
  if (Buffer.isBuffer(stored)) return stored;
  const binary = stored as { value?: () => Uint8Array; buffer?: Uint8Array; position?: number };
  if (typeof binary.value === "function") return Buffer.from(binary.value());
  if (binary.buffer) return Buffer.from(binary.buffer.subarray(0, binary.position ?? binary.buffer.length));
  return Buffer.alloc(0);
}

/**
 * A stored document's exact bytes: gunzipped when stored compressed (XML never starts with gzip's
 * magic bytes), as they are for documents stored before compression.
 */
export function receiptXmlBytes(stored: unknown): Buffer {
  const bytes = rawBytesOf(stored);
  return isGzip(bytes) ? gunzipSync(bytes) : bytes;
}

const bytesOf = receiptXmlBytes;

/** The organization's receipt with everything stored, or null (unknown id, or another organization's). */
export async function findReceipt(organizationId: string, id: string): Promise<ReceiptRecord | null> {
  const _id = objectIdOrNull(id);
  if (!_id) return null;
  const receipt = await Receipt.findOne({ _id, organizationId }).setOptions(EXACT).lean<ReceiptRecord>();
  if (!receipt) return null;
  return {
    ...receipt,
    xml: bytesOf(receipt.xml),
    ...(receipt.hacienda ? { hacienda: { ...receipt.hacienda, xml: bytesOf(receipt.hacienda.xml) } } : {}),
  };
}

/** The organization a receipt belongs to (only its id is read), or null when there is no such receipt. */
export async function findReceiptOrganizationId(id: string): Promise<string | null> {
  const _id = objectIdOrNull(id);
  if (!_id) return null;
  const receipt = await Receipt.findOne({ _id }, { organizationId: 1 }).lean<{ organizationId: string }>();
  return receipt?.organizationId ?? null;
}

export function newReceiptId(): Types.ObjectId {
  return new Types.ObjectId();
}

/**
 * Stores the receptor's answer unless one is already stored; false when one was (by someone else
 * meanwhile, too).
 */
/** Whether the receipt already carries a receptor answer, read in the caller's transaction. */
export async function hasReceptorMessage(
  organizationId: string,
  id: string,
  session?: ClientSession,
): Promise<boolean> {
  const _id = objectIdOrNull(id);
  if (!_id) return false;
  return (
    (await Receipt.exists({ _id, organizationId, receptorMessage: { $exists: true } }).session(session ?? null)) !==
    null
  );
}

export async function setReceptorMessage(
  organizationId: string,
  id: string,
  message: Omit<ReceptorMessage, "recordedBy"> & { recordedBy: string },
  session?: ClientSession,
): Promise<boolean> {
  const _id = objectIdOrNull(id);
  if (!_id) return false;
  const answered = await Receipt.findOneAndUpdate(
    { _id, organizationId, direction: "received", receptorMessage: { $exists: false } },
    { $set: { receptorMessage: { ...message, recordedBy: new Types.ObjectId(message.recordedBy) } } },
    { session, projection: { month: 1 } },
  ).lean<{ month: string }>();
  if (!answered) return false;
  await bumpBoardRevision([organizationId], session, new Map([[organizationId, [answered.month]]]));
  return true;
}

// ---------------------------------------------------------------------------------------------
// Compact parsed form (decision 137)

/** The stored XML of these receipts of the organization (to rebuild their compact form). */
export async function findReceiptXmls(
  organizationId: string,
  ids: readonly Types.ObjectId[],
): Promise<Array<{ _id: Types.ObjectId; xml: Buffer }>> {
  const found: Array<{ _id: Types.ObjectId; xml: Buffer }> = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const chunk = ids.slice(start, start + IDS_PER_QUERY);
    const stored = await Receipt.find({ organizationId, _id: { $in: chunk } }, { xml: 1 }).lean<
      Array<{ _id: Types.ObjectId; xml: unknown }>
    >();
    found.push(...stored.map((receipt) => ({ _id: receipt._id, xml: bytesOf(receipt.xml) })));
  }
  return found;
}

/** Where a caller's receipts are: one month of the organization (and one direction of it). */
export interface ReceiptScope {
  month: string;
  direction?: ReceiptDirection;
}

// A long `$in` of ids is slow on the embedded database (seconds for 5 000): ask for ids in chunks,
// or, for a whole month, for the month.
const IDS_PER_QUERY = 100;

/**
 * The stored compact forms of these receipts of the organization (absent when never built). With a
 * scope holding them all and many ids, the scope is read instead of the ids.
 */
export async function findStoredCompactForms(
  organizationId: string,
  ids: readonly Types.ObjectId[],
  scope?: ReceiptScope,
): Promise<Array<{ _id: Types.ObjectId; parsed?: CompactReceipt }>> {
  type Stored = { _id: Types.ObjectId; parsed?: CompactReceipt };
  if (ids.length === 0) return [];
  if (scope && ids.length > IDS_PER_QUERY) {
    const wanted = new Set(ids.map(String));
    const found = await Receipt.find({ organizationId, ...scope }, { parsed: 1 })
      .setOptions(EXACT)
      .lean<Stored[]>();
    return found.filter((receipt) => wanted.has(String(receipt._id)));
  }
  const found: Stored[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const chunk = ids.slice(start, start + IDS_PER_QUERY);
    found.push(
      ...(await Receipt.find({ organizationId, _id: { $in: chunk } }, { parsed: 1 })
        .setOptions(EXACT)
        .lean<Stored[]>()),
    );
  }
  return found;
}

/** Stores rebuilt compact forms (one round trip). */
export async function saveCompactForms(forms: ReadonlyArray<{ _id: Types.ObjectId; parsed: CompactReceipt }>) {
  if (forms.length === 0) return;
  await Receipt.bulkWrite(
    forms.map((form) => ({ updateOne: { filter: { _id: form._id }, update: { $set: { parsed: form.parsed } } } })),
    { ordered: false },
  );
}

/** Receipts (of any organization) whose compact form is missing or older, after `afterId`, in id order. */
export async function receiptsWithStaleCompact(
  afterId: Types.ObjectId | null,
  limit: number,
): Promise<Array<{ _id: Types.ObjectId; organizationId: string; xml: Buffer }>> {
  const found = await Receipt.find(
    { "parsed.parsedVersion": { $ne: PARSED_VERSION }, ...(afterId ? { _id: { $gt: afterId } } : {}) },
    { organizationId: 1, xml: 1 },
  )
    .sort({ _id: 1 })
    .limit(limit)
    .lean<Array<{ _id: Types.ObjectId; organizationId: string; xml: unknown }>>();
  return found.map((receipt) => ({ ...receipt, xml: bytesOf(receipt.xml) }));
}

function seriesRange(prefix: string) {
  return { $gte: `${prefix}0000000000`, $lte: `${prefix}9999999999` };
}

/** The highest number the organization holds in the series whose consecutivos start with `prefix`; 0 when none. */
export async function highestIssuedNumber(
  organizationId: string,
  prefix: string,
  session?: ClientSession,
): Promise<number> {
  const found = await Receipt.findOne(
    { organizationId, issuedConsecutivo: seriesRange(prefix) },
    { issuedConsecutivo: 1 },
    { session },
  )
    .sort({ issuedConsecutivo: -1 })
    .lean<{ issuedConsecutivo: string }>();
  return found ? Number(found.issuedConsecutivo.slice(10)) : 0;
}

/** Every issued series the organization holds numbers in (its 10-digit prefix) with its highest number. */
export async function issuedSeriesHighs(organizationId: string): Promise<Map<string, number>> {
  const highs = new Map<string, number>();
  let after = "";
  // One step per series: the first number above the previous series, then that series' highest.
  for (let step = 0; step < 1000; step++) {
    const next = await Receipt.findOne(
      { organizationId, issuedConsecutivo: { $type: "string", $gt: after } },
      { issuedConsecutivo: 1 },
    )
      .sort({ issuedConsecutivo: 1 })
      .lean<{ issuedConsecutivo: string }>();
    if (!next) break;
    const prefix = next.issuedConsecutivo.slice(0, 10);
    highs.set(prefix, await highestIssuedNumber(organizationId, prefix));
    after = `${prefix}9999999999`;
  }
  return highs;
}

/** Which of these consecutivos an issued document of the organization already holds, with its clave. */
export async function findConsecutivoHolders(
  organizationId: string,
  consecutivos: string[],
): Promise<Map<string, string>> {
  if (consecutivos.length === 0) return new Map();
  const found = await Receipt.find(
    { organizationId, issuedConsecutivo: { $in: consecutivos } },
    { issuedConsecutivo: 1, clave: 1 },
  ).lean<Array<{ issuedConsecutivo: string; clave: string }>>();
  return new Map(found.map((receipt) => [receipt.issuedConsecutivo, receipt.clave]));
}

/**
 * Gives issued documents stored before `issuedConsecutivo` existed their number, oldest import first;
 * a later document with a number already held keeps the holder's clave instead. Returns how many got
 * each outcome. Safe to run again: it only reads documents that have neither field.
 */
export async function backfillIssuedConsecutivos(): Promise<{ held: number; repeated: number }> {
  const counts = { held: 0, repeated: 0 };
  const cursor = Receipt.find(
    { direction: "issued", issuedConsecutivo: { $exists: false }, consecutivoHeldBy: { $exists: false } },
    { organizationId: 1, consecutivo: 1 },
  )
    .sort({ importedAt: 1, _id: 1 })
    .lean<Array<{ _id: Types.ObjectId; organizationId: string; consecutivo: string }>>()
    .cursor();
  for await (const receipt of cursor) {
    try {
      await Receipt.updateOne({ _id: receipt._id }, { $set: { issuedConsecutivo: receipt.consecutivo } });
      counts.held++;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const holder = await findConsecutivoHolders(receipt.organizationId, [receipt.consecutivo]);
      await Receipt.updateOne(
        { _id: receipt._id },
        { $set: { consecutivoHeldBy: holder.get(receipt.consecutivo) ?? "" } },
      );
      counts.repeated++;
    }
  }
  return counts;
}
