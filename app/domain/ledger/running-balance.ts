import { cents, type Cents } from "../money";

/** One movement of an account as the movement list shows it. */
export interface Movement {
  debit: Cents;
  credit: Cents;
}

export interface PageWindow {
  page: number;
  pageSize: number;
  /** How many movements come before the page in the range. */
  offset: number;
}

export const MAX_PAGE_SIZE = 500;

/** The page asked for, kept within 1…last page (a range without movements has one empty page). */
export function pageWindow(
  requestedPage: number,
  pageSize: number,
  totalCount: number,
): PageWindow & { pageCount: number } {
  const size = Math.min(Math.max(1, Math.floor(pageSize) || 1), MAX_PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(totalCount / size));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  return { page, pageSize: size, offset: (page - 1) * size, pageCount };
}

/**
 * The balance after each movement of a page (debit − credit), knowing only the opening balance of the
 * range and the sum of the movements before the page: page 40 needs no line of pages 1–39.
 */
export function runningBalances<T extends Movement>(
  openingBalance: Cents,
  beforePage: Movement,
  rows: readonly T[],
): Array<T & { balance: Cents }> {
  let balance = openingBalance + beforePage.debit - beforePage.credit;
  return rows.map((row) => {
    balance += row.debit - row.credit;
    return { ...row, balance: cents(balance) };
  });
}

/** The natural side of an account's group (docs/design/books.md §3): 70 Por clasificar shows its sign. */
export function naturalSide(code: string): "debit" | "credit" | "signed" {
  const group = code.slice(0, 2);
  if (group === "10" || group === "50" || group === "60") return "debit";
  if (group === "20" || group === "30" || group === "40") return "credit";
  return "signed";
}

/** A debit − credit balance as the account's natural side reads it (credit accounts flip the sign). */
export function onNaturalSide(code: string, debitMinusCredit: Cents): Cents {
  return naturalSide(code) === "credit" ? cents(-debitMinusCredit) : debitMinusCredit;
}
