import mongoose, { Schema, Types, type ClientSession } from "mongoose";
import { AMOUNT_KINDS, type AmountKind, type TemplateSide } from "../app/domain/templates/types";
import { isDuplicateKeyError } from "./mongo-errors";

/**
 * An organization's entry templates (plantillas para asientos). Amounts are céntimos as BSON Long
 * (mongoose BigInt), rates whole ten-thousandths of a percent: nothing here is a float. A template is
 * never removed: deleting marks it, so the history of who created, changed and deleted it stays.
 * `nameKey` is the folded name while the template is live and a unique tombstone once deleted, so the
 * unique index keeps live names unique per organization without a partial index.
 */
export interface EntryTemplateLineRecord {
  account: string;
  description: string;
  side: TemplateSide;
  kind: AmountKind;
  amount: bigint | null;
  rate: number | null;
}

export interface EntryTemplateChange {
  at: Date;
  by: string;
  action: "creada" | "modificada" | "eliminada";
}

export interface EntryTemplateRecord {
  _id: Types.ObjectId;
  organizationId: string;
  name: string;
  nameKey: string;
  description: string;
  lines: EntryTemplateLineRecord[];
  deleted: boolean;
  history: EntryTemplateChange[];
  createdAt: Date;
  updatedAt: Date;
}

const lineSchema = new Schema<EntryTemplateLineRecord>(
  {
    account: { type: String, required: true },
    description: { type: String, default: "" },
    side: { type: String, enum: ["debito", "credito"], required: true },
    kind: { type: String, enum: AMOUNT_KINDS, required: true },
    amount: { type: BigInt, default: null },
    rate: { type: Number, default: null },
  },
  { _id: false },
);

const entryTemplateSchema = new Schema<EntryTemplateRecord>(
  {
    organizationId: { type: String, required: true },
    name: { type: String, required: true, trim: true, maxlength: 80 },
    nameKey: { type: String, required: true },
    description: { type: String, required: true, maxlength: 300 },
    lines: { type: [lineSchema], default: [] },
    deleted: { type: Boolean, default: false },
    history: { type: [{ _id: false, at: Date, by: String, action: String }], default: [] },
  },
  { timestamps: true, collection: "entrytemplates" },
);

entryTemplateSchema.index({ organizationId: 1, nameKey: 1 }, { unique: true });

export const EntryTemplate =
  (mongoose.models.EntryTemplate as mongoose.Model<EntryTemplateRecord> | undefined) ??
  mongoose.model<EntryTemplateRecord>("EntryTemplate", entryTemplateSchema);

export interface EntryTemplateFields {
  name: string;
  nameKey: string;
  description: string;
  lines: EntryTemplateLineRecord[];
}

function validId(id: string): boolean {
  return Types.ObjectId.isValid(id) && String(new Types.ObjectId(id)) === id;
}

export async function listEntryTemplates(organizationId: string) {
  return EntryTemplate.find({ organizationId, deleted: false }).sort({ nameKey: 1 }).lean<EntryTemplateRecord[]>();
}

/** The organization's live template, or null (another organization's, deleted, or a malformed id). */
export async function findEntryTemplate(organizationId: string, id: string) {
  if (!validId(id)) return null;
  return EntryTemplate.findOne({ _id: id, organizationId, deleted: false }).lean<EntryTemplateRecord>();
}

/** The new template's id, or "duplicate" when the organization already has a live one with that name. */
export async function insertEntryTemplate(
  organizationId: string,
  fields: EntryTemplateFields,
  by: string,
  session?: ClientSession,
): Promise<string | "duplicate"> {
  try {
    const [created] = await EntryTemplate.create(
      [{ organizationId, ...fields, deleted: false, history: [{ at: new Date(), by, action: "creada" }] }],
      { session },
    );
    return String(created._id);
  } catch (error) {
    if (isDuplicateKeyError(error)) return "duplicate";
    throw error;
  }
}

/** "ok", "missing" (not the organization's live template) or "duplicate" (the name is taken). */
export async function replaceEntryTemplate(
  organizationId: string,
  id: string,
  fields: EntryTemplateFields,
  by: string,
  session?: ClientSession,
): Promise<"ok" | "missing" | "duplicate"> {
  if (!validId(id)) return "missing";
  try {
    const result = await EntryTemplate.updateOne(
      { _id: id, organizationId, deleted: false },
      { $set: fields, $push: { history: { at: new Date(), by, action: "modificada" } } },
      { session },
    );
    return result.matchedCount === 1 ? "ok" : "missing";
  } catch (error) {
    if (isDuplicateKeyError(error)) return "duplicate";
    throw error;
  }
}

/** Marks the template deleted (its name free again); false when it is not the organization's live template. */
export async function markEntryTemplateDeleted(
  organizationId: string,
  id: string,
  by: string,
  session?: ClientSession,
): Promise<boolean> {
  if (!validId(id)) return false;
  const result = await EntryTemplate.updateOne(
    { _id: id, organizationId, deleted: false },
    {
      $set: { deleted: true, nameKey: `eliminada:${id}` },
      $push: { history: { at: new Date(), by, action: "eliminada" } },
    },
    { session },
  );
  return result.matchedCount === 1;
}
