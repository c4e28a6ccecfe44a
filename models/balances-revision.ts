import { randomUUID } from "node:crypto";
import mongoose, { Schema, type ClientSession } from "mongoose";

/**
 * A token per organization that changes in every transaction that changes its period balances, so a
 * process that computed something from the balances can tell with one point read whether it still
 * holds. A random token rather than a counter: a database restored or emptied (tests) never hands an
 * old value back to a process that cached it.
 */
interface BalancesRevisionRecord {
  _id: string;
  token: string;
  /** One token per calendar year of the balances a transaction changed (decision 174). */
  years?: Record<string, string>;
}

const balancesRevisionSchema = new Schema<BalancesRevisionRecord>(
  {
    _id: { type: String, required: true },
    token: { type: String, required: true },
    years: { type: Schema.Types.Mixed },
  },
  { collection: "balances_revisions", versionKey: false },
);

export const BalancesRevision =
  (mongoose.models.BalancesRevision as mongoose.Model<BalancesRevisionRecord> | undefined) ??
  mongoose.model<BalancesRevisionRecord>("BalancesRevision", balancesRevisionSchema);

/** The token of an organization whose balances were never written. */
export const UNTOUCHED_BALANCES = "sin-movimientos";

/**
 * A new token for the organization, and for each year whose balances changed, inside the caller's
 * transaction (the first one creates the row).
 */
export async function bumpBalancesRevision(
  organizationId: string,
  years: Iterable<number>,
  session: ClientSession,
): Promise<void> {
  const set: Record<string, string> = { token: randomUUID() };
  for (const year of new Set(years)) set[`years.${year}`] = randomUUID();
  await BalancesRevision.collection.updateOne(
    { _id: organizationId } as never,
    { $set: set },
    { upsert: true, session },
  );
}

/** The token of every year whose balances were ever changed, by year ("2025"). */
export async function readYearRevisions(organizationId: string): Promise<Record<string, string>> {
  const record = await BalancesRevision.collection.findOne<BalancesRevisionRecord>({ _id: organizationId } as never, {
    projection: { years: 1 },
  });
  return record?.years ?? {};
}

/** `readYearRevisions` of several organizations in one read; an organization never posted to has none. */
export async function readYearRevisionsOf(
  organizationIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const records = await BalancesRevision.collection
    .find<BalancesRevisionRecord>({ _id: { $in: [...organizationIds] } } as never, { projection: { years: 1 } })
    .toArray();
  return new Map(records.map((record) => [record._id, record.years ?? {}]));
}

/** The organization's current token. */
export async function readBalancesRevision(organizationId: string): Promise<string> {
  const record = await BalancesRevision.collection.findOne<BalancesRevisionRecord>({ _id: organizationId } as never, {
    projection: { token: 1 },
  });
  return record?.token ?? UNTOUCHED_BALANCES;
}
