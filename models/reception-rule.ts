import mongoose, { Schema, Types, type ClientSession } from "mongoose";
import type { ReceptionRule, RuleAction, RuleCondition } from "../app/domain/rules/types";

/**
 * An organization's reception rule (issue 13), evaluated in `position` order. A booked entry records
 * the rule's id and version, so a rule is never removed: deleting marks it `deletedAt`, and every
 * version's content stays in `history` (who, when, what) — the rule's audit trail.
 */
export type RuleChange = "create" | "update" | "enable" | "disable" | "move" | "delete";

export interface RuleHistoryItem {
  change: RuleChange;
  version: number;
  by: Types.ObjectId;
  at: Date;
  /** The rule's content after a create or update. */
  snapshot?: Pick<ReceptionRule, "name" | "mode" | "conditions" | "action">;
}

export interface ReceptionRuleRecord {
  _id: Types.ObjectId;
  organizationId: string;
  position: number;
  name: string;
  enabled: boolean;
  version: number;
  mode: "all" | "any";
  conditions: RuleCondition[];
  action: RuleAction;
  history: RuleHistoryItem[];
  createdAt: Date;
  updatedAt: Date;
  deletedAt?: Date;
}

const conditionSchema = new Schema<RuleCondition>(
  {
    field: { type: String, required: true },
    operator: { type: String, required: true },
    value: { type: String, required: true },
  },
  { _id: false },
);

const actionDefinition = {
  scope: { type: String, enum: ["document", "lines"], required: true },
  account: { type: String, required: true },
  otherLinesAccount: String,
  ivaTreatment: { type: String, enum: ["acreditable", "no-acreditable", "proporcional"], required: true },
  payableAccount: String,
  post: { type: Boolean, required: true },
  autoAnswer: String,
};

const receptionRuleSchema = new Schema<ReceptionRuleRecord>(
  {
    organizationId: { type: String, required: true },
    position: { type: Number, required: true },
    name: { type: String, required: true },
    enabled: { type: Boolean, required: true },
    version: { type: Number, required: true },
    mode: { type: String, enum: ["all", "any"], required: true },
    conditions: { type: [conditionSchema], default: [] },
    action: { type: new Schema(actionDefinition, { _id: false }), required: true },
    history: {
      type: [
        new Schema<RuleHistoryItem>(
          {
            change: { type: String, required: true },
            version: { type: Number, required: true },
            by: { type: Schema.Types.ObjectId, required: true, ref: "User" },
            at: { type: Date, required: true },
            snapshot: Schema.Types.Mixed,
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    deletedAt: Date,
  },
  { collection: "receptionRules", versionKey: false },
);

receptionRuleSchema.index({ organizationId: 1, deletedAt: 1, position: 1 });

export const ReceptionRuleModel =
  (mongoose.models.ReceptionRule as mongoose.Model<ReceptionRuleRecord> | undefined) ??
  mongoose.model<ReceptionRuleRecord>("ReceptionRule", receptionRuleSchema);

function objectIdOrNull(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}

const LIVE = { deletedAt: { $exists: false } } as const;

/** The organization's rules (not deleted) in evaluation order, without their history. */
export async function listRules(organizationId: string, session?: ClientSession): Promise<ReceptionRuleRecord[]> {
  return ReceptionRuleModel.find({ organizationId, ...LIVE }, { history: 0 }, { session })
    .sort({ position: 1, _id: 1 })
    .lean<ReceptionRuleRecord[]>();
}

/** One rule of the organization (not deleted), history included, or null (unknown id, other organization). */
export async function findRule(
  organizationId: string,
  id: string,
  session?: ClientSession,
): Promise<ReceptionRuleRecord | null> {
  const _id = objectIdOrNull(id);
  if (!_id) return null;
  return ReceptionRuleModel.findOne({ _id, organizationId, ...LIVE }, null, { session }).lean<ReceptionRuleRecord>();
}

/** The next free position at the end of the list. */
export async function nextRulePosition(organizationId: string, session?: ClientSession): Promise<number> {
  const last = await ReceptionRuleModel.findOne({ organizationId, ...LIVE }, { position: 1 }, { session })
    .sort({ position: -1 })
    .lean<{ position: number }>();
  return (last?.position ?? 0) + 1;
}

export async function insertRule(
  record: Omit<ReceptionRuleRecord, "_id">,
  session?: ClientSession,
): Promise<Types.ObjectId> {
  const [created] = await ReceptionRuleModel.create([record], { session });
  return created._id;
}

/**
 * Applies `set` to the rule when it still has `version` (another admin's change meanwhile wins and
 * this one reports false), bumping the version when asked and appending the history item.
 */
export async function updateRule(
  organizationId: string,
  id: Types.ObjectId,
  version: number,
  set: Partial<Omit<ReceptionRuleRecord, "_id" | "organizationId" | "history" | "version">>,
  history: Omit<RuleHistoryItem, "version">,
  options: { bumpVersion: boolean; session?: ClientSession },
): Promise<boolean> {
  const { session } = options;
  const nextVersion = options.bumpVersion ? version + 1 : version;
  const result = await ReceptionRuleModel.updateOne(
    { _id: id, organizationId, version, ...LIVE },
    { $set: { ...set, version: nextVersion }, $push: { history: { ...history, version: nextVersion } } },
    { session },
  );
  return result.modifiedCount === 1;
}

/** Sets a rule's position (reordering renumbers the list inside one transaction); `history` when it moved on purpose. */
export async function setRulePosition(
  organizationId: string,
  id: Types.ObjectId,
  position: number,
  history: RuleHistoryItem | null,
  session?: ClientSession,
): Promise<void> {
  await ReceptionRuleModel.updateOne(
    { _id: id, organizationId, ...LIVE },
    history ? { $set: { position, updatedAt: history.at }, $push: { history } } : { $set: { position } },
    { session },
  );
}

/** Whether the organization ever had a rule (deleted ones count: the demo seed leaves a client's choices alone). */
export async function organizationHasRules(organizationId: string): Promise<boolean> {
  return (await ReceptionRuleModel.exists({ organizationId })) !== null;
}
