/**
 * Bank rules of an organization and its accounts (docs/spec/bank.md §6): kept here, matched by the pure
 * app/domain/bank/rules.ts, and applied to an account's pending lines — each line booked through the
 * ledger service and reconciled with that entry in one transaction.
 */
import { Types } from "mongoose";
import { found, notFoundRefusal, refused, type Refused, type Result } from "~/domain/refusal";
import { isSelectable } from "~/domain/catalog";
import { cents } from "~/domain/money";
import {
  MAX_BANK_RULES,
  bankRuleView,
  ruleEntry,
  ruleFor,
  type BankRule,
  type BankRuleForm,
  type BankRuleView,
  type RuleDollars,
} from "~/domain/bank/rules";
import { formatCalendarDate, type CalendarDate } from "~/domain/calendar";
import { rateOfDay } from "~/services/exchange-rates/rates.server";
import { loadLedgerContext } from "~/services/ledger/context.server";
import { moneyOf, type BankAccountView } from "~/domain/bank/view";
import { postOnce } from "~/services/ledger/ledger.server";
import type { BankAccountRecord } from "~models/bank-account";
import { insertBankMatch } from "~models/bank-match";
import {
  countBankRules,
  deleteBankRule,
  insertBankRule,
  rulesOfBankAccount,
  updateBankRule,
  type BankRuleRecord,
} from "~models/bank-rule";
import { bankLinesInState } from "~models/bank-statement-line";
import { completedOn, LinesChanged, LockedMonth, markMatched, refuseLockedMonths } from "./match-state.server";
import { catalogIndex, toBankAccountView } from "./accounts.server";
import { matchingData } from "./matching.server";
import { closedMonthsOf } from "./month-close.server";

export const RULE_MESSAGES = {
  notFound: "Regla no encontrada.",
  tooMany: `La organización ya tiene ${MAX_BANK_RULES} reglas bancarias: elimine alguna antes de agregar otra.`,
  account: "Elija una cuenta contable de detalle del catálogo (sin subcuentas ni deshabilitada).",
  bankAccount: "La cuenta contable de la regla no puede ser la de la propia cuenta bancaria.",
  alreadyBooked: "Ese movimiento ya tiene su asiento.",
  noRate: (date: CalendarDate) =>
    `no hay tipo de cambio conocido para el ${formatCalendarDate(date)}: ingréselo en Tipo de cambio.`,
} as const;

/** Lines one «Aplicar reglas» books at most; another click books the next ones. */
export const MAX_RULE_LINES_PER_RUN = 500;

export type RuleOutcome = { ok: true; message: string } | Refused;

function toRule(record: BankRuleRecord): BankRule {
  return {
    id: String(record._id),
    bankAccountId: record.bankAccountId ? String(record.bankAccountId) : null,
    name: record.name,
    contains: record.contains,
    minAmount: record.minAmount === null ? null : cents(record.minAmount),
    maxAmount: record.maxAmount === null ? null : cents(record.maxAmount),
    sign: record.sign,
    account: record.account,
    description: record.description,
  };
}

export async function rulesOf(account: BankAccountRecord): Promise<BankRule[]> {
  return (await rulesOfBankAccount(account.organizationId, account._id)).map(toRule);
}

async function accountRefusal(account: BankAccountRecord, form: BankRuleForm): Promise<Refused | null> {
  if (form.account === account.ledgerAccount) return refused({ field: "account", message: RULE_MESSAGES.bankAccount });
  const node = (await catalogIndex(account.organizationId)).get(form.account);
  return node && isSelectable(node) ? null : refused({ field: "account", message: RULE_MESSAGES.account });
}

function fieldsOf(form: BankRuleForm) {
  return {
    bankAccountId: form.bankAccountId ? new Types.ObjectId(form.bankAccountId) : null,
    name: form.name,
    contains: form.contains,
    minAmount: form.minAmount,
    maxAmount: form.maxAmount,
    sign: form.sign,
    account: form.account,
    description: form.description,
  };
}

export async function createRule(account: BankAccountRecord, userId: string, form: BankRuleForm): Promise<RuleOutcome> {
  const refusal = await accountRefusal(account, form);
  if (refusal) return refusal;
  if ((await countBankRules(account.organizationId)) >= MAX_BANK_RULES)
    return refused({ message: RULE_MESSAGES.tooMany, kind: "conflict" });
  await insertBankRule({
    organizationId: account.organizationId,
    ...fieldsOf(form),
    createdBy: userId,
    createdAt: new Date(),
  });
  return { ok: true, message: "Regla guardada." };
}

export async function updateRule(
  account: BankAccountRecord,
  userId: string,
  ruleId: string,
  form: BankRuleForm,
): Promise<RuleOutcome> {
  if (!Types.ObjectId.isValid(ruleId)) return refused(notFoundRefusal(RULE_MESSAGES.notFound));
  const refusal = await accountRefusal(account, form);
  if (refusal) return refusal;
  const updated = await updateBankRule(account.organizationId, account._id, new Types.ObjectId(ruleId), {
    ...fieldsOf(form),
    updatedBy: userId,
    updatedAt: new Date(),
  });
  return updated ? { ok: true, message: "Regla actualizada." } : refused(notFoundRefusal(RULE_MESSAGES.notFound));
}

export async function deleteRule(account: BankAccountRecord, ruleId: string): Promise<RuleOutcome> {
  if (!Types.ObjectId.isValid(ruleId)) return refused(notFoundRefusal(RULE_MESSAGES.notFound));
  const deleted = await deleteBankRule(account.organizationId, account._id, new Types.ObjectId(ruleId));
  // The entries it booked stay: each is undone from its line.
  return deleted ? { ok: true, message: "Regla eliminada." } : refused(notFoundRefusal(RULE_MESSAGES.notFound));
}

