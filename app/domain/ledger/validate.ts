import {
  CALENDAR_DATE_MESSAGE,
  dateWindowMessage,
  isDateAccepted,
  parseCalendarDate,
  type CalendarDate,
} from "../calendar";
import { isSelectable, type CatalogNode } from "../catalog";
import { CENTIMO, amountToCents, cents, type Amount, type Cents } from "../money";
import { refusal, type Refusal } from "../refusal";
import {
  DESCRIPTION_MAX,
  DESCRIPTION_REQUIRED,
  DESCRIPTION_TOO_LONG,
  MAX_LINES,
  REFERENCE_TOO_LONG,
  TOO_FEW_LINES,
  TOO_MANY_LINES,
  closedYearDate,
  lineMessages,
  lockedDate,
  totalTooLarge,
  unbalanced,
} from "./messages";
import type { EntryInput, EntryLine, EntryLineInput, ValidEntry } from "./types";
import { dollarLineProblem } from "./dollar-lines";

/** Hacienda's largest amount (decimal 18,5: 9 999 999 999 999.99999) in Amount units. */
export const HACIENDA_MAX_AMOUNT: Amount = 999_999_999_999_999_999n;
/** The largest whole-céntimo amount under it: ₡9 999 999 999 999,99. */
export const MAX_LINE_CENTIMOS: Cents = cents(HACIENDA_MAX_AMOUNT / CENTIMO);

/** What the rules need to know about the organization. */
export interface LedgerContext {
  /** The organization's merged catalog, by code (`indexCatalog(buildCatalog(overrides))`). */
  accounts: ReadonlyMap<string, CatalogNode>;
  /** Entries must be dated after this day; null when the organization has no lock date. */
  lockDate: CalendarDate | null;
  /**
   * The years closed by a posted, not reversed closing entry (decision 125): closed whatever the lock
   * date says, until the audited reopen (decision 196). Absent: none.
   */
  closedYears?: ReadonlySet<number>;
  /** Today in Costa Rica, for the accepted window of dates (decision 195); absent: the system clock. */
  today?: CalendarDate;
}

export type EntryCheck = { ok: true; entry: ValidEntry } | { ok: false; refusals: Refusal[] };

// A form without JavaScript sends spare empty rows; they are not lines.
function isBlank(line: EntryLineInput): boolean {
  return !line.account?.trim() && line.debit == null && line.credit == null && !line.description?.trim();
}

function amountProblem(amount: Amount, line: number): string | null {
  if (amount === 0n) return lineMessages.zero(line);
  if (amount < 0n) return lineMessages.negative(line);
  if (amount % CENTIMO !== 0n) return lineMessages.decimals(line);
  if (amount > HACIENDA_MAX_AMOUNT) return lineMessages.tooLarge(line, MAX_LINE_CENTIMOS);
  return null;
}

function accountProblem(accounts: LedgerContext["accounts"], code: string, line: number): string | null {
  if (!code) return lineMessages.account(line);
  const node = accounts.get(code);
  if (!node) return lineMessages.unknownAccount(line, code);
  if (node.level <= 1) return lineMessages.groupAccount(line, code, node.label);
  if (node.children.length > 0) return lineMessages.parentAccount(line, code, node.label);
  if (node.disabled) return lineMessages.disabledAccount(line, code, node.label);
  return isSelectable(node) ? null : lineMessages.unknownAccount(line, code);
}

