/**
 * Text people read and type, pure and shared by server and browser: the fold searches compare with, and
 * the one place where counts, money and dates are put into Spanish sentences (plurals agree, amounts
 * read «₡1 000 000,00», dates «30/11/2026»; never a parenthesised plural, «1000000.00» or «2026-11-30»).
 */
import { formatCalendarDate, formatDate, parseCalendarDate, type CalendarDate } from "./calendar";
import { centsToAmount, formatColones, type Amount, type Cents } from "./money";

/** Text as searches compare it: lower case, without accents, single spaces ("Ferretería" ≈ "ferreteria"). */
export function searchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Only the digits of a cédula, consecutivo or clave typed with dashes or spaces. */
export function searchDigits(text: string): string {
  const compact = text.replace(/[\s-]/g, "");
  return /^\d+$/.test(compact) ? compact : "";
}

/** The singular or the plural form for a count (Spanish: 1 is singular, 0 and the rest plural). */
export function plural(count: number, singular: string, pluralForm: string): string {
  return count === 1 ? singular : pluralForm;
}

/** "1 comprobante", "0 comprobantes", "1 234 comprobantes" (es-CR digit grouping). */
export function countLabel(count: number, singular: string, pluralForm: string): string {
  return `${count.toLocaleString("es-CR")} ${plural(count, singular, pluralForm)}`;
}

/** «Queda 1 comprobante pendiente», «Quedan 3 comprobantes pendientes»: the verb agrees too. */
export function pendingText(count: number): string {
  return `${plural(count, "Queda", "Quedan")} ${countLabel(count, "comprobante pendiente", "comprobantes pendientes")}`;
}

/** A label that stands alone (a heading, a link on its own line) starts with a capital: "Octubre de 2025". */
export function sentenceCase(text: string): string {
  return text.charAt(0).toLocaleUpperCase("es-CR") + text.slice(1);
}

/** An amount in colones inside a sentence, exactly as the tables show it: «₡1 000 000,00». */
export function moneyText(amount: Amount): string {
  return formatColones(amount);
}

/** Céntimos inside a sentence: «₡1 000 000,00». */
export function centsText(value: Cents): string {
  return formatColones(centsToAmount(value));
}

/**
 * A date inside a sentence, dd/mm/aaaa: a calendar day ("2026-11-30" → «30/11/2026») as is, an instant
 * in Costa Rica time. Text that is not a date is returned unchanged.
 */
export function dateText(date: CalendarDate | Date | string): string {
  if (date instanceof Date) return formatDate(date);
  const day = parseCalendarDate(date);
  if (day) return formatCalendarDate(day);
  const instant = new Date(date);
  return /^\d{4}-\d{2}-\d{2}T/.test(date) && !Number.isNaN(instant.getTime()) ? formatDate(instant) : date;
}
