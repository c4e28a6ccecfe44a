import { z } from "zod";
import {
  dateWindowMessage,
  firstDayOfMonth,
  isDateWindowMessage,
  isYearAccepted,
  lastDayOfMonth,
  parseMonth,
  rangeSpanProblem,
  readDateInput,
  shiftMonth,
  type CalendarDate,
} from "../calendar";
import {
  COMPARISONS,
  comparisonPeriod,
  monthKey,
  rangeOf,
  sameDayLastYear,
  endsMonth,
  type Comparison,
  type DateRange,
  type PeriodSpec,
} from "./period";

/**
 * A report's query, read from the URL once (docs/design/books.md §4): the period, the level of detail, whether
 * zero rows are hidden, the comparison and (Balance de Comprobación) leaf accounts only. The
 * organization is the request's (?org, resolved by the org-context guard).
 */
export type ReportKind = "results" | "general" | "all";

export const LEVELS = [1, 2, 3, 4, 5] as const;
export type Level = (typeof LEVELS)[number];

export interface ReportQuery {
  kind: ReportKind;
  period: PeriodSpec;
  range: DateRange;
  level: Level;
  hideZero: boolean;
  comparison: ReportComparison;
  /** The compared period; null without comparison. */
  compared: { period: PeriodSpec; range: DateRange } | null;
  leafOnly: boolean;
}

/** The level an admin's report opens at: every account, as the contador books it. */
export const ADMIN_DEFAULT_LEVEL: Level = 5;
/**
 * The level a client user's report opens at: the groups an owner names (Ventas de mercancías, Salarios)
 * rather than the detail accounts (docs/spec/client-view.md). The filter still goes down to 5.
 */
export const CLIENT_DEFAULT_LEVEL: Level = 3;

/** The level a report opens at for someone with this role in the organization. */
export function defaultLevelFor(role: string): Level {
  return role === "client" ? CLIENT_DEFAULT_LEVEL : ADMIN_DEFAULT_LEVEL;
}

export const PERIOD_KINDS = ["month", "quarter", "year", "range"] as const;

/** The Balance General also compares with any other date (`compare=date&compareTo=YYYY-MM-DD`). */
export const DATE_COMPARISON = "date";
export type ReportComparison = Comparison | typeof DATE_COMPARISON;

export const QUERY_MESSAGES = {
  month: "El mes debe tener el formato AAAA-MM, por ejemplo 2026-10.",
  quarter: "El trimestre debe tener el formato AAAA-T, por ejemplo 2026-Q3.",
  year: "El año debe ser un número de cuatro dígitos entre 2000 y 2099, por ejemplo 2026.",
  from: "Escriba la fecha inicial como dd/mm/aaaa, por ejemplo 01/10/2026.",
  to: "Escriba la fecha final como dd/mm/aaaa, por ejemplo 31/10/2026.",
  order: "La fecha inicial no puede ser posterior a la final.",
  level: "El nivel de detalle debe ser un número del 1 al 5.",
  zero: "Elija si se muestran u ocultan las cuentas en cero.",
  compare: "La comparación debe ser «ninguna», «período anterior» o «mismo período del año anterior».",
  compareGeneral:
    "La comparación debe ser «ninguna», «cierre del mes anterior», «misma fecha del año anterior» u «otra fecha».",
  compareTo: "Escriba la fecha de comparación como dd/mm/aaaa, por ejemplo 31/12/2025.",
  noSuchDay: (which: string, day: string) => `La fecha ${which} ${day} no existe.`,
  compareToMissing: "Indique la fecha con la que quiere comparar.",
  period: "Elija mes, trimestre, año o rango de fechas.",
  missing: "Indique el período que eligió.",
} as const;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const paramsSchema = z.object({
  period: optionalText,
  month: optionalText,
  quarter: optionalText,
  year: optionalText,
  from: optionalText,
  to: optionalText,
  level: optionalText,
  zero: optionalText,
  compare: optionalText,
  compareTo: optionalText,
  leaf: optionalText,
});

const periodKindSchema = z.enum(PERIOD_KINDS, { errorMap: () => ({ message: QUERY_MESSAGES.period }) });
const levelSchema = z.coerce
  .number({ invalid_type_error: QUERY_MESSAGES.level })
  .int(QUERY_MESSAGES.level)
  .min(1, QUERY_MESSAGES.level)
  .max(5, QUERY_MESSAGES.level);
const zeroSchema = z.enum(["hide", "show"], { errorMap: () => ({ message: QUERY_MESSAGES.zero }) });
const compareSchema = z.enum(COMPARISONS, { errorMap: () => ({ message: QUERY_MESSAGES.compare }) });
const generalCompareSchema = z.enum([...COMPARISONS, DATE_COMPARISON], {
  errorMap: () => ({ message: QUERY_MESSAGES.compareGeneral }),
});

