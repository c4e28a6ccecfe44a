import mongoose, { Schema, type ClientSession } from "mongoose";
import type { CalendarDate } from "../app/domain/calendar";
import { isDuplicateKeyError } from "./mongo-errors";
import type { PublishedRate, RateCurrency, RateSource } from "../app/domain/exchange-rates";

/**
 * Daily reference rates, one document per currency and day (`_id` "USD/2026-11-26"): buy and sell in
 * colones as exact Amounts (0.00001 units, 64-bit integers). Only days a source published, or a
 * super admin entered, are stored; other days carry the last one (docs/domain/exchange-rates.md §1).
 * A fetch never overwrites a rate entered by hand; every manual change is kept in `history`.
 */
export interface RateChange {
  at: Date;
  by: string;
  action: "create" | "update";
  /** "buy/sell/source" before and after, rates as 5-decimal text; empty when there was none. */
  before: string;
  after: string;
  reason: string;
}

export interface ExchangeRateRecord {
  _id: string;
  currency: RateCurrency;
  date: string;
  buy: bigint;
  sell: bigint;
  source: RateSource;
  fetchedAt?: Date;
  enteredBy?: string;
  history: RateChange[];
  updatedAt?: Date;
}

const exchangeRateSchema = new Schema<ExchangeRateRecord>(
  {
    _id: { type: String, required: true },
    currency: { type: String, required: true },
    date: { type: String, required: true },
    buy: { type: BigInt, required: true },
    sell: { type: BigInt, required: true },
    source: { type: String, required: true },
    fetchedAt: Date,
    enteredBy: String,
    history: {
      type: [{ _id: false, at: Date, by: String, action: String, before: String, after: String, reason: String }],
      default: [],
    },
  },
  { collection: "exchange_rates", versionKey: false, timestamps: true },
);

exchangeRateSchema.index({ currency: 1, date: -1 });

export const ExchangeRate =
  (mongoose.models.ExchangeRate as mongoose.Model<ExchangeRateRecord> | undefined) ??
  mongoose.model<ExchangeRateRecord>("ExchangeRate", exchangeRateSchema);

export function rateId(currency: RateCurrency, date: string): string {
  return `${currency}/${date}`;
}

function published(record: ExchangeRateRecord): PublishedRate & { source: RateSource } {
  return {
    date: record.date as CalendarDate,
    buy: BigInt(record.buy),
    sell: BigInt(record.sell),
    source: record.source,
  };
}

/** Stores rates a source published; a day entered by hand keeps its manual value. Returns how many were new or changed. */
export async function storeFetchedRates(
  currency: RateCurrency,
  source: Exclude<RateSource, "manual">,
  rates: PublishedRate[],
  fetchedAt: Date,
): Promise<number> {
  if (rates.length === 0) return 0;
  const ids = rates.map((rate) => rateId(currency, rate.date));
  const existing = await ExchangeRate.find({ _id: { $in: ids } }, { source: 1, buy: 1, sell: 1 }).lean<
    Array<Pick<ExchangeRateRecord, "_id" | "source" | "buy" | "sell">>
  >();
  const known = new Map(existing.map((row) => [row._id, row]));
  let written = 0;
  const fresh = rates.filter((rate) => !known.has(rateId(currency, rate.date)));
  if (fresh.length > 0) {
    const inserted = await ExchangeRate.insertMany(
      fresh.map((rate) => ({
        _id: rateId(currency, rate.date),
        currency,
        date: rate.date,
        buy: rate.buy,
        sell: rate.sell,
        source,
        fetchedAt,
        history: [],
      })),
      { ordered: false, rawResult: true },
    ).catch((error: unknown) => {
      // Another process stored the same day first: its value is the same publication.
      if (isDuplicateKeyError(error))
        return { insertedCount: (error as { insertedCount?: number }).insertedCount ?? 0 };
      throw error;
    });
    written += inserted.insertedCount ?? 0;
  }
  for (const rate of rates) {
    const row = known.get(rateId(currency, rate.date));
    if (!row || row.source === "manual") continue;
    if (BigInt(row.buy) === rate.buy && BigInt(row.sell) === rate.sell) continue;
    const result = await ExchangeRate.updateOne(
      { _id: row._id, source: { $ne: "manual" } },
      { $set: { buy: rate.buy, sell: rate.sell, source, fetchedAt } },
    );
    written += result.modifiedCount;
  }
  return written;
}

/** Stored days of a range, oldest first, with the last stored day before `from` (what its first days carry). */
export async function ratesAround(
  currency: RateCurrency,
  from: string,
  to: string,
  session?: ClientSession,
): Promise<Array<PublishedRate & { source: RateSource }>> {
  const [before, inside] = await Promise.all([
    ExchangeRate.findOne({ currency, date: { $lt: from } }, null, { session })
      .sort({ date: -1 })
      .lean<ExchangeRateRecord | null>(),
    ExchangeRate.find({ currency, date: { $gte: from, $lte: to } }, null, { session })
      .sort({ date: 1 })
      .lean<ExchangeRateRecord[]>(),
  ]);
  return [...(before ? [before] : []), ...inside].map(published);
}

/** The stored days of a range (dates only), to know which ones a fetch must fill. */
export async function storedDays(currency: RateCurrency, from: string, to: string): Promise<Set<string>> {
  const rows = await ExchangeRate.find({ currency, date: { $gte: from, $lte: to } }, { date: 1 }).lean<
    Array<{ date: string }>
  >();
  return new Set(rows.map((row) => row.date));
}

export async function findStoredRate(currency: RateCurrency, date: string, session?: ClientSession) {
  return ExchangeRate.findById(rateId(currency, date), null, { session }).lean<ExchangeRateRecord | null>();
}

/** Writes a rate entered by hand with its audit line (in the caller's transaction). */
export async function saveManualRate(
  currency: RateCurrency,
  rate: PublishedRate,
  change: RateChange,
  session: ClientSession,
): Promise<void> {
  await ExchangeRate.updateOne(
    { _id: rateId(currency, rate.date) },
    {
      $set: { buy: rate.buy, sell: rate.sell, source: "manual", enteredBy: change.by },
      $setOnInsert: { currency, date: rate.date },
      $push: { history: change },
    },
    { upsert: true, session },
  );
}

/** The last changes made by hand, newest first (the page's audit list). */
export async function recentManualChanges(
  currency: RateCurrency,
  limit: number,
): Promise<Array<{ date: string; change: RateChange }>> {
  const rows = await ExchangeRate.find({ currency, "history.0": { $exists: true } }, { date: 1, history: 1 })
    .sort({ updatedAt: -1 })
    .limit(limit)
    .lean<Array<Pick<ExchangeRateRecord, "date" | "history">>>();
  return rows
    .flatMap((row) => row.history.map((change) => ({ date: row.date, change })))
    .sort((a, b) => new Date(b.change.at).getTime() - new Date(a.change.at).getTime())
    .slice(0, limit);
}
