/**
 * What every imported file must satisfy before a line is kept (docs/domain/bank-statements.md §6): its
 * balances agree with its lines, and it belongs to the bank account it is uploaded to.
 */
import { cents, centsToAmount, formatMoney, type Cents } from "../money";
import { StatementRefusal, type ParsedStatement, type StatementCurrency, type StatementLine } from "./statement";
import { compactAccount } from "./iban";

/** An amount in a refusal, in the file's currency (colones when the file does not say). */
function moneyText(value: bigint, currency: StatementCurrency = "CRC"): string {
  return formatMoney(centsToAmount(cents(value)), currency);
}

function sum(lines: StatementLine[]): Cents {
  return cents(lines.reduce((total, line) => total + line.amount, 0n));
}

/** The first line (in reading order) whose running balance does not follow from the previous one, or null. */
function firstBreak(lines: StatementLine[]): StatementLine | null {
  for (let index = 1; index < lines.length; index += 1)
    if (lines[index - 1].balance! + lines[index].amount !== lines[index].balance) return lines[index];
  return null;
}

/**
 * Lines that each carry the bank's balance must chain: previous balance + amount = balance. Files listed
 * newest first are turned to oldest first. Returns the lines in date order with the opening and closing
 * balances they imply.
 */
export function chainBalances(
  lines: StatementLine[],
  currency?: StatementCurrency,
): { lines: StatementLine[]; opening: Cents; closing: Cents } | null {
  if (lines.length === 0 || lines.some((line) => line.balance === undefined)) return null;
  const newestFirst = lines.length > 1 && lines[0].date > lines[lines.length - 1].date;
  const ordered = newestFirst ? [...lines].reverse() : lines;
  const broken = firstBreak(ordered);
  if (broken)
    throw new StatementRefusal(
      `el saldo ${moneyText(broken.balance!, currency)} no corresponde al saldo anterior más el movimiento de ${moneyText(broken.amount, currency)}.`,
      broken.line,
    );
  const first = ordered[0];
  return {
    lines: ordered,
    opening: cents(first.balance! - first.amount),
    closing: ordered[ordered.length - 1].balance!,
  };
}

/** Opening + lines = closing, when the file states both. */
export function checkOpeningAndClosing(statement: ParsedStatement, currency = statement.currency): void {
  const { opening, closing } = statement;
  if (opening === undefined || closing === undefined) return;
  const total = sum(statement.lines);
  if (opening + total !== closing)
    throw new StatementRefusal(
      `El saldo inicial ${moneyText(opening, currency)} más los movimientos (${moneyText(total, currency)}) da ${moneyText(opening + total, currency)}, pero el archivo indica un saldo final de ${moneyText(closing, currency)}.`,
    );
}

export interface AccountIdentity {
  number?: string;
  iban?: string;
}

/**
 * Whether the account a file names is this bank account: equal to its IBAN or number once spaces and dashes
 * are gone, or the tail of one of them (exports show the full IBAN, the bank's number or the 14-digit part).
 */
export function isSameAccount(fileAccount: string, account: AccountIdentity): boolean {
  const file = compactAccount(fileAccount);
  if (file === "") return true;
  const own = [account.iban, account.number]
    .map((value) => compactAccount(value ?? ""))
    .filter((value) => value !== "");
  return own.some(
    (value) =>
      value === file || (file.length >= 8 && value.endsWith(file)) || (value.length >= 8 && file.endsWith(value)),
  );
}

export function checkAccount(statement: ParsedStatement, account: AccountIdentity): void {
  if (statement.account === undefined || isSameAccount(statement.account, account)) return;
  const own = account.iban || account.number || "";
  throw new StatementRefusal(
    `El archivo es de la cuenta ${statement.account.trim()}, no de ${own}. Súbalo en la cuenta bancaria que corresponde.`,
  );
}