export async function ruleOf(account: BankAccountRecord, ruleId: string): Promise<Result<BankRule>> {
  const rule = (await rulesOf(account)).find((candidate) => candidate.id === ruleId);
  return rule ? found(rule) : refused(notFoundRefusal(RULE_MESSAGES.notFound));
}

/** The rate of each day a dollar account's lines need (asked once per day), with the accounts kept in dollars. */
async function dollarRatesFor(organizationId: string): Promise<(date: CalendarDate) => Promise<RuleDollars | null>> {
  const context = await loadLedgerContext(organizationId);
  const inDollars = new Set(
    [...(context?.accounts.values() ?? [])].filter((node) => node.currency === "USD").map((node) => node.key),
  );
  const rates = new Map<string, RuleDollars | null>();
  return async (date) => {
    if (!rates.has(date)) {
      const sell = (await rateOfDay(date)).rate?.sell;
      rates.set(date, sell === undefined ? null : { rate: sell, inDollars });
    }
    return rates.get(date)!;
  };
}

/**
 * «Aplicar reglas»: each pending line a rule takes — and that the books or the open items do not
 * already explain (a proposal for it) — is booked by the ledger service and reconciled with its entry,
 * in one transaction per line. A line another request changed meanwhile is left as it is.
 */
export async function applyRules(account: BankAccountRecord, userId: string): Promise<RuleOutcome> {
  const rules = await rulesOf(account);
  if (rules.length === 0) return refused({ message: "Esta cuenta no tiene reglas bancarias." });
  const [pending, matching] = await Promise.all([
    bankLinesInState(account.organizationId, account._id, "pendiente", MAX_RULE_LINES_PER_RUN),
    matchingData(account),
  ]);
  const proposed = new Set(matching.proposals.flatMap((proposal) => proposal.bankLineIds));
  const closed = await closedMonthsOf(account);
  const dollarsOf = account.currency === "USD" ? await dollarRatesFor(account.organizationId) : null;
  let booked = 0;
  const problems: string[] = [];
  for (const line of pending) {
    if (proposed.has(String(line._id)) || closed.has(line.date.slice(0, 7))) continue;
    const rule = ruleFor(rules, line);
    if (!rule) continue;
    const dollars = dollarsOf ? await dollarsOf(line.date as CalendarDate) : undefined;
    if (dollars === null) {
      problems.push(`${line.description || line.reference}: ${RULE_MESSAGES.noRate(line.date as CalendarDate)}`);
      continue;
    }
    try {
      const outcome = await postOnce(
        account.organizationId,
        ruleEntry(rule, line, account.ledgerAccount, dollars),
        { by: userId },
        { kind: "banco", id: String(line._id) },
        RULE_MESSAGES.alreadyBooked,
        async (entry, session) => {
          await refuseLockedMonths(account, { days: [line.date] }, session);
          // The rule's entry is dated on the line's day: the match is complete that day.
          const match = {
            bankLineIds: [line._id],
            postedLines: [{ entryId: entry._id, line: 0 }],
            reconciledAt: completedOn([line.date, entry.date]),
          };
          await insertBankMatch(
            {
              organizationId: account.organizationId,
              bankAccountId: account._id,
              ...match,
              amount: line.amount,
              ruleEntryId: entry._id,
              ruleId: new Types.ObjectId(rule.id),
              acceptedBy: userId,
              acceptedAt: new Date(),
            },
            session,
          );
          await markMatched(account, [match], session);
        },
      );
      if (outcome.ok) booked += 1;
      else problems.push(`${line.description || line.reference}: ${outcome.refusals[0].message}`);
    } catch (error) {
      // A line changed or its month closed meanwhile: it is left as it is.
      if (!(error instanceof LinesChanged) && !(error instanceof LockedMonth)) throw error;
    }
  }
  if (booked === 0 && problems.length === 0)
    return { ok: true, message: "Ningún movimiento pendiente coincide con las reglas." };
  const done =
    booked === 1 ? "Se registró 1 movimiento con las reglas." : `Se registraron ${booked} movimientos con las reglas.`;
  if (problems.length === 0) return { ok: true, message: done };
  const rest = problems.length > 1 ? ` (y ${problems.length - 1} más)` : "";
  if (booked === 0) return refused({ message: `No se registró ningún movimiento. ${problems[0]}${rest}` });
  return { ok: true, message: `${done} No se registraron: ${problems[0]}${rest}` };
}

export interface BankRulesPage {
  account: BankAccountView;
  rules: BankRuleView[];
  accountOptions: Array<{ value: string; label: string }>;
  /** The rule whose form is open for editing (`?edit=`), if any. */
  editing: BankRuleView | null;
  limit: number;
}

export async function bankRulesPage(account: BankAccountRecord, editId: string | null): Promise<BankRulesPage> {
  const [rules, index] = await Promise.all([rulesOf(account), catalogIndex(account.organizationId)]);
  const labelOf = (code: string) => `${code} ${index.get(code)?.label ?? ""}`.trim();
  const views = rules.map((rule) =>
    bankRuleView(rule, labelOf(rule.account), (value) => moneyOf(value, account.currency)),
  );
  const accountOptions = [...index.values()]
    .filter((node) => isSelectable(node) && node.key !== account.ledgerAccount)
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((node) => ({ value: node.key, label: `${node.key} ${node.label}` }));
  return {
    account: toBankAccountView(account, index),
    rules: views,
    accountOptions,
    editing: views.find((view) => view.id === editId) ?? null,
    limit: MAX_BANK_RULES,
  };
}
