/**
 * The clients of the two rate sources, speaking exactly the documented requests
 * (docs/domain/exchange-rates.md §2–§3): the BCCR web service's ObtenerIndicadoresEconomicosXML by HTTP
 * GET, once for the buy (317) and once for the sell (318) indicator; Hacienda's `tc/dolar/historico`
 * for a range, or `tc/dolar` for today when the history is unavailable; for the euro, Hacienda's
 * `tc/euro` (its last published day: there is no documented history).
 */
import { compareDates, type CalendarDate } from "~/domain/calendar";
import {
  BCCR_INDICATORS,
  MAX_HISTORY_DAYS,
  pairIndicators,
  parseBccrAnswer,
  parseHaciendaEuro,
  parseHaciendaHistory,
  parseHaciendaToday,
  type PublishedRate,
  type RateCurrency,
} from "~/domain/exchange-rates";
import type { BccrSubscription, RateSourceConfig } from "./config.server";
import { getText, RateAnswerInvalid, RateSourceUnavailable } from "./http.server";

/** `dd/mm/yyyy`, the service's date format. */
export function bccrDate(date: CalendarDate): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

export function bccrRequestUrl(
  subscription: BccrSubscription,
  indicator: string,
  from: CalendarDate,
  to: CalendarDate,
) {
  const query = new URLSearchParams({
    Indicador: indicator,
    FechaInicio: bccrDate(from),
    FechaFinal: bccrDate(to),
    Nombre: subscription.name,
    SubNiveles: "N",
    CorreoElectronico: subscription.email,
    Token: subscription.token,
  });
  return `${subscription.url}/ObtenerIndicadoresEconomicosXML?${query.toString()}`;
}

async function bccrIndicator(
  subscription: BccrSubscription,
  indicator: string,
  from: CalendarDate,
  to: CalendarDate,
  timeoutMs: number,
) {
  const body = await getText(bccrRequestUrl(subscription, indicator, from, to), timeoutMs, "el Banco Central");
  const answer = parseBccrAnswer(body);
  if (!answer.ok) throw new RateAnswerInvalid(answer.reason);
  return answer.values;
}

async function fromBccr(subscription: BccrSubscription, from: CalendarDate, to: CalendarDate, timeoutMs: number) {
  const buys = await bccrIndicator(subscription, BCCR_INDICATORS.buy, from, to, timeoutMs);
  const sells = await bccrIndicator(subscription, BCCR_INDICATORS.sell, from, to, timeoutMs);
  return pairIndicators([...buys, ...sells]);
}

async function fromHacienda(
  baseUrl: string,
  from: CalendarDate,
  to: CalendarDate,
  timeoutMs: number,
  today: CalendarDate,
) {
  const query = new URLSearchParams({ d: from, h: to });
  try {
    const answer = parseHaciendaHistory(
      await getText(`${baseUrl}tc/dolar/historico?${query.toString()}`, timeoutMs, "Hacienda"),
    );
    if (!answer.ok) throw new RateAnswerInvalid(answer.reason);
    return answer.rates;
  } catch (error) {
    // The history has been unavailable for long stretches (§3): today's rate is still worth having.
    if (!(error instanceof RateSourceUnavailable) || (error.httpStatus ?? 500) < 500) throw error;
    if (compareDates(from, today) > 0 || compareDates(to, today) < 0) throw error;
    const answer = parseHaciendaToday(await getText(`${baseUrl}tc/dolar`, timeoutMs, "Hacienda"));
    if (!answer.ok) throw new RateAnswerInvalid(answer.reason);
    return answer.rates;
  }
}

async function euroFromHacienda(baseUrl: string, timeoutMs: number) {
  const answer = parseHaciendaEuro(await getText(`${baseUrl}tc/euro`, timeoutMs, "Hacienda"));
  if (!answer.ok) throw new RateAnswerInvalid(answer.reason);
  return answer.rates;
}

/**
 * The rates a source published from `from` to `to` (both included, at most MAX_HISTORY_DAYS days),
 * oldest first; only days inside the range. `today` decides whether today's rate may stand in for
 * an unavailable history.
 */
export async function fetchPublishedRates(
  config: RateSourceConfig,
  from: CalendarDate,
  to: CalendarDate,
  today: CalendarDate,
  currency: RateCurrency = "USD",
): Promise<PublishedRate[]> {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (!(days >= 1 && days <= MAX_HISTORY_DAYS)) throw new RangeError(`rate range ${from}..${to} out of bounds`);
  if (currency === "EUR" && config.kind !== "hacienda") throw new RangeError("the euro is read from Hacienda only");
  const rates =
    currency === "EUR" && config.kind === "hacienda"
      ? await euroFromHacienda(config.baseUrl, config.timeoutMs)
      : config.kind === "bccr"
        ? await fromBccr(config.bccr, from, to, config.timeoutMs)
        : await fromHacienda(config.baseUrl, from, to, config.timeoutMs, today);
  return rates
    .filter((rate) => compareDates(rate.date, from) >= 0 && compareDates(rate.date, to) <= 0)
    .sort((a, b) => compareDates(a.date, b.date));
}
