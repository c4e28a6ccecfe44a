/** Calendar months as "YYYY-MM" in Costa Rica time (UTC−06:00 all year). */

const COSTA_RICA_OFFSET_MS = -6 * 60 * 60 * 1000;

const MONTH_NAMES = [
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

/** The Costa Rica calendar month of an instant. */
export function monthOf(date: Date): string {
  const shifted = new Date(date.getTime() + COSTA_RICA_OFFSET_MS);
  return `${shifted.getUTCFullYear()}-${two(shifted.getUTCMonth() + 1)}`;
}

export function currentMonth(now: Date = new Date()): string {
  return monthOf(now);
}

/** "2025-10" when the text is a month between 2000 and 2099, else null. */
export function parseMonth(text: string | null | undefined): string | null {
  const match = /^(20\d{2})-(0[1-9]|1[0-2])$/.exec((text ?? "").trim());
  return match ? `${match[1]}-${match[2]}` : null;
}

export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split("-").map(Number);
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${Math.floor(index / 12)}-${two((index % 12) + 1)}`;
}

/** "octubre de 2025" */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  return `${MONTH_NAMES[monthNumber - 1]} de ${year}`;
}

/** dd/mm/aaaa of an instant, in Costa Rica time. */
export function formatDate(date: Date | string): string {
  const instant = typeof date === "string" ? new Date(date) : date;
  const shifted = new Date(instant.getTime() + COSTA_RICA_OFFSET_MS);
  return `${two(shifted.getUTCDate())}/${two(shifted.getUTCMonth() + 1)}/${shifted.getUTCFullYear()}`;
}

/** dd/mm/aaaa hh:mm of an instant, in Costa Rica time. */
export function formatDateTime(date: Date | string): string {
  const instant = typeof date === "string" ? new Date(date) : date;
  const shifted = new Date(instant.getTime() + COSTA_RICA_OFFSET_MS);
  return `${formatDate(instant)} ${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}`;
}
