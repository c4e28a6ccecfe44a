/**
 * Answers of Hacienda's public exchange-rate endpoint (docs/domain/exchange-rates.md §3): today's
 * `tc/dolar`, the `tc/dolar/historico` list and the euro's `tc/euro`. Numbers arrive as JSON numbers with at most two
 * decimals; each is read through its shortest decimal form, never used as a float.
 */
import { parseCalendarDate, type CalendarDate } from "../calendar";
import type { Amount } from "../money";
import type { PublishedRate } from "./rate";
import { readRate } from "./rate";

export type HaciendaAnswer = { ok: true; rates: PublishedRate[] } | { ok: false; reason: string };

const INVALID = "La respuesta de Hacienda no tiene el formato documentado.";

function rateOf(value: unknown): Amount | null {
  if (typeof value === "number" && Number.isFinite(value)) return readRate(String(value));
  return null;
}

function dayOf(value: unknown): CalendarDate | null {
  return typeof value === "string" ? parseCalendarDate(value.slice(0, 10)) : null;
}

function json(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** `{"venta": {"fecha", "valor"}, "compra": {"fecha", "valor"}}`: one day. */
export function parseHaciendaToday(body: string): HaciendaAnswer {
  const answer = json(body) as {
    venta?: { fecha?: unknown; valor?: unknown };
    compra?: { fecha?: unknown; valor?: unknown };
  };
  if (!answer || typeof answer !== "object") return { ok: false, reason: INVALID };
  const date = dayOf(answer.venta?.fecha);
  const sell = rateOf(answer.venta?.valor);
  const buy = rateOf(answer.compra?.valor);
  if (!date || sell === null || buy === null || dayOf(answer.compra?.fecha) !== date)
    return { ok: false, reason: INVALID };
  return { ok: true, rates: [{ date, buy, sell }] };
}

/** Most days one historical answer is read for. */
export const MAX_HISTORY_DAYS = 400;

/** `[{"fecha": "2019-12-01 00:00:00", "compra", "venta"}, …]`: one object per day. */
export function parseHaciendaHistory(body: string): HaciendaAnswer {
  const answer = json(body);
  if (!Array.isArray(answer) || answer.length > MAX_HISTORY_DAYS) return { ok: false, reason: INVALID };
  const rates: PublishedRate[] = [];
  for (const item of answer as Array<Record<string, unknown> | null>) {
    const date = dayOf(item?.fecha);
    const buy = rateOf(item?.compra);
    const sell = rateOf(item?.venta);
    if (!date || buy === null || sell === null) return { ok: false, reason: INVALID };
    rates.push({ date, buy, sell });
  }
  return { ok: true, rates };
}

/**
 * `{"fecha", "dolares", "colones"}`: the euro's last published day, one figure in colones (no buy
 * and sell), kept as both. `colones` null or absent means the day's figure is not out yet: no rate.
 */
export function parseHaciendaEuro(body: string): HaciendaAnswer {
  const answer = json(body) as { fecha?: unknown; colones?: unknown } | null;
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return { ok: false, reason: INVALID };
  if (answer.colones === null || answer.colones === undefined) return { ok: true, rates: [] };
  const date = dayOf(answer.fecha);
  const colones = rateOf(answer.colones);
  if (!date || colones === null) return { ok: false, reason: INVALID };
  return { ok: true, rates: [{ date, buy: colones, sell: colones }] };
}