const WELL_FORMED_YEAR = /^20\d{2}$/;
const WELL_FORMED_QUARTER = /^(20\d{2})-[QqTt]([1-4])$/;
const WELL_FORMED_MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

function readYear(text: string, today: CalendarDate): number | null {
  return WELL_FORMED_YEAR.test(text) && isYearAccepted(Number(text), today) ? Number(text) : null;
}

function readQuarter(text: string, today: CalendarDate): { year: number; quarter: 1 | 2 | 3 | 4 } | null {
  const match = WELL_FORMED_QUARTER.exec(text);
  if (!match || !isYearAccepted(Number(match[1]), today)) return null;
  return { year: Number(match[1]), quarter: Number(match[2]) as 1 | 2 | 3 | 4 };
}

/**
 * `outOfBounds`: a day outside the accepted window or a range longer than the maximum (decision 195).
 * The page still answers with the defaults and the message, but with status 400; an export refuses.
 */
export type QueryResult =
  { ok: true; query: ReportQuery } | { ok: false; query: ReportQuery; messages: string[]; outOfBounds: boolean };

const DAY_NAMES = { from: "inicial", to: "final", compareTo: "de comparación" } as const;

/**
 * A date of the filters as the date field writes it (dd/mm/aaaa) or as links carry it (AAAA-MM-DD): null
 * when absent or not a day (a message), or outside the accepted window (a bounds message).
 */
function readDay(
  field: keyof typeof DAY_NAMES,
  text: string | undefined,
  today: CalendarDate,
  messages: string[],
  bounds: string[],
): CalendarDate | null {
  if (!text) return null;
  const read = readDateInput(text, today);
  if (read.ok) return read.date;
  if (isDateWindowMessage(read.message)) {
    bounds.push(read.message);
    return null;
  }
  const typed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = typed
    ? `${typed[1].padStart(2, "0")}/${typed[2].padStart(2, "0")}/${typed[3]}`
    : iso && `${iso[3]}/${iso[2]}/${iso[1]}`;
  messages.push(day ? QUERY_MESSAGES.noSuchDay(DAY_NAMES[field], day) : QUERY_MESSAGES[field]);
  return null;
}

function defaultPeriod(kind: ReportKind, today: CalendarDate): PeriodSpec {
  if (kind === "general")
    return { kind: "range", from: firstDayOfMonth(monthKey(Number(today.slice(0, 4)), 1)), to: today };
  return { kind: "month", month: today.slice(0, 7) };
}

/** The Balance General is at a date: the range runs from 1 January of that date's year. */
function atDate(to: CalendarDate): PeriodSpec {
  return { kind: "range", from: `${to.slice(0, 4)}-01-01` as CalendarDate, to };
}

/** Another date for the Balance General: the end of the previous month, or the same day a year earlier. */
export function comparisonDate(to: CalendarDate, comparison: Comparison): CalendarDate | null {
  if (comparison === "none") return null;
  if (comparison === "previous") return lastDayOfMonth(shiftMonth(to.slice(0, 7), -1));
  return endsMonth(to) ? lastDayOfMonth(shiftMonth(to.slice(0, 7), -12)) : sameDayLastYear(to);
}

function readPeriod(
  kind: ReportKind,
  params: z.infer<typeof paramsSchema>,
  today: CalendarDate,
  messages: string[],
  bounds: string[],
): PeriodSpec {
  let chosen = params.period;
  if (chosen !== undefined) {
    const parsed = periodKindSchema.safeParse(chosen);
    if (!parsed.success) {
      messages.push(QUERY_MESSAGES.period);
      chosen = undefined;
    }
  }
  // Without an explicit choice the URL says it: a range, then a month, a quarter, a year.
  const inferred =
    chosen ??
    (params.from || params.to
      ? "range"
      : params.month
        ? "month"
        : params.quarter
          ? "quarter"
          : params.year
            ? "year"
            : undefined);
  const fallback = defaultPeriod(kind, today);
  switch (inferred) {
    case undefined:
      return fallback;
    case "month": {
      const month = parseMonth(params.month, today);
      if (!month && params.month && WELL_FORMED_MONTH.test(params.month)) bounds.push(dateWindowMessage(today));
      else if (!month) messages.push(params.month ? QUERY_MESSAGES.month : QUERY_MESSAGES.missing);
      return month ? { kind: "month", month } : fallback;
    }
    case "quarter": {
      const quarter = params.quarter ? readQuarter(params.quarter, today) : null;
      if (!quarter && params.quarter && WELL_FORMED_QUARTER.test(params.quarter)) bounds.push(dateWindowMessage(today));
      else if (!quarter) messages.push(params.quarter ? QUERY_MESSAGES.quarter : QUERY_MESSAGES.missing);
      return quarter ? { kind: "quarter", ...quarter } : fallback;
    }
    case "year": {
      const year = params.year ? readYear(params.year, today) : null;
      if (year === null && params.year && WELL_FORMED_YEAR.test(params.year)) bounds.push(dateWindowMessage(today));
      else if (year === null) messages.push(params.year ? QUERY_MESSAGES.year : QUERY_MESSAGES.missing);
      return year !== null ? { kind: "year", year } : fallback;
    }
    default: {
      const to = params.to ? readDay("to", params.to, today, messages, bounds) : kind === "general" ? today : null;
      if (kind === "general") return to ? atDate(to) : fallback;
      const from = readDay("from", params.from, today, messages, bounds);
      if (!params.from) messages.push(QUERY_MESSAGES.missing);
      if (!params.to) messages.push(QUERY_MESSAGES.missing);
      if (!from || !to) return fallback;
      if (from > to) {
        messages.push(QUERY_MESSAGES.order);
        return fallback;
      }
      const tooLong = rangeSpanProblem(from, to);
      if (tooLong) {
        bounds.push(tooLong);
        return fallback;
      }
      return { kind: "range", from, to };
    }
  }
}

