import type { Doc } from "../bson/values";
import { type Collation, collatedCompare } from "../query/collation";
import type { MatchDetails, Matcher } from "../query/matcher";
import { type SortField, sortDocuments } from "../query/sort";
import type { Collection } from "./collection";
import { planQuery } from "./planner";
import type { Transaction } from "./transaction";

/** Reads either the latest committed state or, inside a transaction, its snapshot plus its writes. */
export interface ReadView {
  transaction: Transaction | null;
}

export interface Match {
  id: string;
  doc: Doc;
  details?: MatchDetails;
}

export interface FindOptions {
  filter: Doc | undefined;
  matcher: Matcher;
  sort: readonly SortField[];
  skip?: number;
  limit?: number;
  wantDetails?: boolean;
  /** Non-simple collation: indexes (built by code point) are not used; sorting compares collated. */
  collation?: Collation | null;
}

export function readDocument(view: ReadView, collection: Collection, id: string): Doc | null {
  if (view.transaction) return view.transaction.read(collection, id);
  return collection.records.get(id)?.doc ?? null;
}

function* transactionIds(
  collection: Collection,
  transaction: Transaction,
  base: Iterable<string>,
  includeAll: boolean,
): Generator<string> {
  const seen = new Set<string>();
  for (const id of base) {
    if (seen.has(id)) continue;
    seen.add(id);
    yield id;
  }
  if (includeAll) return;
  // Then those changed since the snapshot: the current indexes place the others as it saw them.
  for (const id of collection.changedAfter(transaction.snapshot)) {
    if (!seen.has(id)) {
      seen.add(id);
      yield id;
    }
  }
  for (const id of transaction.overlayFor(collection)?.keys() ?? []) {
    if (!seen.has(id)) {
      seen.add(id);
      yield id;
    }
  }
}

/** Candidate documents in the view, and whether they already come in the requested sort order. */
export function candidates(
  view: ReadView,
  collection: Collection,
  filter: Doc | undefined,
  sort: readonly SortField[],
): { docs: Iterable<Match>; ordered: boolean } {
  const plan = planQuery(collection, filter, sort);
  const transaction = view.transaction;
  if (!transaction) {
    if (!plan) return { docs: naturalOrder(collection), ordered: sort.length === 0 };
    return { docs: resolveIds(plan.ids, (id) => collection.records.get(id)?.doc ?? null), ordered: plan.ordered };
  }
  const changedSinceSnapshot = collection.history.size > 0 || (transaction.overlayFor(collection)?.size ?? 0) > 0;
  if (!plan) {
    const ids = transactionIds(collection, transaction, collection.records.keys(), false);
    return { docs: resolveIds(ids, (id) => transaction.read(collection, id)), ordered: sort.length === 0 };
  }
  // _id equality names every candidate itself, whatever changed since the snapshot.
  const ids = plan.byIds ? plan.ids : transactionIds(collection, transaction, plan.ids, false);
  return {
    docs: resolveIds(ids, (id) => transaction.read(collection, id)),
    ordered: plan.ordered && !changedSinceSnapshot,
  };
}

function* naturalOrder(collection: Collection): Generator<Match> {
  for (const [id, record] of collection.records) yield { id, doc: record.doc };
}

function* resolveIds(ids: Iterable<string>, read: (id: string) => Doc | null): Generator<Match> {
  for (const id of ids) {
    const doc = read(id);
    if (doc) yield { id, doc };
  }
}

/** Runs a filtered, sorted, paged read. */
export function findMatches(view: ReadView, collection: Collection | undefined, options: FindOptions): Match[] {
  if (!collection) return [];
  const skip = options.skip ?? 0;
  const limit = options.limit && options.limit > 0 ? options.limit : 0;
  const collation = options.collation ?? null;
  const { docs, ordered } = collation
    ? { ...candidates(view, collection, undefined, []), ordered: options.sort.length === 0 }
    : candidates(view, collection, options.filter, options.sort);
  const enough = ordered && limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  let matches: Match[] = [];
  for (const match of docs) {
    const details: MatchDetails | undefined = options.wantDetails ? {} : undefined;
    if (!options.matcher(match.doc, details)) continue;
    matches.push(details ? { ...match, details } : match);
    if (matches.length >= enough) break;
  }
  if (!ordered && options.sort.length > 0) {
    const byDoc = new Map(matches.map((match) => [match.doc, match]));
    matches = sortDocuments(
      matches.map((match) => match.doc),
      options.sort,
      collatedCompare(collation),
    ).map((doc) => byDoc.get(doc)!);
  }
  if (skip > 0 || limit > 0) matches = matches.slice(skip, limit > 0 ? skip + limit : undefined);
  return matches;
}
