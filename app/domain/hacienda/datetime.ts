/** Hacienda's xs:dateTime values, written and read in Costa Rica time (see ../calendar.ts). */
import { COSTA_RICA_OFFSET, costaRicaParts, isRealDay } from "../calendar";

export { COSTA_RICA_OFFSET, costaRicaParts };

const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

function two(value: number): string {
  return String(value).padStart(2, "0");
}

/** xs:dateTime in Costa Rica time, e.g. 2025-05-13T15:30:00-06:00 (what CR systems send). */
export function formatCostaRicaDateTime(date: Date): string {
  const p = costaRicaParts(date);
  return `${String(p.year).padStart(4, "0")}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${COSTA_RICA_OFFSET}`;
}

/**
 * Normalises an xs:dateTime from a document to ISO 8601 with an offset. A value without a zone is
 * read as Costa Rica time. Returns null when it is not a valid date-time.
 */
export function normalizeDateTime(text: string): string | null {
  const match = DATE_TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction = "", zone] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${zone ?? COSTA_RICA_OFFSET}`;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  // Date.parse rolls 2025-02-30 over to March; a real calendar date must exist.
  if (!isRealDay(Number(year), Number(month), Number(day))) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  return iso;
}