function field<T>(schema: z.ZodType<T>, value: string | undefined, fallback: T, messages: string[]): T {
  if (value === undefined) return fallback;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  messages.push(parsed.error.issues[0]?.message ?? QUERY_MESSAGES.period);
  return fallback;
}

/**
 * The query of a report page or export. A malformed parameter never fails the request: the result
 * says what was wrong (in Spanish) and carries a usable query with the defaults in its place.
 */
export function parseReportQuery(
  kind: ReportKind,
  search: URLSearchParams,
  today: CalendarDate,
  defaults: { level?: Level } = {},
): QueryResult {
  const params = paramsSchema.parse(
    Object.fromEntries([...paramsSchema.keyof().options].map((key) => [key, search.get(key) ?? undefined])),
  );
  const messages: string[] = [];
  const bounds: string[] = [];
  let period = readPeriod(kind, params, today, messages, bounds);
  // The Balance General is at the end of the chosen month, quarter or year.
  if (kind === "general" && period.kind !== "range") period = atDate(rangeOf(period).to);
  const level = field(levelSchema, params.level, defaults.level ?? ADMIN_DEFAULT_LEVEL, messages) as Level;
  const hideZero = field(zeroSchema, params.zero, "hide", messages) === "hide";
  let comparison: ReportComparison =
    kind === "general"
      ? field(generalCompareSchema, params.compare, "none", messages)
      : field(compareSchema, params.compare, "none", messages);
  const leafOnly = kind === "all" && params.leaf !== undefined && params.leaf !== "0";
  const range = rangeOf(period);
  let compared: ReportQuery["compared"] = null;
  if (comparison === DATE_COMPARISON) {
    const date = readDay("compareTo", params.compareTo, today, messages, bounds);
    if (!date) {
      if (!params.compareTo) messages.push(QUERY_MESSAGES.compareToMissing);
      comparison = "none";
    } else {
      const comparedPeriod = atDate(date);
      compared = { period: comparedPeriod, range: rangeOf(comparedPeriod) };
    }
  } else if (kind === "general") {
    const date = comparisonDate(range.to, comparison);
    if (date) {
      const comparedPeriod = atDate(date);
      compared = { period: comparedPeriod, range: rangeOf(comparedPeriod) };
    }
  } else {
    const comparedPeriod = comparisonPeriod(period, comparison);
    if (comparedPeriod) compared = { period: comparedPeriod, range: rangeOf(comparedPeriod) };
  }
  const query: ReportQuery = { kind, period, range, level, hideZero, comparison, compared, leafOnly };
  if (messages.length === 0 && bounds.length === 0) return { ok: true, query };
  return { ok: false, query, messages: [...new Set([...bounds, ...messages])], outOfBounds: bounds.length > 0 };
}

/** The URL parameters that give the same query back (links, exports, the chart's months). */
export function queryParams(query: ReportQuery): Record<string, string> {
  const params: Record<string, string> =
    query.kind === "general"
      ? { to: query.range.to }
      : query.period.kind === "month"
        ? { month: query.period.month }
        : query.period.kind === "quarter"
          ? { quarter: `${query.period.year}-Q${query.period.quarter}` }
          : query.period.kind === "year"
            ? { year: String(query.period.year) }
            : { from: query.period.from, to: query.period.to };
  params.level = String(query.level);
  if (!query.hideZero) params.zero = "show";
  if (query.comparison !== "none") params.compare = query.comparison;
  if (query.comparison === DATE_COMPARISON && query.compared) params.compareTo = query.compared.range.to;
  if (query.leafOnly) params.leaf = "1";
  return params;
}
