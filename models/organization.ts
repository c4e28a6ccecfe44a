import mongoose, { Schema, type ClientSession, type InferSchemaType } from "mongoose";
import { foldedPattern } from "../app/domain/text";
import { isDuplicateKeyError } from "./mongo-errors";

const organizationSchema = new Schema(
  {
    _id: { type: String, required: true, match: /^CR:\d{9,12}$/ },
    name: { type: String, required: true, trim: true, maxlength: 160 },
    commercialName: { type: String, trim: true, maxlength: 160 },
    identificationType: { type: String, enum: ["01", "02", "03", "04"], required: true },
    active: { type: Boolean, required: true, default: true },
    contactEmail: { type: String, trim: true, lowercase: true, maxlength: 160 },
    catalog: { type: Schema.Types.Mixed, default: () => ({}) },
    // Bumped on every catalog write, so two admins editing at once cannot overwrite each other.
    catalogRevision: { type: Number, default: 0 },
    activityCodes: { type: [String], default: [] },
    vatRegime: { type: String, enum: ["tradicional", "simplificado"], default: "tradicional" },
    taxpayerKind: { type: String, enum: ["persona-juridica", "persona-fisica"], default: "persona-juridica" },
    // The kind decides which income-tax table applies: who changed it, when, from what to what.
    taxpayerKindHistory: {
      type: [{ _id: false, at: Date, by: String, before: String, after: String }],
      default: [],
    },
    // The last closed day, `YYYY-MM-DD` (a Costa Rica calendar day, never an instant). Older documents
    // hold that day's UTC midnight as a Date: read either with `lockDayOf`.
    lockDate: { type: String, match: /^\d{4}-\d{2}-\d{2}$/ },
    // The admin who keeps the client's books (a user id); the practice board filters by it.
    responsibleUserId: { type: String, match: /^[0-9a-f]{24}$/ },
    // Who moved the lock date, when, from what to what: closing a period is an audited act.
    lockDateHistory: {
      type: [{ _id: false, at: Date, by: String, before: String, after: String, reason: String }],
      default: [],
    },
  },
  { timestamps: true, minimize: false, collection: "organizations" },
);

organizationSchema.index({ active: 1, name: 1 });

export type OrganizationDocument = InferSchemaType<typeof organizationSchema> & { _id: string };

export const Organization =
  (mongoose.models.Organization as mongoose.Model<OrganizationDocument> | undefined) ??
  mongoose.model<OrganizationDocument>("Organization", organizationSchema);

export interface OrganizationSeed {
  _id: string;
  name: string;
  identificationType: "01" | "02" | "03" | "04";
  active?: boolean;
  contactEmail?: string;
  commercialName?: string;
  taxpayerKind?: "persona-juridica" | "persona-fisica";
  vatRegime?: "tradicional" | "simplificado";
  activityCodes?: string[];
  catalog?: Record<string, { label?: string; disabled?: boolean }>;
}

/** Creates the organization when missing and leaves an existing one untouched (idempotent seeding). */
export async function ensureOrganization(seed: OrganizationSeed, session?: ClientSession): Promise<boolean> {
  const { _id, ...fields } = seed;
  const result = await Organization.updateOne(
    { _id },
    { $setOnInsert: { active: true, ...fields } },
    { upsert: true, session },
  );
  return result.upsertedCount > 0;
}

export async function listActiveOrganizations(ids?: string[]) {
  const filter = ids ? { active: true, _id: { $in: ids } } : { active: true };
  return Organization.find(filter).sort({ name: 1 }).lean();
}

export type VatRegime = "tradicional" | "simplificado";
export type TaxpayerKind = "persona-juridica" | "persona-fisica";

/** What an administrator may set on a client; `_id` and the catalog are changed by their own verbs. */
export interface OrganizationFields {
  name: string;
  identificationType: "01" | "02" | "03" | "04";
  commercialName?: string | null;
  contactEmail?: string | null;
  vatRegime: VatRegime;
  taxpayerKind: TaxpayerKind;
  activityCodes?: string[];
}

/** What the income tax of several organizations depends on besides their books, in one read. */
export async function taxInputsOf(
  ids: readonly string[],
): Promise<Map<string, { taxpayerKind: string | null; catalog: unknown }>> {
  const records = await Organization.find({ _id: { $in: [...ids] } }, { taxpayerKind: 1, catalog: 1 }).lean<
    Array<{ _id: string; taxpayerKind?: string | null; catalog?: unknown }>
  >();
  return new Map(
    records.map((record) => [record._id, { taxpayerKind: record.taxpayerKind ?? null, catalog: record.catalog ?? {} }]),
  );
}

export async function findOrganization(id: string) {
  return Organization.findById(id).lean<OrganizationDocument>();
}

/**
 * Active and inactive organizations, by name: all of them, or those with the given ids. `search`
 * matches the cédula or the name (either form) as typed, without regard to case.
 */
export async function listOrganizations(options: { ids?: string[]; search?: string } = {}) {
  const filter: Record<string, unknown> = {};
  if (options.ids) filter._id = { $in: options.ids };
  const search = options.search?.trim();
  if (search) {
    const pattern = new RegExp(foldedPattern(search));
    filter.$or = [{ _id: pattern }, { name: pattern }, { commercialName: pattern }];
  }
  return Organization.find(filter).sort({ name: 1 }).lean<OrganizationDocument[]>();
}

function withoutEmptyOptionals(fields: Partial<OrganizationFields>) {
  const set: Record<string, unknown> = {};
  const unset: Record<string, 1> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null || value === "") unset[key] = 1;
    else set[key] = value;
  }
  return { set, unset };
}

