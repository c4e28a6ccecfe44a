import mongoose, { Schema, type ClientSession } from "mongoose";
import { bumpBoardRevision } from "./board-month-summary";

/**
 * A month's declared IVA: what «Liquidar IVA del mes» recorded, written in the same transaction as its
 * entry, and each «Rectificar» as a new version. Amounts are céntimos as decimal text (exact).
 * `accounts` is the net effect on each account of the entries of all versions so far (debit positive),
 * so a rectification posts only the difference.
 */
export type VatDeclarationStatus = "vigente" | "rectificada" | "revertida";

export interface VatDeclarationRecord {
  organizationId: string;
  month: string;
  version: number;
  status: VatDeclarationStatus;
  totals: {
    debit: string;
    credit: string;
    previousCreditBalance: string;
    payable: string;
    creditBalance: string;
  };
  lines: { label: string; amount: string }[];
  accounts: { account: string; amount: string }[];
  receipts: { id: string; clave: string }[];
  entryId: string | null;
  entryNumber: string | null;
  /** Recorded afterwards from a settlement entry posted before declarations were kept (decision 239). */
  fromEntry?: boolean;
  by: string;
  at: Date;
  history: { at: Date; by: string; status: VatDeclarationStatus }[];
}

const vatDeclarationSchema = new Schema<VatDeclarationRecord>(
  {
    organizationId: { type: String, required: true },
    month: { type: String, required: true, match: /^\d{4}-\d{2}$/ },
    version: { type: Number, required: true, min: 1 },
    status: { type: String, required: true, enum: ["vigente", "rectificada", "revertida"] },
    totals: {
      debit: { type: String, required: true },
      credit: { type: String, required: true },
      previousCreditBalance: { type: String, required: true },
      payable: { type: String, required: true },
      creditBalance: { type: String, required: true },
    },
    lines: { type: [{ _id: false, label: String, amount: String }], default: [] },
    accounts: { type: [{ _id: false, account: String, amount: String }], default: [] },
    receipts: { type: [{ _id: false, id: String, clave: String }], default: [] },
    entryId: { type: String, default: null },
    entryNumber: { type: String, default: null },
    fromEntry: { type: Boolean, default: false },
    by: { type: String, required: true },
    at: { type: Date, required: true },
    history: { type: [{ _id: false, at: Date, by: String, status: String }], default: [] },
  },
  { collection: "vat_declarations", versionKey: false },
);

vatDeclarationSchema.index({ organizationId: 1, month: 1, version: 1 }, { unique: true });

export const VatDeclaration =
  (mongoose.models.VatDeclaration as mongoose.Model<VatDeclarationRecord> | undefined) ??
  mongoose.model<VatDeclarationRecord>("VatDeclaration", vatDeclarationSchema);

/** The month's standing declaration (the latest version not reverted), if any. */
export function currentDeclaration(organizationId: string, month: string, session?: ClientSession) {
  return VatDeclaration.findOne({ organizationId, month, status: "vigente" }, null, { session })
    .sort({ version: -1 })
    .lean<VatDeclarationRecord>();
}

export function declarationVersions(organizationId: string, month: string) {
  return VatDeclaration.find({ organizationId, month }, { lines: 0, receipts: 0, accounts: 0 })
    .sort({ version: -1 })
    .limit(50)
    .lean<VatDeclarationRecord[]>();
}

export async function nextDeclarationVersion(organizationId: string, month: string) {
  const last = await VatDeclaration.findOne({ organizationId, month }, { version: 1 })
    .sort({ version: -1 })
    .lean<{ version: number }>();
  return (last?.version ?? 0) + 1;
}

export async function insertDeclaration(record: VatDeclarationRecord, session: ClientSession) {
  await VatDeclaration.create([record], { session });
  // The board keeps the month's declaration state (decision 303).
  await bumpBoardRevision([record.organizationId], session, new Map([[record.organizationId, [record.month]]]));
}

export async function setDeclarationStatus(
  organizationId: string,
  month: string,
  version: number,
  status: VatDeclarationStatus,
  by: string,
  session: ClientSession,
) {
  await VatDeclaration.updateOne(
    { organizationId, month, version },
    { $set: { status }, $push: { history: { at: new Date(), by, status } } },
    { session },
  );
  await bumpBoardRevision([organizationId], session, new Map([[organizationId, [month]]]));
}

/** The standing declarations of one month for many organizations (the latest vigente version of each). */
export async function currentDeclarations(organizationIds: readonly string[], month: string) {
  if (organizationIds.length === 0) return new Map<string, VatDeclarationRecord>();
  const found = await VatDeclaration.find(
    { organizationId: { $in: [...organizationIds] }, month, status: "vigente" },
    { accounts: 0, history: 0 },
  )
    .sort({ version: 1 })
    .lean<VatDeclarationRecord[]>();
  // Ascending versions: the latest of each organization is the one kept.
  return new Map(found.map((declared) => [declared.organizationId, declared]));
}
