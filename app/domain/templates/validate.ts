/**
 * A template is checked against the organization's merged catalog when it is saved: every account a
 * selectable leaf, every line with the amount its kind needs, debits and credits on both sides, at most
 * one line «el resto», and, when no amount is typed at use and no line is the rest, debits equal to
 * credits for every base.
 */
import { isSelectable, type CatalogNode } from "../catalog";
import { lineMessages } from "../ledger/messages";
import { centsToAmount, formatColones, type Cents } from "../money";
import { refusal, type Refusal } from "../refusal";
import { fixedDoNotBalance, ratesDoNotBalance, TEMPLATE_MESSAGES } from "./messages";
import { patternProblem } from "./pattern";
import { formatRate } from "./rate";
import { TEMPLATE_MAX_LINES, TEMPLATE_NAME_MAX, type EntryTemplate } from "./types";

function accountProblem(accounts: ReadonlyMap<string, CatalogNode>, code: string, line: number): string | null {
  if (!code) return lineMessages.account(line);
  const node = accounts.get(code);
  if (!node) return lineMessages.unknownAccount(line, code);
  if (node.level <= 1) return lineMessages.groupAccount(line, code, node.label);
  if (node.children.length > 0) return lineMessages.parentAccount(line, code, node.label);
  if (node.disabled) return lineMessages.disabledAccount(line, code, node.label);
  return isSelectable(node) ? null : lineMessages.unknownAccount(line, code);
}

export function validateTemplate(template: EntryTemplate, accounts: ReadonlyMap<string, CatalogNode>): Refusal[] {
  const refusals: Refusal[] = [];
  const name = template.name.trim();
  if (!name) refusals.push(refusal(TEMPLATE_MESSAGES.nameRequired, "name"));
  else if (name.length > TEMPLATE_NAME_MAX) refusals.push(refusal(TEMPLATE_MESSAGES.nameTooLong, "name"));
  if (!template.description.trim()) refusals.push(refusal(TEMPLATE_MESSAGES.descriptionRequired, "description"));
  const pattern = patternProblem(template.description);
  if (pattern) refusals.push(refusal(pattern, "description"));

  template.lines.forEach((line, index) => {
    const number = index + 1;
    const account = accountProblem(accounts, line.account, number);
    if (account) refusals.push(refusal(account, "account", number));
    if (line.kind === "fijo" && (line.amount === null || line.amount <= 0n))
      refusals.push(refusal(TEMPLATE_MESSAGES.amountRequired(number), "amount", number));
    if (line.kind === "porcentaje" && (line.rate === null || line.rate <= 0))
      refusals.push(refusal(TEMPLATE_MESSAGES.rateRequired(number), "rate", number));
  });
  if (template.lines.length < 2) refusals.push(refusal(TEMPLATE_MESSAGES.tooFewLines));
  else if (template.lines.length > TEMPLATE_MAX_LINES) refusals.push(refusal(TEMPLATE_MESSAGES.tooManyLines));
  else if (!template.lines.some((l) => l.side === "debito") || !template.lines.some((l) => l.side === "credito"))
    refusals.push(refusal(TEMPLATE_MESSAGES.needsBothSides));
  else if (template.lines.filter((line) => line.kind === "resto").length > 1)
    refusals.push(refusal(TEMPLATE_MESSAGES.oneRest));
  else if (refusals.length === 0 && template.lines.every((line) => line.kind !== "digitar" && line.kind !== "resto")) {
    const problem = balanceProblem(template);
    if (problem) refusals.push(refusal(problem));
  }
  return refusals;
}

/**
 * Without typed amounts, the entry balances for every base only if the rates balance and the fixed
 * amounts balance, each on their own.
 */
function balanceProblem(template: EntryTemplate): string | null {
  let debitRate = 0;
  let creditRate = 0;
  let debitFixed = 0n;
  let creditFixed = 0n;
  for (const line of template.lines) {
    const debit = line.side === "debito";
    if (line.kind === "porcentaje" && line.rate !== null) {
      if (debit) debitRate += line.rate;
      else creditRate += line.rate;
    }
    if (line.kind === "fijo" && line.amount !== null) {
      if (debit) debitFixed += line.amount;
      else creditFixed += line.amount;
    }
  }
  if (debitRate !== creditRate) return ratesDoNotBalance(formatRate(debitRate), formatRate(creditRate));
  if (debitFixed !== creditFixed) {
    const money = (value: bigint) => formatColones(centsToAmount(value as Cents));
    return fixedDoNotBalance(money(debitFixed), money(creditFixed));
  }
  return null;
}