/** Creates an active organization; false when the id is already taken. */
export async function createOrganization(
  id: string,
  fields: OrganizationFields,
  session?: ClientSession,
): Promise<boolean> {
  const { set } = withoutEmptyOptionals(fields);
  try {
    await Organization.create([{ _id: id, active: true, catalog: {}, ...set }], { session });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** Sets the given fields; `null` or "" removes an optional one, `undefined` leaves it as it is. */
export async function updateOrganization(
  id: string,
  fields: Partial<OrganizationFields>,
  session?: ClientSession,
): Promise<boolean> {
  const { set, unset } = withoutEmptyOptionals(fields);
  const update: Record<string, unknown> = {};
  if (Object.keys(set).length > 0) update.$set = set;
  if (Object.keys(unset).length > 0) update.$unset = unset;
  if (Object.keys(update).length === 0)
    return (await Organization.exists({ _id: id }).session(session ?? null)) !== null;
  const result = await Organization.updateOne({ _id: id }, update, { runValidators: true, session });
  return result.matchedCount === 1;
}

/** Inactive organizations drop out of every organization list (docs/spec/access.md §3). */
export async function setOrganizationActive(id: string, active: boolean, session?: ClientSession): Promise<boolean> {
  const result = await Organization.updateOne({ _id: id }, { $set: { active } }, { session });
  return result.matchedCount === 1;
}

export interface CatalogState {
  catalog: unknown;
  revision: number;
}

export async function readCatalogOverrides(id: string): Promise<CatalogState | null> {
  const organization = await Organization.findById(id, { catalog: 1, catalogRevision: 1 }).lean<OrganizationDocument>();
  if (!organization) return null;
  return { catalog: organization.catalog ?? {}, revision: organization.catalogRevision ?? 0 };
}

/**
 * Replaces the catalog overrides if nobody else wrote them since `revision` was read; false when
 * someone did (read again and retry).
 */
export async function setCatalogOverrides(
  id: string,
  catalog: Record<string, unknown>,
  revision: number,
  session?: ClientSession,
): Promise<boolean> {
  const unchanged = revision === 0 ? { $in: [0, null] } : revision;
  const result = await Organization.updateOne(
    { _id: id, catalogRevision: unchanged },
    { $set: { catalog }, $inc: { catalogRevision: 1 } },
    { session },
  );
  return result.modifiedCount === 1;
}

/**
 * The stored lock day as `YYYY-MM-DD`, or null: the string as stored, or, in a document written before
 * lock dates were days, the UTC midnight Date that the day was stored as.
 */
export function lockDayOf(stored: unknown): string | null {
  if (typeof stored === "string") return /^\d{4}-\d{2}-\d{2}$/.test(stored) ? stored : null;
  if (stored instanceof Date && !Number.isNaN(stored.getTime())) return stored.toISOString().slice(0, 10);
  return null;
}

/**
 * Sets (or clears, with null) the day up to which the books are closed, recording who changed it,
 * when, and the days before and after. Days are `YYYY-MM-DD` (Costa Rica calendar days), stored as text.
 */
export async function setLockDate(
  id: string,
  lockDate: string | null,
  by: string,
  session?: ClientSession,
  /** Why it moved, when a feature moves it (year close, reopen). */
  reason?: string,
): Promise<boolean> {
  const organization = await Organization.findById(id, { lockDate: 1 }, { session }).lean<OrganizationDocument>();
  if (!organization) return false;
  const before = lockDayOf(organization.lockDate) ?? "";
  const after = lockDate ?? "";
  if (before === after) return true;
  const change = lockDate === null ? { $unset: { lockDate: 1 } } : { $set: { lockDate } };
  const result = await Organization.updateOne(
    { _id: id },
    { ...change, $push: { lockDateHistory: { at: new Date(), by, before, after, ...(reason ? { reason } : {}) } } },
    { runValidators: true, session },
  );
  return result.matchedCount === 1;
}

/** Sets the taxpayer kind, recording who changed it, when, and the kinds before and after. */
export async function setTaxpayerKind(
  id: string,
  taxpayerKind: TaxpayerKind,
  by: string,
  session?: ClientSession,
): Promise<boolean> {
  const organization = await Organization.findById(id, { taxpayerKind: 1 }, { session }).lean<OrganizationDocument>();
  if (!organization) return false;
  const before = organization.taxpayerKind ?? "persona-juridica";
  if (before === taxpayerKind) return true;
  const result = await Organization.updateOne(
    { _id: id },
    { $set: { taxpayerKind }, $push: { taxpayerKindHistory: { at: new Date(), by, before, after: taxpayerKind } } },
    { runValidators: true, session },
  );
  return result.matchedCount === 1;
}

/** Who keeps each organization's books (user id), for the given organizations that have one. */
export async function responsiblesOf(ids: readonly string[]): Promise<Map<string, string>> {
  const found = await Organization.find(
    { _id: { $in: [...ids] }, responsibleUserId: { $type: "string" } },
    { responsibleUserId: 1 },
  ).lean<Array<{ _id: string; responsibleUserId: string }>>();
  return new Map(found.map((organization) => [organization._id, organization.responsibleUserId]));
}

/** Sets (or, with null, clears) who keeps the organization's books. */
export async function setResponsible(id: string, userId: string | null): Promise<void> {
  await Organization.updateOne(
    { _id: id },
    userId === null ? { $unset: { responsibleUserId: 1 } } : { $set: { responsibleUserId: userId } },
    { runValidators: true },
  );
}

/** Clears the responsible of an organization when it is that user (who lost the admin role there). */
export async function clearResponsibleIf(id: string, userId: string): Promise<void> {
  await Organization.updateOne({ _id: id, responsibleUserId: userId }, { $unset: { responsibleUserId: 1 } });
}
