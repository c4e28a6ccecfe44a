/**
 * The Costa Rica calendar: dates, months and instants read in America/Costa_Rica, which is UTC−06:00
 * all year (no daylight saving since 1992). Pure, shared by server and browser.
 */
export const COSTA_RICA_OFFSET = "-06:00";
export const COSTA_RICA_OFFSET_MS = -6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

declare const calendarDateBrand: unique symbol;
/** A Costa Rica calendar day, `YYYY-MM-DD`, known to exist (no 2025-02-30). Compare with `compareDates` or `<`. */
export type CalendarDate = string & { readonly [calendarDateBrand]: "CalendarDate" };

/** A calendar month, `YYYY-MM`. */
export type MonthKey = string;

export const CALENDAR_DATE_MESSAGE =
  "La fecha debe ser una fecha válida con el formato AAAA-MM-DD, por ejemplo 2025-10-31.";

/** Month names as the app writes them everywhere (lower case inside a sentence). */
export const MONTH_NAMES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

function two(value: number): string {
  return String(value).padStart(2, "0");
}

function four(value: number): string {
  return String(value).padStart(4, "0");
}

/** Whether year-month-day names a real day (Date.UTC would silently roll 2025-02-30 over to March). */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  const check = new Date(0);
  check.setUTCFullYear(year, month, 0);
  return check.getUTCDate();
}

/** The CalendarDate written as `YYYY-MM-DD`, or null when the text is not a real day. */
export function parseCalendarDate(text: string | null | undefined): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec((text ?? "").trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? (`${match[1]}-${match[2]}-${match[3]}` as CalendarDate) : null;
}

function fromParts(year: number, month: number, day: number): CalendarDate {
  return `${four(year)}-${two(month)}-${two(day)}` as CalendarDate;
}

function partsOf(date: CalendarDate): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number);
  return [year, month, day];
}

