import { Types } from "mongoose";
import {
  findRule,
  insertRule,
  listRules,
  nextRulePosition,
  setRulePosition,
  updateRule as updateRuleRecord,
  type ReceptionRuleRecord,
  type RuleChange,
} from "~models/reception-rule";
import { User } from "~models/user";
import { formatDateTime } from "~/domain/calendar";
import { indexCatalog, isSelectable, type CatalogNode } from "~/domain/catalog";
import { found, notFoundRefusal, refusal, refused, type Refusal, type Result } from "~/domain/refusal";
import type { RuleInput } from "~/domain/rules/form";
import type { ReceptionRule } from "~/domain/rules/types";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { withTransaction } from "~/utils/db.server";

export const RULE_NOT_FOUND = "Regla no encontrada";
export const RULE_CHANGED = "La regla cambió mientras se guardaba. Revise los datos y vuelva a intentarlo.";

/** Who changes a rule (the history records it). */
export interface RuleActor {
  userId: string;
}

export type RuleOutcome = { ok: true; id: string; changed: boolean } | { ok: false; refusals: Refusal[] };

function toRule(record: ReceptionRuleRecord): ReceptionRule {
  return {
    id: String(record._id),
    name: record.name,
    enabled: record.enabled,
    version: record.version,
    mode: record.mode,
    conditions: record.conditions.map(({ field, operator, value }) => ({ field, operator, value })),
    action: {
      scope: record.action.scope,
      account: record.action.account,
      ...(record.action.otherLinesAccount ? { otherLinesAccount: record.action.otherLinesAccount } : {}),
      ivaTreatment: record.action.ivaTreatment,
      ...(record.action.payableAccount ? { payableAccount: record.action.payableAccount } : {}),
      post: record.action.post,
      ...(record.action.autoAnswer ? { autoAnswer: record.action.autoAnswer } : {}),
    },
  };
}

/** The organization's rules in evaluation order (disabled ones included: the evaluator skips them). */
export async function loadRules(organizationId: string): Promise<ReceptionRule[]> {
  return (await listRules(organizationId)).map(toRule);
}

const RULE_REFUSED = refused(notFoundRefusal(RULE_NOT_FOUND));

/** One rule of the organization; another organization's (or an unknown id) is refused as not found. */
export async function getRule(organizationId: string, id: string): Promise<Result<ReceptionRule>> {
  const record = await findRule(organizationId, id);
  return record ? found(toRule(record)) : RULE_REFUSED;
}

const ACCOUNT_FIELDS = [
  ["account", "action.account"],
  ["otherLinesAccount", "action.otherLinesAccount"],
  ["payableAccount", "action.payableAccount"],
] as const;

function accountProblem(index: ReadonlyMap<string, CatalogNode>, code: string): string | null {
  const node = index.get(code);
  if (!node) return `La cuenta ${code} no existe en el catálogo de este cliente.`;
  if (node.disabled) return `La cuenta ${code} está deshabilitada; elija otra.`;
  if (!isSelectable(node)) return `La cuenta ${code} agrupa otras cuentas; elija una cuenta de detalle.`;
  return null;
}

/** The rule's accounts must be selectable leaves of the organization's merged catalog. */
export async function checkRuleAccounts(organizationId: string, input: RuleInput): Promise<Refusal[]> {
  const index = indexCatalog((await loadCatalog(organizationId)).tree);
  const refusals: Refusal[] = [];
  for (const [field] of ACCOUNT_FIELDS) {
    const code = input.action[field];
    if (!code) continue;
    const problem = accountProblem(index, code);
    if (problem) refusals.push(refusal(problem, field));
  }
  return refusals;
}

function history(change: RuleChange, actor: RuleActor, at: Date) {
  return { change, by: new Types.ObjectId(actor.userId), at };
}

function contentOf(rule: RuleInput): RuleInput {
  return { name: rule.name, mode: rule.mode, conditions: rule.conditions, action: rule.action };
}

function sameContent(a: RuleInput, b: RuleInput): boolean {
  return JSON.stringify(contentOf(a)) === JSON.stringify(contentOf(b));
}

export async function createRule(organizationId: string, actor: RuleActor, input: RuleInput): Promise<RuleOutcome> {
  const refusals = await checkRuleAccounts(organizationId, input);
  if (refusals.length > 0) return { ok: false, refusals };
  const at = new Date();
  const id = await withTransaction(async (session) =>
    insertRule(
      {
        organizationId,
        position: await nextRulePosition(organizationId, session),
        enabled: true,
        version: 1,
        ...contentOf(input),
        history: [{ ...history("create", actor, at), version: 1, snapshot: contentOf(input) }],
        createdAt: at,
        updatedAt: at,
      },
      session,
    ),
  );
  return { ok: true, id: String(id), changed: true };
}

