/**
 * Bank rules (docs/spec/bank.md §6): the recurring movements the bank makes on its own — its commissions,
 * interest, SINPE Móvil charges, the CCSS payroll debit — booked to a chosen account with the bank
 * account as counterpart. A rule has conditions on the movement's text (plain words, no patterns), on its
 * amount and on its sign; the form, the matcher and the entry's lines are here, pure.
 */
import { z } from "zod";
import { foreignToColones } from "../exchange-rates/rate";
import { centsToAmount, readCentsInput, type Amount, type Cents } from "../money";
import { searchText } from "../text";
import type { EntryLineInput } from "../ledger";

export const RULE_SIGNS = ["any", "in", "out"] as const;
export type RuleSign = (typeof RULE_SIGNS)[number];

export const RULE_SIGN_LABELS: Record<RuleSign, string> = {
  any: "Entradas y salidas",
  in: "Solo entradas (créditos del banco)",
  out: "Solo salidas (débitos del banco)",
};

/** Rules of one organization, its own and its accounts' together. */
export const MAX_BANK_RULES = 50;
export const MAX_RULE_NAME = 80;
export const MAX_RULE_TEXT = 60;
export const MAX_RULE_DESCRIPTION = 120;
/** ₡10 000 000 000,00: no bank charge a rule books is larger. */
export const MAX_RULE_AMOUNT = 1_000_000_000_000n;

export interface BankRule {
  id: string;
  /** Null: every bank account of the organization. */
  bankAccountId: string | null;
  name: string;
  /** Words the movement's text (and reference) must contain, compared without case or accents; "" = any. */
  contains: string;
  /** Bounds on the movement's size (positive céntimos, inclusive); null = no bound. */
  minAmount: Cents | null;
  maxAmount: Cents | null;
  sign: RuleSign;
  /** The leaf account the movement is booked to; the bank account's own is the counterpart. */
  account: string;
  /** The entry's text; the movement's text when blank. */
  description: string;
}

export interface RuleLine {
  date: string;
  /** Signed céntimos, positive = money into the account. */
  amount: bigint;
  description: string;
  reference: string;
}

export type BankRuleForm = Omit<BankRule, "id">;
export type BankRuleFormResult = { ok: true; value: BankRuleForm } | { ok: false; errors: Record<string, string> };

const ruleFields = z.object({
  name: z
    .string({ required_error: "Escriba el nombre de la regla." })
    .trim()
    .min(1, "Escriba el nombre de la regla.")
    .max(MAX_RULE_NAME, `El nombre admite hasta ${MAX_RULE_NAME} caracteres.`),
  // Not «contains»: a form control of that name would hide the form element's own `contains()`.
  text: z.string().trim().max(MAX_RULE_TEXT, `El texto admite hasta ${MAX_RULE_TEXT} caracteres.`).default(""),
  sign: z.enum(RULE_SIGNS, { errorMap: () => ({ message: "Elija si la regla es para entradas o salidas." }) }),
  account: z
    .string({ required_error: "Elija la cuenta contable del movimiento." })
    .trim()
    .regex(/^\d{2}(-\d{2}){4}$/, "Elija la cuenta contable del movimiento."),
  description: z
    .string()
    .trim()
    .max(MAX_RULE_DESCRIPTION, `La descripción admite hasta ${MAX_RULE_DESCRIPTION} caracteres.`)
    .default(""),
  scope: z.enum(["account", "organization"]).default("account"),
});

function readBound(text: string | undefined, field: string, errors: Record<string, string>): Cents | null {
  if (text === undefined || text.trim() === "") return null;
  const read = readCentsInput(text);
  if (!read.ok) {
    errors[field] = read.message;
    return null;
  }
  if (read.cents <= 0n || read.cents > MAX_RULE_AMOUNT) {
    errors[field] = "Escriba un monto mayor que cero y menor que ₡10 000 000 000,00.";
    return null;
  }
  return read.cents;
}

/**
 * The posted form (blank fields as missing) checked. A rule needs a text or an amount bound: without
 * either it would book every movement of its sign.
 */
export function readBankRuleForm(input: Record<string, string>, bankAccountId: string): BankRuleFormResult {
  const errors: Record<string, string> = {};
  const parsed = ruleFields.safeParse(input);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const minAmount = readBound(input.minAmount, "minAmount", errors);
  const maxAmount = readBound(input.maxAmount, "maxAmount", errors);
  if (minAmount !== null && maxAmount !== null && minAmount > maxAmount)
    errors.maxAmount ??= "El monto máximo es menor que el mínimo.";
  if (parsed.success && searchText(parsed.data.text) === "" && minAmount === null && maxAmount === null)
    errors.text ??= "Indique un texto o un rango de montos: sin condiciones la regla tomaría todos los movimientos.";
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const { scope, text, ...fields } = parsed.data;
  return {
    ok: true,
    value: {
      ...fields,
      contains: text,
      bankAccountId: scope === "account" ? bankAccountId : null,
      minAmount,
      maxAmount,
    },
  };
}

