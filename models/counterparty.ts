import mongoose, { Schema, Types, type ClientSession } from "mongoose";

/**
 * A customer or supplier of one organization, one per identification number (cédula), made from the
 * receipts' emisor / receptor and edited by the accountant: payment term, default accounts, notes.
 * A later document with another name updates the name shown; it never makes a second record.
 * See docs/spec/open-items.md §1.
 */
export interface CounterpartyRecord {
  _id: Types.ObjectId;
  organizationId: string;
  /** The identification number; "" for documents without one (tiquetes to consumidores finales). */
  cedula: string;
  tipo?: string;
  nombre: string;
  correo?: string;
  /** The issue instant of the latest document its name and e-mail were read from. */
  seenAt: Date;
  paymentTermDays?: number;
  salesAccount?: string;
  purchaseAccount?: string;
  notes?: string;
  updatedBy?: string;
  updatedAt?: Date;
}

const counterpartySchema = new Schema<CounterpartyRecord>(
  {
    organizationId: { type: String, required: true },
    cedula: { type: String, default: "" },
    tipo: String,
    nombre: { type: String, required: true },
    correo: String,
    seenAt: { type: Date, required: true },
    paymentTermDays: Number,
    salesAccount: String,
    purchaseAccount: String,
    notes: String,
    updatedBy: String,
    updatedAt: Date,
  },
  { collection: "counterparties", versionKey: false },
);

counterpartySchema.index({ organizationId: 1, cedula: 1 }, { unique: true });

export const Counterparty =
  (mongoose.models.Counterparty as mongoose.Model<CounterpartyRecord> | undefined) ??
  mongoose.model<CounterpartyRecord>("Counterparty", counterpartySchema);

export interface SeenParty {
  cedula: string;
  tipo?: string;
  nombre: string;
  correo?: string;
  seenAt: Date;
}

/**
 * Creates the missing counterparties and refreshes name, type and e-mail from a newer document.
 * Returns the id of each cédula's record.
 */
export async function recordSeenParties(
  organizationId: string,
  parties: readonly SeenParty[],
): Promise<Map<string, Types.ObjectId>> {
  const latest = new Map<string, SeenParty>();
  for (const party of parties) {
    const known = latest.get(party.cedula);
    if (!known || known.seenAt <= party.seenAt) latest.set(party.cedula, party);
  }
  const operations = [...latest.values()].flatMap((party) => {
    const shown = {
      nombre: party.nombre,
      ...(party.tipo ? { tipo: party.tipo } : {}),
      ...(party.correo ? { correo: party.correo } : {}),
    };
    return [
      {
        updateOne: {
          filter: { organizationId, cedula: party.cedula },
          update: { $setOnInsert: { ...shown, seenAt: party.seenAt } },
          upsert: true,
        },
      },
      {
        updateOne: {
          filter: { organizationId, cedula: party.cedula, seenAt: { $lt: party.seenAt } },
          update: { $set: { ...shown, seenAt: party.seenAt } },
        },
      },
    ];
  });
  if (operations.length > 0) await Counterparty.bulkWrite(operations, { ordered: true });
  const stored = await Counterparty.find({ organizationId, cedula: { $in: [...latest.keys()] } }, { cedula: 1 }).lean<
    Array<{ _id: Types.ObjectId; cedula: string }>
  >();
  return new Map(stored.map((row) => [row.cedula, row._id]));
}

export function listCounterparties(
  organizationId: string,
  ids?: readonly Types.ObjectId[],
): Promise<CounterpartyRecord[]> {
  return Counterparty.find({ organizationId, ...(ids ? { _id: { $in: ids } } : {}) }).lean<CounterpartyRecord[]>();
}

/** The names the aging shows, of these counterparties. */
export async function counterpartyNames(
  organizationId: string,
  ids: readonly Types.ObjectId[],
): Promise<Array<Pick<CounterpartyRecord, "_id" | "cedula" | "nombre">>> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids.map(String));
  // A long $in list costs more than reading the organization's names once and keeping the wanted ones.
  const rows = await Counterparty.find(
    { organizationId, ...(ids.length > 200 ? {} : { _id: { $in: ids } }) },
    { cedula: 1, nombre: 1 },
  ).lean<Array<Pick<CounterpartyRecord, "_id" | "cedula" | "nombre">>>();
  return rows.filter((row) => wanted.has(String(row._id)));
}

export function findCounterparty(organizationId: string, id: string): Promise<CounterpartyRecord | null> {
  if (!Types.ObjectId.isValid(id) || String(new Types.ObjectId(id)) !== id) return Promise.resolve(null);
  return Counterparty.findOne({ organizationId, _id: new Types.ObjectId(id) }).lean<CounterpartyRecord>();
}

export type CounterpartySettings = Pick<
  CounterpartyRecord,
  "paymentTermDays" | "salesAccount" | "purchaseAccount" | "notes"
>;

/** Saves the fields given (the others stay); a field given empty is removed. */
export async function saveCounterpartySettings(
  organizationId: string,
  id: Types.ObjectId,
  settings: CounterpartySettings,
  by: string,
  session?: ClientSession,
): Promise<boolean> {
  const set: Record<string, unknown> = { updatedBy: by, updatedAt: new Date() };
  const unset: Record<string, ""> = {};
  for (const key of Object.keys(settings) as Array<keyof CounterpartySettings>) {
    if (settings[key] === undefined || settings[key] === "") unset[key] = "";
    else set[key] = settings[key];
  }
  const result = await Counterparty.updateOne({ organizationId, _id: id }, { $set: set, $unset: unset }, { session });
  return result.matchedCount === 1;
}

/** The organization's counterparties with these cédulas (inside the caller's transaction). */
export function counterpartiesByCedula(
  organizationId: string,
  cedulas: readonly string[],
  session: ClientSession,
): Promise<CounterpartyRecord[]> {
  return Counterparty.find({ organizationId, cedula: { $in: cedulas } }, null, { session }).lean<
    CounterpartyRecord[]
  >();
}

/** Creates counterparties known only from an import; their documents' names replace these later. */
export async function insertCounterparties(
  records: readonly Omit<CounterpartyRecord, "_id">[],
  session: ClientSession,
): Promise<Map<string, Types.ObjectId>> {
  if (records.length === 0) return new Map();
  const created = await Counterparty.insertMany(records, { session, ordered: true });
  return new Map(created.map((party) => [party.cedula, party._id]));
}

/** The sales and purchase accounts set on the organization's counterparties with these cédulas. */
export async function partyAccountsByCedula(
  organizationId: string,
  cedulas: readonly string[],
): Promise<Map<string, { sales?: string; purchase?: string }>> {
  const rows = await Counterparty.find(
    {
      organizationId,
      cedula: { $in: cedulas },
      $or: [{ salesAccount: { $exists: true } }, { purchaseAccount: { $exists: true } }],
    },
    { cedula: 1, salesAccount: 1, purchaseAccount: 1 },
  ).lean<Array<Pick<CounterpartyRecord, "cedula" | "salesAccount" | "purchaseAccount">>>();
  return new Map(
    rows.map((row) => [
      row.cedula,
      {
        ...(row.salesAccount ? { sales: row.salesAccount } : {}),
        ...(row.purchaseAccount ? { purchase: row.purchaseAccount } : {}),
      },
    ]),
  );
}
