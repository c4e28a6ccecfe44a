/**
 * When the rate a page uses deserves a warning: it was carried to a day the source has not confirmed
 * yet (the app could not reach it, or today's rate is not out). A weekend carried inside the confirmed
 * range is the published rule, not a problem (docs/domain/exchange-rates.md §1).
 */
import { compareDates, formatCalendarDate, type CalendarDate } from "../calendar";
import { formatRate, type DailyRate } from "./rate";

export interface FetchState {
  coveredThrough: string | null;
  lastError: string | null;
}

export function rateWarning(date: CalendarDate, rate: DailyRate | null, state: FetchState | null): string | null {
  const confirmed = state?.coveredThrough ? compareDates(date, state.coveredThrough as CalendarDate) <= 0 : false;
  const because = state?.lastError ? ` La última consulta falló: ${state.lastError}` : "";
  if (!rate) {
    return `No hay tipo de cambio conocido para el ${formatCalendarDate(date)}.${because} Escríbalo a mano.`;
  }
  if (!rate.carriedFrom || confirmed) return null;
  return `Aún no se obtuvo el tipo de cambio del ${formatCalendarDate(date)}; se usa el último conocido, del ${formatCalendarDate(rate.carriedFrom)}.${because}`;
}

/** One audit line of a rate entered by hand: «Corregido por … el …: compra ₡… → ₡…, venta … (motivo)». */
export function formatRateChange(change: {
  at: Date | string;
  by: string;
  action: string;
  before: string;
  after: string;
  reason: string;
}): string {
  const pair = (text: string) => {
    const [buy, sell] = text.split("/");
    return buy && sell ? { buy: formatRate(BigInt(buy)), sell: formatRate(BigInt(sell)) } : null;
  };
  const before = pair(change.before);
  const after = pair(change.after);
  const when = new Date(change.at).toLocaleString("es-CR", { timeZone: "America/Costa_Rica" });
  const verb = change.action === "create" ? "Ingresado" : "Corregido";
  const values = before
    ? `compra ${before.buy} → ${after?.buy}, venta ${before.sell} → ${after?.sell}`
    : `compra ${after?.buy}, venta ${after?.sell}`;
  return `${verb} por ${change.by} el ${when}: ${values} (${change.reason})`;
}
