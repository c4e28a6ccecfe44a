/**
 * The books screens' queries (?from, ?to, ?q, ?account, ?source, ?status, ?page), each parsed once by a
 * zod schema. A malformed field never fails the page: it is reported in Spanish and replaced by its
 * default, so the screen still answers; the downloads refuse it instead (400).
 */
import { z } from "zod";
import {
  DATE_INPUT_MESSAGES,
  firstDayOfMonth,
  isDateWindowMessage,
  lastDayOfMonth,
  monthOf,
  rangeSpanProblem,
  readDateInput,
  RANGE_TOO_LONG_MESSAGE,
  todayInCostaRica,
  type CalendarDate,
} from "../calendar";
import { codeShapeError, normalizeCode } from "../catalog";
import { ENTRY_SOURCE_KINDS, type EntrySourceKind } from "../ledger";
import { DISPLAY_STATUSES, type EntryDisplayStatus } from "./labels";
import type { Refusal } from "../refusal";

export const ENTRY_PAGE_SIZE = 50;
export const MOVEMENT_PAGE_SIZE = 50;
export const TEXT_MAX = 100;

export const DATE_MESSAGE = DATE_INPUT_MESSAGES.format;
export const RANGE_MESSAGE = "La fecha inicial debe ser anterior o igual a la fecha final.";
export const SOURCE_MESSAGE = "El origen indicado no existe.";
export const STATUS_MESSAGE = "El estado indicado no existe.";
export const PAGE_MESSAGE = "La página debe ser un número entero mayor que cero.";

/** A filter date as people and browsers write it (dd/mm/aaaa, or AAAA-MM-DD in links); null when it names no real day. */
export function readFilterDate(text: string): CalendarDate | null {
  const read = readDateInput(text);
  return read.ok ? read.date : null;
}

const filterDate = z
  .string()
  .optional()
  .transform((text, context) => {
    if (text === undefined || text.trim() === "") return undefined;
    const read = readDateInput(text);
    if (!read.ok) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: read.message });
      return z.NEVER;
    }
    return read.date;
  });

const accountCode = z
  .string()
  .optional()
  .transform((text, context) => {
    const code = normalizeCode(text ?? "");
    if (code === "") return undefined;
    const problem = codeShapeError(code);
    if (problem) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      return z.NEVER;
    }
    return code;
  });

const page = z
  .string()
  .optional()
  .transform((text, context) => {
    if (text === undefined || text.trim() === "") return 1;
    if (!/^\d{1,6}$/.test(text.trim()) || Number(text) < 1) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: PAGE_MESSAGE });
      return z.NEVER;
    }
    return Number(text);
  });

const text = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim().slice(0, TEXT_MAX));

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return undefined;
      if (!(values as readonly string[]).includes(value)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return value as T[number];
    });

const rangeFields = { from: filterDate, to: filterDate };

export const entryListQuerySchema = z.object({
  ...rangeFields,
  q: text,
  account: accountCode,
  source: optionalEnum(ENTRY_SOURCE_KINDS, SOURCE_MESSAGE),
  status: optionalEnum(DISPLAY_STATUSES, STATUS_MESSAGE),
  page,
});

export const movementQuerySchema = z.object({ ...rangeFields, account: accountCode, page });

export const journalQuerySchema = z.object(rangeFields);

export interface DateRange {
  from: CalendarDate;
  to: CalendarDate;
}

export interface EntryListQuery extends DateRange {
  q: string;
  account: string | null;
  source: EntrySourceKind | null;
  status: EntryDisplayStatus | null;
  page: number;
}

export interface MovementQuery extends DateRange {
  account: string | null;
  page: number;
}

/**
 * A query and what was wrong with the URL (each bad field already replaced by its default).
 * `outOfBounds`: a day outside the accepted window or a range beyond the maximum (decision 195); the
 * page answers 400 with its defaults and the message, a download refuses.
 */
