import { firstDayOfMonth, type CalendarDate } from "../calendar";
import { cents, type Cents } from "../money";
import { OPENING_PERIOD, type BalanceRow, type ReportBalances } from "./balances";
import type { BalanceSheet } from "./statements";

/** One line of a year's closing entry (Cierre del período), as the Estado de Resultados leaves it out. */
export interface ClosingLine {
  account: string;
  date: CalendarDate;
  debit: Cents;
  credit: Cents;
}

/**
 * The balances without the lines of closing entries. The Estado de Resultados of a closed year shows
 * what the year earned, not the close that emptied its accounts into retained earnings; the Balance
 * General and the Balance de Comprobación keep the closing entry (it is a posted entry like any other).
 */
export function withoutClosings(balances: ReportBalances, lines: readonly ClosingLine[]): ReportBalances {
  if (lines.length === 0) return balances;
  const rows: BalanceRow[] = balances.rows.map((row) => ({ ...row }));
  const byKey = new Map(rows.map((row, index) => [`${row.account}|${row.period}`, index]));
  const opensAt = firstDayOfMonth(balances.since);
  for (const line of lines) {
    const period =
      line.date < opensAt
        ? OPENING_PERIOD
        : byKey.has(`${line.account}|${line.date}`)
          ? line.date
          : line.date.slice(0, 7);
    const key = `${line.account}|${period}`;
    const index = byKey.get(key);
    if (index === undefined) {
      byKey.set(key, rows.length);
      rows.push({ account: line.account, period, debit: cents(-line.debit), credit: cents(-line.credit) });
    } else {
      const row = rows[index];
      rows[index] = { ...row, debit: cents(row.debit - line.debit), credit: cents(row.credit - line.credit) };
    }
  }
  return { since: balances.since, rows };
}

/** The last day of a closed year: from then on the closing entry carries the year's result. */
export function closedAt(date: CalendarDate, closedYears: ReadonlySet<number>): boolean {
  return date.endsWith("-12-31") && closedYears.has(Number(date.slice(0, 4)));
}

/**
 * The Balance General at the end of a closed year (and at the compared date, when there is one): the
 * year's result line goes, since the closing entry moved that result into retained earnings and the
 * line would only say ₡0. Every other row, and the check, stay as computed.
 */
export function withClosedYears(
  sheet: BalanceSheet,
  comparedDate: CalendarDate | null,
  closedYears: ReadonlySet<number>,
): BalanceSheet {
  const closed = closedAt(sheet.date, closedYears) && (comparedDate === null || closedAt(comparedDate, closedYears));
  if (!closed) return sheet;
  const carried = (row: BalanceSheet["rows"][number]) =>
    row.key === "yearResult" && row.amount === 0n && (row.compared ?? 0n) === 0n;
  return { ...sheet, rows: sheet.rows.filter((row) => !carried(row)) };
}
