import {
  addDays,
  firstDayOfMonth,
  readDateInput,
  rangeSpanProblem,
  shiftMonth,
  monthOf,
  type CalendarDate,
} from "../calendar";

/** What a screen reads from its URL, with the messages of what it had to replace by a default. */
export interface AgingQuery {
  at: CalendarDate;
  /** 1-based page of the counterparty list; past the last one the last is shown. */
  page: number;
  messages: string[];
}

/** More pages than any organization's counterparties fill. */
export const MAX_AGING_PAGE = 10_000;

export interface StatementQuery {
  from: CalendarDate;
  to: CalendarDate;
  messages: string[];
}

export const QUERY_MESSAGES = {
  fromAfterTo: "La fecha inicial es posterior a la final.",
  badPage: "La página debe ser un número entero entre 1 y 10 000.",
} as const;

function dateParam(
  search: URLSearchParams,
  name: string,
  today: CalendarDate,
  messages: string[],
): CalendarDate | null {
  const text = search.get(name);
  if (text === null || text.trim() === "") return null;
  const read = readDateInput(text.slice(0, 40), today);
  if (read.ok) return read.date;
  messages.push(read.message);
  return null;
}

function pageParam(search: URLSearchParams, messages: string[]): number {
  const text = search.get("page")?.trim() ?? "";
  if (text === "") return 1;
  const page = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (page >= 1 && page <= MAX_AGING_PAGE) return page;
  messages.push(QUERY_MESSAGES.badPage);
  return 1;
}

/** `?at=&page=` of /receivables and /payables; today and the first page by default. */
export function readAgingQuery(search: URLSearchParams, today: CalendarDate): AgingQuery {
  const messages: string[] = [];
  const at = dateParam(search, "at", today, messages) ?? today;
  return { at, page: pageParam(search, messages), messages };
}

/** `?from=&to=` of a statement of account: by default the three months up to today. */
export function readStatementQuery(search: URLSearchParams, today: CalendarDate): StatementQuery {
  const messages: string[] = [];
  const to = dateParam(search, "to", today, messages) ?? today;
  const defaultFrom = firstDayOfMonth(shiftMonth(monthOf(to), -2));
  let from = dateParam(search, "from", today, messages) ?? defaultFrom;
  if (from > to) {
    messages.push(QUERY_MESSAGES.fromAfterTo);
    from = defaultFrom;
  }
  const tooLong = rangeSpanProblem(from, to);
  if (tooLong) {
    messages.push(tooLong);
    from = defaultFrom;
  }
  return { from, to, messages };
}

/** The last day before a statement's range, where its opening balance stands. */
export function openingDateOf(from: CalendarDate): CalendarDate {
  return addDays(from, -1);
}
