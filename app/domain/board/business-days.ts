import { addDays, compareDates, type CalendarDate } from "../calendar";

/**
 * Costa Rican business days: Monday to Friday, except the national holidays of the Código de Trabajo
 * art. 148 (both of obligatory and of non-obligatory pay: public offices close on all of them). The
 * rule and the list per year are in docs/domain/business-days.md.
 */

export interface Holiday {
  date: CalendarDate;
  name: string;
  paid: boolean;
}

const FIXED: ReadonlyArray<{ monthDay: string; name: string; paid: boolean }> = [
  { monthDay: "01-01", name: "Año Nuevo", paid: true },
  { monthDay: "04-11", name: "Día de Juan Santamaría", paid: true },
  { monthDay: "05-01", name: "Día del Trabajador", paid: true },
  { monthDay: "07-25", name: "Anexión del Partido de Nicoya", paid: true },
  { monthDay: "08-02", name: "Virgen de los Ángeles", paid: false },
  { monthDay: "08-15", name: "Día de la Madre", paid: true },
  { monthDay: "08-31", name: "Día de la Persona Negra y la Cultura Afrocostarricense", paid: false },
  { monthDay: "09-15", name: "Día de la Independencia", paid: true },
  { monthDay: "12-01", name: "Día de la Abolición del Ejército", paid: false },
  { monthDay: "12-25", name: "Navidad", paid: true },
];

/** The first year the fixed list applies without the transitory moves to Mondays (Ley 9875, 2020–2024). */
export const FIRST_YEAR_WITHOUT_MOVES = 2025;

const pad = (value: number) => String(value).padStart(2, "0");

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm, «Meeus/Jones/Butcher»). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}` as CalendarDate;
}

/** The national holidays of a year from 2025 on, in date order. */
export function holidaysOf(year: number): Holiday[] {
  if (!Number.isInteger(year) || year < FIRST_YEAR_WITHOUT_MOVES || year > 9999)
    throw new RangeError(`Sin calendario de feriados para ${year}.`);
  const easter = easterSunday(year);
  const holidays: Holiday[] = [
    ...FIXED.map(({ monthDay, name, paid }) => ({ date: `${year}-${monthDay}` as CalendarDate, name, paid })),
    { date: addDays(easter, -3), name: "Jueves Santo", paid: true },
    { date: addDays(easter, -2), name: "Viernes Santo", paid: true },
  ];
  return holidays.sort((x, y) => compareDates(x.date, y.date));
}

const holidaySets = new Map<number, Set<string>>();

function holidaySet(year: number): Set<string> {
  let set = holidaySets.get(year);
  if (!set) {
    set = new Set(holidaysOf(year).map((holiday) => holiday.date));
    holidaySets.set(year, set);
  }
  return set;
}

/** 0 Sunday … 6 Saturday, of a calendar day (no time zone involved). */
export function weekdayOf(date: CalendarDate): number {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isHoliday(date: CalendarDate): boolean {
  return holidaySet(Number(date.slice(0, 4))).has(date);
}

export function isBusinessDay(date: CalendarDate): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !isHoliday(date);
}

/** The day itself when it is a business day, else the next one. */
export function onOrNextBusinessDay(date: CalendarDate): CalendarDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** The `count`-th business day after `date` (the day itself not counted). */
export function addBusinessDays(date: CalendarDate, count: number): CalendarDate {
  if (!Number.isInteger(count) || count < 0 || count > 366) throw new RangeError("Cantidad de días hábiles inválida.");
  let day = date;
  let left = count;
  while (left > 0) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}