/** Saves the rule's new content; the version goes up only when something changed. */
export async function updateRule(
  organizationId: string,
  actor: RuleActor,
  id: string,
  input: RuleInput,
): Promise<RuleOutcome> {
  const current = await findRule(organizationId, id);
  if (!current) return RULE_REFUSED;
  const refusals = await checkRuleAccounts(organizationId, input);
  if (refusals.length > 0) return { ok: false, refusals };
  if (sameContent(toRule(current), input)) return { ok: true, id, changed: false };
  const at = new Date();
  const saved = await updateRuleRecord(
    organizationId,
    current._id,
    current.version,
    { ...contentOf(input), updatedAt: at },
    { ...history("update", actor, at), snapshot: contentOf(input) },
    { bumpVersion: true },
  );
  return saved ? { ok: true, id, changed: true } : { ok: false, refusals: [refusal(RULE_CHANGED)] };
}

/** Enabling or disabling is recorded but does not change what the rule decides: same version. */
export async function setRuleEnabled(
  organizationId: string,
  actor: RuleActor,
  id: string,
  enabled: boolean,
): Promise<Result<boolean>> {
  const current = await findRule(organizationId, id);
  if (!current) return RULE_REFUSED;
  if (current.enabled === enabled) return found(false);
  const at = new Date();
  const changed = await updateRuleRecord(
    organizationId,
    current._id,
    current.version,
    { enabled, updatedAt: at },
    history(enabled ? "enable" : "disable", actor, at),
    { bumpVersion: false },
  );
  return found(changed);
}

/** Deleting keeps the rule (entries booked by it name it) but takes it out of the list and the evaluation. */
export async function deleteRule(organizationId: string, actor: RuleActor, id: string): Promise<Result<ReceptionRule>> {
  const current = await findRule(organizationId, id);
  if (!current) return RULE_REFUSED;
  const at = new Date();
  await updateRuleRecord(
    organizationId,
    current._id,
    current.version,
    { deletedAt: at, updatedAt: at },
    history("delete", actor, at),
    { bumpVersion: false },
  );
  return found(toRule(current));
}

/** Swaps the rule with its neighbour above or below; false when it is already first or last. */
export async function moveRule(
  organizationId: string,
  actor: RuleActor,
  id: string,
  direction: "up" | "down",
): Promise<Result<boolean>> {
  return withTransaction(async (session): Promise<Result<boolean>> => {
    const rules = await listRules(organizationId, session);
    const index = rules.findIndex((rule) => String(rule._id) === id);
    if (index < 0) return RULE_REFUSED;
    const otherIndex = direction === "up" ? index - 1 : index + 1;
    if (otherIndex < 0 || otherIndex >= rules.length) return found(false);
    const moved = new Set([index, otherIndex]);
    [rules[index], rules[otherIndex]] = [rules[otherIndex], rules[index]];
    const at = new Date();
    // Positions are renumbered 1…n, so rules stored with the same position get distinct ones.
    for (const [position, rule] of rules.entries()) {
      const swapped = moved.has(position);
      if (!swapped && rule.position === position + 1) continue;
      const item = swapped ? { ...history("move", actor, at), version: rule.version } : null;
      await setRulePosition(organizationId, rule._id, position + 1, item, session);
    }
    return found(true);
  });
}

export interface RuleHistoryRow {
  at: string;
  change: RuleChange;
  version: number;
  by: string;
}

/** The rule's audit trail, newest first, with who made each change. */
export async function ruleHistory(organizationId: string, id: string): Promise<Result<RuleHistoryRow[]>> {
  const record = await findRule(organizationId, id);
  if (!record) return RULE_REFUSED;
  const ids = [...new Set(record.history.map((item) => String(item.by)))];
  const users = await User.find({ _id: { $in: ids } }, { email: 1 }).lean<
    Array<{ _id: Types.ObjectId; email: string }>
  >();
  const emails = new Map(users.map((user) => [String(user._id), user.email]));
  return found(
    [...record.history].reverse().map((item) => ({
      at: formatDateTime(item.at),
      change: item.change,
      version: item.version,
      by: emails.get(String(item.by)) ?? "—",
    })),
  );
}