/** The Costa Rica wall-clock parts of an instant. */
export function costaRicaParts(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const shifted = new Date(date.getTime() + COSTA_RICA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The Costa Rica calendar day of an instant. */
export function calendarDateOf(instant: Date): CalendarDate {
  const { year, month, day } = costaRicaParts(instant);
  return fromParts(year, month, day);
}

/** Today in Costa Rica; `now` is a parameter so callers and tests decide the clock. */
export function todayInCostaRica(now: Date): CalendarDate {
  return calendarDateOf(now);
}

/** The instant a Costa Rica day begins (00:00 −06:00). */
export function startOfDay(date: CalendarDate): Date {
  const [year, month, day] = partsOf(date);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  return new Date(utc.getTime() - COSTA_RICA_OFFSET_MS);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return calendarDateOf(new Date(startOfDay(date).getTime() + days * DAY_MS));
}

/** Negative, zero or positive, like a sort comparator; `YYYY-MM-DD` text orders as the calendar does. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The month of a CalendarDate, or the Costa Rica month of an instant ("2025-10"). */
export function monthOf(date: Date | CalendarDate): MonthKey {
  if (typeof date === "string") return date.slice(0, 7);
  const { year, month } = costaRicaParts(date);
  return `${four(year)}-${two(month)}`;
}

export function currentMonth(now: Date = new Date()): MonthKey {
  return monthOf(now);
}

/** "2025-10" when the text is a month inside the accepted window (`isMonthAccepted`), else null. */
export function parseMonth(text: string | null | undefined, today: CalendarDate = systemToday()): MonthKey | null {
  const match = /^(20\d{2})-(0[1-9]|1[0-2])$/.exec((text ?? "").trim());
  if (!match) return null;
  const month = `${match[1]}-${match[2]}`;
  return isMonthAccepted(month, today) ? month : null;
}

export function shiftMonth(month: MonthKey, delta: number): MonthKey {
  const [year, monthNumber] = month.split("-").map(Number);
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${Math.floor(index / 12)}-${two((index % 12) + 1)}`;
}

export function firstDayOfMonth(month: MonthKey): CalendarDate {
  const [year, monthNumber] = month.split("-").map(Number);
  return fromParts(year, monthNumber, 1);
}

export function lastDayOfMonth(month: MonthKey): CalendarDate {
  const [year, monthNumber] = month.split("-").map(Number);
  return fromParts(year, monthNumber, daysInMonth(year, monthNumber));
}

/** "octubre de 2025" */
export function monthLabel(month: MonthKey): string {
  const [year, monthNumber] = month.split("-").map(Number);
  return `${MONTH_NAMES[monthNumber - 1]} de ${year}`;
}

function instantOf(date: Date | string): Date {
  return typeof date === "string" ? new Date(date) : date;
}

/** dd/mm/aaaa of an instant, in Costa Rica time. */
export function formatDate(date: Date | string): string {
  const { year, month, day } = costaRicaParts(instantOf(date));
  return `${two(day)}/${two(month)}/${year}`;
}

/** dd/mm/aaaa hh:mm of an instant, in Costa Rica time. */
export function formatDateTime(date: Date | string): string {
  const instant = instantOf(date);
  const { hour, minute } = costaRicaParts(instant);
  return `${formatDate(instant)} ${two(hour)}:${two(minute)}`;
}

/** dd/mm/aaaa of a CalendarDate. */
export function formatCalendarDate(date: CalendarDate): string {
  const [year, month, day] = partsOf(date);
  return `${two(day)}/${two(month)}/${four(year)}`;
}

// ── The accepted window and the longest range ─────────────────────────────────────────────────────

/**
 * Every day the app accepts — an entry, a filter, a report, a form, an imported document — lies from
 * 1 January 2000 to 31 December of the fifth year after the current one (decision 195). Books of
 * Costa Rica companies kept here start long after 2000; five years ahead leaves room for planned
 * entries. A day outside is refused with `dateWindowMessage`, never stored or computed over.
 */
export const FIRST_ACCEPTED_DATE = "2000-01-01" as CalendarDate;
export const YEARS_AHEAD_ACCEPTED = 5;

/** The longest range a report, list or export covers: five years (60 months), decision 195. */
export const MAX_RANGE_MONTHS = 60;

export const RANGE_TOO_LONG_MESSAGE = `El período puede abarcar como máximo ${MAX_RANGE_MONTHS / 12} años (${MAX_RANGE_MONTHS} meses). Elija un rango más corto.`;

/** Today in Costa Rica by the system clock: the default of the window checks (callers may pass their own). */
function systemToday(): CalendarDate {
  return calendarDateOf(new Date());
}

/** The last day accepted: 31 December of the fifth year after today's. */
export function lastAcceptedDate(today: CalendarDate = systemToday()): CalendarDate {
  return `${Number(today.slice(0, 4)) + YEARS_AHEAD_ACCEPTED}-12-31` as CalendarDate;
}

const DATE_WINDOW_PREFIX = "La fecha debe estar entre el ";

export function dateWindowMessage(today: CalendarDate = systemToday()): string {
  return `${DATE_WINDOW_PREFIX}${formatCalendarDate(FIRST_ACCEPTED_DATE)} y el ${formatCalendarDate(lastAcceptedDate(today))}.`;
}

/** Whether a message is the window's refusal (whatever today it was written for). */
export function isDateWindowMessage(message: string): boolean {
  return message.startsWith(DATE_WINDOW_PREFIX);
}

/** Whether the day lies inside the accepted window. */
export function isDateAccepted(date: CalendarDate, today: CalendarDate = systemToday()): boolean {
  return date >= FIRST_ACCEPTED_DATE && date <= lastAcceptedDate(today);
}

/** Whether a month (`YYYY-MM`) lies inside the accepted window. */
export function isMonthAccepted(month: MonthKey, today: CalendarDate = systemToday()): boolean {
  return month >= FIRST_ACCEPTED_DATE.slice(0, 7) && month <= lastAcceptedDate(today).slice(0, 7);
}

/** Whether a year lies inside the accepted window. */
export function isYearAccepted(year: number, today: CalendarDate = systemToday()): boolean {
  return year >= Number(FIRST_ACCEPTED_DATE.slice(0, 4)) && year <= Number(lastAcceptedDate(today).slice(0, 4));
}

/** The months a range touches, counted without listing them. */
export function monthsSpanned(from: CalendarDate, to: CalendarDate): number {
  const [fromYear, fromMonth] = partsOf(from);
  const [toYear, toMonth] = partsOf(to);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** `RANGE_TOO_LONG_MESSAGE` when the range touches more than `MAX_RANGE_MONTHS` months, else null. */
export function rangeSpanProblem(from: CalendarDate, to: CalendarDate): string | null {
  return monthsSpanned(from, to) > MAX_RANGE_MONTHS ? RANGE_TOO_LONG_MESSAGE : null;
}

// ── Dates typed by a person ───────────────────────────────────────────────────────────────────────

/** How a date field asks to be written (the placeholder of every date input). */
export const DATE_INPUT_PLACEHOLDER = "dd/mm/aaaa";
/** The native pattern of a date field without JavaScript: dd/mm/aaaa (one-digit day and month too) or YYYY-MM-DD. */
export const DATE_INPUT_PATTERN = "\\s*(\\d{1,2}/\\d{1,2}/\\d{4}|\\d{4}-\\d{2}-\\d{2})\\s*";

export const DATE_INPUT_MESSAGES = {
  format: "Escriba la fecha como dd/mm/aaaa, por ejemplo 31/10/2026.",
  missing: (day: string) => `La fecha ${day} no existe.`,
} as const;

export type DateInputResult = { ok: true; date: CalendarDate } | { ok: false; message: string };

/**
 * A day typed by a person: `dd/mm/aaaa` as Costa Rica writes it (`1/9/2026` too), or `YYYY-MM-DD` as a
 * native date input and the app's own links send it. A day that does not exist is refused, never rolled over,
 * and so is a day outside the accepted window.
 */
export function readDateInput(text: string, today: CalendarDate = systemToday()): DateInputResult {
  const trimmed = text.trim();
  const typed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = typed ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  if (!typed && !iso) return { ok: false, message: DATE_INPUT_MESSAGES.format };
  const [year, month, day] = typed
    ? [typed[3], typed[2], typed[1]].map(Number)
    : [iso![1], iso![2], iso![3]].map(Number);
  if (!isRealDay(year, month, day))
    return { ok: false, message: DATE_INPUT_MESSAGES.missing(`${two(day)}/${two(month)}/${four(year)}`) };
  const date = fromParts(year, month, day);
  if (!isDateAccepted(date, today)) return { ok: false, message: dateWindowMessage(today) };
  return { ok: true, date };
}
