/**
 * The job that keeps the daily rates: when due, one process takes it with a lease, asks the source for
 * the days since the last one it confirmed (at most BACKFILL_DAYS back), stores what was published,
 * and plans the next attempt — tomorrow once today is known, within the hour while it is not, sooner
 * and then less often after failures (decision 250). Runs on the app's one polling loop.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { backoffDelay, type BackoffPolicy } from "~/domain/hacienda-queue/backoff";
import { addDays, compareDates, startOfDay, todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import { RATE_CURRENCIES, type RateCurrency } from "~/domain/exchange-rates";
import { claimRateFetch, releaseRateFetch, type RateFetchRecord } from "~models/exchange-rate-fetch";
import { storeFetchedRates } from "~models/exchange-rate";
import { startPollingLoop, type PollingLoop } from "~/utils/polling-loop.server";
import { rateSourceConfig, type RateSourceConfig } from "./config.server";
import { RateAnswerInvalid, RateSourceUnavailable } from "./http.server";
import { fetchPublishedRates } from "./rate-sources.server";

/** How far back a fetch fills missing days. */
export const BACKFILL_DAYS = 31;
/** While today's rate is not published yet. */
export const RETRY_TODAY_MS = 60 * 60_000;
/** After a failure: 5, 10, 20 … minutes, at most an hour. */
export const RATE_FETCH_BACKOFF: BackoffPolicy = { baseMs: 5 * 60_000, maxMs: 60 * 60_000 };

export interface RateFetchOptions {
  currency?: RateCurrency;
  owner?: string;
  now?: () => Date;
  config?: RateSourceConfig;
  leaseMs?: number;
  random?: () => number;
  log?: (line: string) => void;
}

export type RateFetchOutcome =
  | { kind: "fetched"; stored: number; coveredThrough: string | null }
  | { kind: "failed"; reason: string }
  /** Not due, or another process holds it. */
  | { kind: "skipped" };

function ownerOf(options: RateFetchOptions): string {
  return options.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** The first day to ask for: the day after the last confirmed one, never more than BACKFILL_DAYS back. */
export function firstMissingDay(coveredThrough: string | null, today: CalendarDate): CalendarDate {
  const earliest = addDays(today, -(BACKFILL_DAYS - 1));
  if (!coveredThrough || compareDates(coveredThrough as CalendarDate, earliest) < 0) return earliest;
  return addDays(coveredThrough as CalendarDate, 1);
}

async function work(claimed: RateFetchRecord, owner: string, options: RateFetchOptions): Promise<RateFetchOutcome> {
  const currency = claimed._id;
  const now = (options.now ?? (() => new Date()))();
  const today = todayInCostaRica(now);
  // A configuration that cannot serve the currency (the BCCR has no euro here, decision 306) is not used for it.
  const given = options.config;
  const config = given && (currency === "USD" || given.kind === "hacienda") ? given : rateSourceConfig(currency);
  const from = firstMissingDay(claimed.coveredThrough, today);
  const tomorrow = new Date(startOfDay(addDays(today, 1)).getTime() + 5 * 60_000);
  if (compareDates(from, today) > 0) {
    // Today is known: nothing is missing, whatever an earlier attempt said.
    await releaseRateFetch(currency, owner, { nextFetchAt: tomorrow, lastError: null, failures: 0 });
    return { kind: "fetched", stored: 0, coveredThrough: claimed.coveredThrough };
  }
  try {
    const rates = await fetchPublishedRates(config, from, today, today, currency);
    const stored = await storeFetchedRates(currency, config.kind, rates, now);
    const last = rates.at(-1)?.date ?? null;
    const coveredThrough =
      last && (!claimed.coveredThrough || compareDates(last, claimed.coveredThrough as CalendarDate) > 0)
        ? last
        : claimed.coveredThrough;
    await releaseRateFetch(currency, owner, {
      coveredThrough,
      source: config.kind,
      lastAttemptAt: now,
      lastSuccessAt: now,
      lastError: null,
      failures: 0,
      nextFetchAt: coveredThrough === today ? tomorrow : new Date(now.getTime() + RETRY_TODAY_MS),
    });
    return { kind: "fetched", stored, coveredThrough };
  } catch (error) {
    if (!(error instanceof RateSourceUnavailable) && !(error instanceof RateAnswerInvalid)) {
      options.log?.(`exchange rates failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
    const reason =
      error instanceof RateSourceUnavailable || error instanceof RateAnswerInvalid
        ? error.message
        : "Error interno al consultar el tipo de cambio.";
    const failures = (claimed.failures ?? 0) + 1;
    const wait = backoffDelay(failures, RATE_FETCH_BACKOFF, (options.random ?? Math.random)());
    await releaseRateFetch(currency, owner, {
      source: config.kind,
      lastAttemptAt: now,
      lastError: reason,
      failures,
      nextFetchAt: new Date(now.getTime() + wait),
    });
    return { kind: "failed", reason };
  }
}

async function run(options: RateFetchOptions, evenIfNotDue: boolean): Promise<RateFetchOutcome> {
  const owner = ownerOf(options);
  const now = (options.now ?? (() => new Date()))();
  const claimed = await claimRateFetch(
    options.currency ?? "USD",
    owner,
    now,
    options.leaseMs ?? 2 * 60_000,
    evenIfNotDue,
  );
  if (!claimed) return { kind: "skipped" };
  return work(claimed, owner, options);
}

/** Fetches the rates when the job is due; «skipped» when it is not (or another process is at it). */
export function fetchRatesIfDue(options: RateFetchOptions = {}): Promise<RateFetchOutcome> {
  return run(options, false);
}

/** Fetches now, due or not (a super admin's «Consultar ahora», the tests), unless another process is at it. */
export function fetchRatesNow(options: RateFetchOptions = {}): Promise<RateFetchOutcome> {
  return run(options, true);
}

/** «Consultar ahora» for every currency, one after the other: each outcome with its currency. */
export async function fetchEveryRateNow(
  options: Omit<RateFetchOptions, "currency"> = {},
): Promise<Array<{ currency: RateCurrency; outcome: RateFetchOutcome }>> {
  const outcomes: Array<{ currency: RateCurrency; outcome: RateFetchOutcome }> = [];
  for (const currency of RATE_CURRENCIES)
    outcomes.push({ currency, outcome: await fetchRatesNow({ ...options, currency }) });
  return outcomes;
}

export type RateWorker = PollingLoop;

/** Looks every `idleMs` whether a currency's daily rate is due, in this process, until stopped. */
export function startRateWorker(options: RateFetchOptions & { idleMs?: number } = {}): RateWorker {
  const owned = { ...options, owner: ownerOf(options) };
  return startPollingLoop({
    step: async () => {
      for (const currency of RATE_CURRENCIES) await fetchRatesIfDue({ ...owned, currency });
      // Each fetch plans the next one in the database: the loop only looks again after its wait.
      return false;
    },
    idleMs: options.idleMs ?? 60_000,
    failure: "exchange-rate job unavailable",
    log: options.log ?? console.log,
  });
}
