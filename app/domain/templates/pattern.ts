/**
 * The description pattern of a template. Placeholders, filled from the entry's date when the template
 * is applied:
 *   {mes}    the month's name in lower case («marzo»)
 *   {año}    the year, four digits («2026»)
 *   {fecha}  the date as dd/mm/aaaa («15/03/2026»)
 * Anything else between braces is refused when the template is saved, so a typo never reaches an entry.
 */
import { MONTH_NAMES, formatCalendarDate, type CalendarDate } from "../calendar";

export const PLACEHOLDERS = ["{mes}", "{año}", "{fecha}"] as const;

const PLACEHOLDER = /\{[^{}]*\}/g;

export function unknownPlaceholderMessage(placeholder: string): string {
  return `El marcador ${placeholder} no existe: use {mes}, {año} o {fecha}.`;
}

/** The first unknown placeholder's refusal, or null. */
export function patternProblem(pattern: string): string | null {
  for (const match of pattern.match(PLACEHOLDER) ?? []) {
    if (!(PLACEHOLDERS as readonly string[]).includes(match)) return unknownPlaceholderMessage(match);
  }
  return null;
}

export function fillPattern(pattern: string, date: CalendarDate): string {
  const [year, month] = date.split("-");
  const values: Record<string, string> = {
    "{mes}": MONTH_NAMES[Number(month) - 1],
    "{año}": year,
    "{fecha}": formatCalendarDate(date),
  };
  return pattern.replace(PLACEHOLDER, (match) => values[match] ?? match);
}
