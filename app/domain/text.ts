/**
 * Text people read and type, pure and shared by server and browser: the fold searches compare with, and
 * the one place where counts, money and dates are put into Spanish sentences (plurals agree, amounts
 * read «₡1 000 000,00», dates «30/11/2026»; never a parenthesised plural, «1000000.00» or «2026-11-30»).
 */
import { formatCalendarDate, formatDate, parseCalendarDate, type CalendarDate } from "./calendar";
import { centsToAmount, formatColones, type Amount, type Cents } from "./money";

const foldedChars = new Map<string, string>();
const FOLDED_CHARS_KEPT = 10_000;

function foldChar(char: string): string {
  let folded = foldedChars.get(char);
  if (folded === undefined) {
    folded = char.normalize("NFD").replace(/\p{M}/gu, "");
    if (foldedChars.size < FOLDED_CHARS_KEPT) foldedChars.set(char, folded);
  }
  return folded;
}

/**
 * The one fold every search compares with: lower case without accents, so «Irazu» finds «Irazú» and
 * «credito» finds «Crédito» (ñ folds to n). Only non-ASCII characters can carry accents; folding them one
 * by one, memoized, halves the cost of normalizing whole labels.
 */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/[^\p{ASCII}]/gu, foldChar);
}

/** A query or a stored search field: folded, single spaces, trimmed ("  Ferretería   EL " → "ferreteria el"). */
export function searchText(text: string): string {
  return foldText(text).replace(/\s+/g, " ").trim();
}

/** The accented and upper-case letters each folded letter stands for in stored text. */
const VARIANTS: Readonly<Record<string, string>> = {
  a: "aáàâäãåAÁÀÂÄÃÅ",
  e: "eéèêëEÉÈÊË",
  i: "iíìîïIÍÌÎÏ",
  o: "oóòôöõOÓÒÔÖÕ",
  u: "uúùûüUÚÙÛÜ",
  n: "nñNÑ",
  c: "cçCÇ",
  y: "yýÿYÝŸ",
};

/**
 * A regular expression source that finds the query inside stored text that was not folded: the query is
 * folded, regex characters are escaped, each letter becomes the class of its accented and upper-case
 * variants and runs of spaces match any run of spaces. «irazu» → `[iíìîïIÍÌÎÏ][rR][aá…]z…`. Used for
 * database fields kept as people typed them (entry descriptions, organization names); fields stored
 * folded compare with `searchText` instead.
 */
export function foldedPattern(query: string): string {
  let pattern = "";
  for (const char of searchText(query)) {
    if (char === " ") pattern += "\\s+";
    else if (VARIANTS[char]) pattern += `[${VARIANTS[char]}]`;
    else if (/[a-z]/.test(char)) pattern += `[${char}${char.toUpperCase()}]`;
    else pattern += char.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
  }
  return pattern;
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