function checkLine(input: EntryLineInput, line: number, context: LedgerContext, refusals: Refusal[]): EntryLine | null {
  const before = refusals.length;
  const code = input.account?.trim() ?? "";
  const problem = accountProblem(context.accounts, code, line);
  if (problem) refusals.push(refusal(problem, "account", line));

  const description = input.description?.trim() ?? "";
  if (description.length > DESCRIPTION_MAX)
    refusals.push(refusal(lineMessages.descriptionTooLong(line), "description", line));

  const debit = input.debit ?? null;
  const credit = input.credit ?? null;
  if (debit !== null && credit !== null) refusals.push(refusal(lineMessages.both(line), "credit", line));
  else if (debit === null && credit === null) refusals.push(refusal(lineMessages.neither(line), "debit", line));
  else {
    const field = debit !== null ? "debit" : "credit";
    const amountError = amountProblem((debit ?? credit)!, line);
    if (amountError) refusals.push(refusal(amountError, field, line));
  }
  if (refusals.length > before) return null;

  const optional: Partial<EntryLine> = {};
  for (const key of ["receiptId", "currency", "foreignAmount", "rate", "taxCode", "taxRate"] as const) {
    if (input[key] !== undefined && input[key] !== "") (optional as Record<string, unknown>)[key] = input[key];
  }
  const checked: EntryLine = {
    account: code,
    description,
    // Whole céntimos by now (checked above), so the conversion is exact.
    debit: amountToCents(debit ?? 0n),
    credit: amountToCents(credit ?? 0n),
    ...optional,
  };
  if (context.accounts.get(code)?.currency === "USD") {
    const dollarProblem = dollarLineProblem(checked, line);
    if (dollarProblem) {
      refusals.push(refusal(dollarProblem, "foreignAmount", line));
      return null;
    }
  }
  return checked;
}

/**
 * The ledger's invariants (docs/design/books.md §1) over a proposed entry: every refusal, in Spanish, naming the
 * line (1-based, counted as the person sees them) and the field; or the entry in whole céntimos.
 */
export function validateEntry(
  input: EntryInput,
  context: LedgerContext,
  options: { draft?: boolean } = {},
): EntryCheck {
  const refusals: Refusal[] = [];

  const date = parseCalendarDate(input.date);
  if (date === null) refusals.push(refusal(CALENDAR_DATE_MESSAGE, "date"));
  else if (!isDateAccepted(date, context.today)) refusals.push(refusal(dateWindowMessage(context.today), "date"));
  else if (context.closedYears?.has(Number(date.slice(0, 4)))) refusals.push(refusal(closedYearDate(date), "date"));
  else if (context.lockDate !== null && date <= context.lockDate)
    refusals.push(refusal(lockedDate(date, context.lockDate), "date"));

  const description = input.description?.trim() ?? "";
  if (!description) refusals.push(refusal(DESCRIPTION_REQUIRED, "description"));
  else if (description.length > DESCRIPTION_MAX) refusals.push(refusal(DESCRIPTION_TOO_LONG, "description"));
  const reference = input.reference?.trim() ?? "";
  if (reference.length > DESCRIPTION_MAX) refusals.push(refusal(REFERENCE_TOO_LONG, "reference"));

  const numbered = input.lines.map((line, index) => ({ line, number: index + 1 })).filter(({ line }) => !isBlank(line));
  // A draft is work in progress: it may be short or not balance yet, but what it holds is well formed.
  if (numbered.length < 2 && !options.draft) refusals.push(refusal(TOO_FEW_LINES, "lines"));
  if (numbered.length > MAX_LINES) {
    refusals.push(refusal(TOO_MANY_LINES, "lines"));
    return { ok: false, refusals };
  }

  const lines: EntryLine[] = [];
  for (const { line, number } of numbered) {
    const checked = checkLine(line, number, context, refusals);
    if (checked) lines.push(checked);
  }

  if (refusals.length > 0) return { ok: false, refusals };
  let totalDebit = 0n;
  let totalCredit = 0n;
  for (const line of lines) {
    totalDebit += line.debit;
    totalCredit += line.credit;
  }
  if (totalDebit > MAX_LINE_CENTIMOS || totalCredit > MAX_LINE_CENTIMOS)
    refusals.push(refusal(totalTooLarge(MAX_LINE_CENTIMOS), "lines"));
  else if (totalDebit !== totalCredit && !options.draft)
    refusals.push(refusal(unbalanced(cents(totalDebit), cents(totalCredit)), "lines"));
  if (refusals.length > 0) return { ok: false, refusals };
  return {
    ok: true,
    entry: {
      date: date!,
      description,
      reference,
      lines,
      totalDebit: cents(totalDebit),
      totalCredit: cents(totalCredit),
    },
  };
}