export interface ParsedQuery<T> {
  query: T;
  problems: Refusal[];
  outOfBounds: boolean;
}

function outOfBounds(problems: readonly Refusal[]): boolean {
  return problems.some((problem) => isDateWindowMessage(problem.message) || problem.message === RANGE_TOO_LONG_MESSAGE);
}

const QUERY_KEYS = ["from", "to", "q", "account", "source", "status", "page"] as const;

function rawOf(params: URLSearchParams): Record<string, string | undefined> {
  return Object.fromEntries(QUERY_KEYS.map((key) => [key, params.get(key) ?? undefined]));
}

/** Parses with `schema`; each field that fails is reported and parsed again as absent (its default). */
function parseLeniently<S extends z.ZodObject<z.ZodRawShape>>(
  schema: S,
  params: URLSearchParams,
): { value: z.output<S>; problems: Refusal[] } {
  const raw = rawOf(params);
  const problems: Refusal[] = [];
  for (;;) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return { value: parsed.data, problems };
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      problems.push({ field, message: issue.message });
      raw[field] = undefined;
    }
  }
}

/** The current month in Costa Rica: the default range of every books screen. */
export function currentMonthRange(now: Date): DateRange {
  const month = monthOf(todayInCostaRica(now));
  return { from: firstDayOfMonth(month), to: lastDayOfMonth(month) };
}

function rangeOf(value: { from?: CalendarDate; to?: CalendarDate }, now: Date, problems: Refusal[]): DateRange {
  const defaults = currentMonthRange(now);
  // One side given: the other stays in that side's month, so "desde el 15/03" does not mean "until today".
  const from = value.from ?? (value.to ? firstDayOfMonth(monthOf(value.to)) : defaults.from);
  const to = value.to ?? (value.from ? lastDayOfMonth(monthOf(value.from)) : defaults.to);
  if (from > to) {
    problems.push({ field: "to", message: RANGE_MESSAGE });
    return { from, to: lastDayOfMonth(monthOf(from)) };
  }
  const tooLong = rangeSpanProblem(from, to);
  if (tooLong) {
    problems.push({ field: "to", message: tooLong });
    return { from, to: lastDayOfMonth(monthOf(from)) };
  }
  return { from, to };
}

export function readEntryListQuery(params: URLSearchParams, now: Date): ParsedQuery<EntryListQuery> {
  const { value, problems } = parseLeniently(entryListQuerySchema, params);
  const range = rangeOf(value, now, problems);
  return {
    query: {
      ...range,
      q: value.q,
      account: value.account ?? null,
      source: value.source ?? null,
      status: value.status ?? null,
      page: value.page,
    },
    problems,
    outOfBounds: outOfBounds(problems),
  };
}

export function readMovementQuery(params: URLSearchParams, now: Date): ParsedQuery<MovementQuery> {
  const { value, problems } = parseLeniently(movementQuerySchema, params);
  const range = rangeOf(value, now, problems);
  return {
    query: { ...range, account: value.account ?? null, page: value.page },
    problems,
    outOfBounds: outOfBounds(problems),
  };
}

export function readJournalQuery(params: URLSearchParams, now: Date): ParsedQuery<DateRange> {
  const { value, problems } = parseLeniently(journalQuerySchema, params);
  const query = rangeOf(value, now, problems);
  return { query, problems, outOfBounds: outOfBounds(problems) };
}

/** The URL parameters of a list query, without defaults that need no saying (page 1, empty filters). */
export function entryListParams(query: Partial<EntryListQuery>): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  if (query.q) params.q = query.q;
  if (query.account) params.account = query.account;
  if (query.source) params.source = query.source;
  if (query.status) params.status = query.status;
  if (query.page && query.page > 1) params.page = String(query.page);
  return params;
}

export function movementParams(query: Partial<MovementQuery>): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.account) params.account = query.account;
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  if (query.page && query.page > 1) params.page = String(query.page);
  return params;
}
