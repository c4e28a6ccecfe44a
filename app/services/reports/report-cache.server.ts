import type { CatalogNode } from "~/domain/catalog";
import { ByteLru } from "~/utils/byte-lru";
import { balancesRevisionOf } from "../ledger/ledger.server";

/**
 * What the reports computed from an organization's period balances, kept per process and labelled
 * with the balances revision read BEFORE the balances (decision 117): a later post changes the
 * revision, so the next request reads a new label, misses and computes again. One point read per
 * request instead of the aggregate over the balances.
 */

// Per process: a level-5 trial balance of a large catalog is ~100 KB as estimated below.
const MAX_BYTES = 64 * 1024 * 1024;

const cache = new ByteLru<{ value: unknown; bytes: number }>(MAX_BYTES, (entry) => entry.bytes);
// Requests that miss together (fifty clients right after a post) wait for one computation.
const computing = new Map<string, Promise<unknown>>();

let nextCatalogId = 1;
const catalogIds = new WeakMap<readonly CatalogNode[], number>();

/**
 * A number that names this merged catalog while the process keeps it: the ledger context builds a new
 * tree whenever an organization's overrides change, so a report of the old tree is never reused.
 */
export function catalogIdOf(tree: readonly CatalogNode[]): number {
  let id = catalogIds.get(tree);
  if (id === undefined) {
    id = nextCatalogId++;
    catalogIds.set(tree, id);
  }
  return id;
}

/**
 * `compute()` of this organization's balances, reused while its balances revision stays the same.
 * `parts` name everything else the value depends on (report kind, query, catalog id); `bytesOf`
 * estimates its memory for the cache's bound.
 */
export async function cachedForBalances<T>(
  organizationId: string,
  parts: readonly unknown[],
  bytesOf: (value: T) => number,
  compute: () => Promise<T>,
): Promise<T> {
  return (await cachedWithKey(organizationId, parts, bytesOf, compute)).value;
}

/**
 * `cachedForBalances`, with the key that names the value: equal keys mean equal values, so whatever
 * a caller derives from the value (a page's pre-rendered rows) can be kept under it.
 */
export async function cachedWithKey<T>(
  organizationId: string,
  parts: readonly unknown[],
  bytesOf: (value: T) => number,
  compute: () => Promise<T>,
): Promise<{ key: string; value: T }> {
  const revision = await balancesRevisionOf(organizationId);
  const key = JSON.stringify([organizationId, revision, ...parts]);
  const hit = cache.get(key);
  if (hit) return { key, value: hit.value as T };
  let pending = computing.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = compute().then((value) => {
      cache.set(key, { value, bytes: bytesOf(value) });
      return value;
    });
    computing.set(key, pending);
    void pending.then(
      () => computing.delete(key),
      () => computing.delete(key),
    );
  }
  return { key, value: await pending };
}

/**
 * Forgets every cached value: for a benchmark measuring what a report costs to compute (the first
 * request after a post), not what a repeated one costs.
 */
export function forgetReportCache(): void {
  cache.clear();
}
