/**
 * Entry numbers: sequential per organization and fiscal year, written `2026-000154`. The fiscal year
 * is the calendar year of the entry's date.
 */
const NUMBER_PATTERN = /^(\d{4})-(\d{6,})$/;

export function fiscalYearOf(date: string): number {
  return Number(date.slice(0, 4));
}

export function formatEntryNumber(fiscalYear: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Número de asiento inválido: ${sequence}`);
  return `${String(fiscalYear).padStart(4, "0")}-${String(sequence).padStart(6, "0")}`;
}

/** The fiscal year and sequence of `2026-000154`, or null for any other text. */
export function parseEntryNumber(text: string): { fiscalYear: number; sequence: number } | null {
  const match = NUMBER_PATTERN.exec(text.trim());
  if (!match) return null;
  const sequence = Number(match[2]);
  if (!Number.isSafeInteger(sequence) || sequence < 1) return null;
  return { fiscalYear: Number(match[1]), sequence };
}