/** Whether the rule takes this movement. */
export function ruleMatches(rule: BankRule, line: RuleLine): boolean {
  if (line.amount === 0n) return false;
  if (rule.sign === "in" && line.amount < 0n) return false;
  if (rule.sign === "out" && line.amount > 0n) return false;
  const size = line.amount < 0n ? -line.amount : line.amount;
  if (rule.minAmount !== null && size < rule.minAmount) return false;
  if (rule.maxAmount !== null && size > rule.maxAmount) return false;
  const wanted = searchText(rule.contains);
  return wanted === "" || searchText(`${line.description} ${line.reference}`).includes(wanted);
}

/**
 * The rule that books a movement: the account's own rules before the organization's, then by name and
 * id, so the outcome never depends on the order rules were read in. Null when none takes it.
 */
export function ruleFor(rules: readonly BankRule[], line: RuleLine): BankRule | null {
  const ordered = [...rules].sort(
    (a, b) =>
      Number(a.bankAccountId === null) - Number(b.bankAccountId === null) ||
      a.name.localeCompare(b.name, "es") ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return ordered.find((rule) => ruleMatches(rule, line)) ?? null;
}

/**
 * A statement line of an account in dollars is US$: the entry carries them at the rate of the line's
 * day (docs/decisions/299-dollar-payments-realise-the-difference.md), on the bank line always and on
 * the rule's account when it is kept in dollars too.
 */
export interface RuleDollars {
  rate: Amount;
  inDollars: ReadonlySet<string>;
}

/** The entry a rule books: the bank account receives (money in) or pays (money out) against the rule's account. */
export function ruleEntry(
  rule: BankRule,
  line: RuleLine,
  bankLedgerAccount: string,
  dollars?: RuleDollars,
): { date: string; description: string; reference: string; lines: EntryLineInput[] } {
  const statementAmount = centsToAmount((line.amount < 0n ? -line.amount : line.amount) as Cents);
  const size = dollars ? centsToAmount(foreignToColones(statementAmount, dollars.rate)) : statementAmount;
  const inDollars = dollars ? { currency: "USD", foreignAmount: statementAmount, rate: dollars.rate } : {};
  const description = (rule.description || line.description || rule.name).slice(0, 200);
  const moneyIn = line.amount > 0n;
  return {
    date: line.date,
    description,
    reference: line.reference.slice(0, 100),
    lines: [
      {
        account: bankLedgerAccount,
        description,
        debit: moneyIn ? size : null,
        credit: moneyIn ? null : size,
        ...inDollars,
      },
      {
        account: rule.account,
        description,
        debit: moneyIn ? null : size,
        credit: moneyIn ? size : null,
        ...(dollars?.inDollars.has(rule.account) ? inDollars : {}),
      },
    ],
  };
}

/** A rule as its page lists it and as its form is filled again. */
export interface BankRuleView {
  id: string;
  name: string;
  /** «Esta cuenta» or «Todas las cuentas». */
  scopeLabel: string;
  conditions: string;
  accountLabel: string;
  values: Record<string, string>;
}

function amountInput(value: Cents | null): string {
  if (value === null) return "";
  const whole = value / 100n;
  const fraction = value % 100n;
  return fraction === 0n ? String(whole) : `${whole},${String(fraction).padStart(2, "0")}`;
}

export function bankRuleView(
  rule: BankRule,
  accountLabel: string,
  formatAmount: (value: Cents) => string,
): BankRuleView {
  const parts: string[] = [];
  if (rule.contains) parts.push(`el texto contiene «${rule.contains}»`);
  if (rule.minAmount !== null && rule.maxAmount !== null)
    parts.push(`de ${formatAmount(rule.minAmount)} a ${formatAmount(rule.maxAmount)}`);
  else if (rule.minAmount !== null) parts.push(`desde ${formatAmount(rule.minAmount)}`);
  else if (rule.maxAmount !== null) parts.push(`hasta ${formatAmount(rule.maxAmount)}`);
  const sign = rule.sign === "in" ? "entradas" : rule.sign === "out" ? "salidas" : "entradas y salidas";
  return {
    id: rule.id,
    name: rule.name,
    scopeLabel: rule.bankAccountId === null ? "Todas las cuentas" : "Esta cuenta",
    conditions: `${sign}${parts.length > 0 ? `: ${parts.join(", ")}` : ""}`,
    accountLabel,
    values: {
      name: rule.name,
      text: rule.contains,
      minAmount: amountInput(rule.minAmount),
      maxAmount: amountInput(rule.maxAmount),
      sign: rule.sign,
      account: rule.account,
      description: rule.description,
      scope: rule.bankAccountId === null ? "organization" : "account",
    },
  };
}
