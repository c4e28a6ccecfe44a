import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { MonthKey } from "~/domain/calendar";
import type { BoardPartialPayment } from "~/domain/board/partial-payments";
import { boardBuildKey, claimBoardBuild, releaseBoardBuild } from "~models/board-build";
import { boardMonths, type BoardMonth } from "./month-summaries.server";
import { partialPaymentsFor } from "./partial-payments.server";

/**
 * Building clients' board months that nothing current is kept for (decision 311): each under a lease,
 * so no client's month is built twice at once by two requests or two processes; a few within the
 * request that asked, the rest by one background queue per process that outlives the request. An
 * error in one client is logged and remembered for the board, and the others go on.
 */

export interface BuiltClient {
  month: BoardMonth;
  partialPayment: BoardPartialPayment;
}

/** A process that died while building leaves its lease; it runs out after this. */
const LEASE_MS = 2 * 60_000;
/** Clients built together: the grouped reads of a month's figures serve them in one set. */
export const CLIENTS_PER_BUILD = 4;
/** A client whose build failed is tried again by a board read after this long. */
const RETRY_AFTER_MS = 60_000;

const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
/** The last error of each client's month that failed to build, until it builds. */
const failures = new Map<string, { message: string; at: number }>();

/**
 * Builds the clients' months and pagos parciales, storing every part that was not current. Without a
 * lease: for the callers that need every row and wait for it (the verification, the tests); the pages
 * build under `buildUnderLease`.
 */
export async function buildClients(
  ids: readonly string[],
  month: MonthKey,
  now: Date,
): Promise<Map<string, BuiltClient>> {
  const [months, payments] = await Promise.all([
    boardMonths(ids, month),
    partialPaymentsFor(ids, Number(month.slice(0, 4)), now),
  ]);
  for (const id of ids) failures.delete(boardBuildKey(id, month));
  return new Map(ids.map((id) => [id, { month: months.get(id)!, partialPayment: payments.get(id)! }]));
}

/**
 * Builds the clients whose lease it takes; the others are being built by someone else right now and
 * are left out of the result.
 */
export async function buildUnderLease(
  ids: readonly string[],
  month: MonthKey,
  now: Date,
): Promise<Map<string, BuiltClient>> {
  const claimed: string[] = [];
  for (const id of ids)
    if (await claimBoardBuild(boardBuildKey(id, month), owner, new Date(), LEASE_MS)) claimed.push(id);
  try {
    return await buildClients(claimed, month, now);
  } finally {
    await Promise.all(claimed.map((id) => releaseBoardBuild(boardBuildKey(id, month), owner)));
  }
}

const queue = new Map<string, { id: string; month: MonthKey }>();
let draining: Promise<void> | null = null;

/** Whether the last build of the client's month failed (and when it may be tried again). */
export function buildFailure(id: string, month: MonthKey): { message: string; retryable: boolean } | null {
  const failure = failures.get(boardBuildKey(id, month));
  return failure ? { message: failure.message, retryable: Date.now() - failure.at >= RETRY_AFTER_MS } : null;
}

function recordFailure(id: string, month: MonthKey, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  failures.set(boardBuildKey(id, month), { message, at: Date.now() });
  console.error(`board: the month ${month} of ${id} could not be built: ${message}`);
}

/** One batch of the queue: the first client's month and up to a few more clients of it. */
function nextBatch(): { month: MonthKey; ids: string[] } | null {
  const first = queue.values().next();
  if (first.done) return null;
  const month = first.value.month;
  const ids: string[] = [];
  for (const [key, item] of queue) {
    if (item.month !== month) continue;
    ids.push(item.id);
    queue.delete(key);
    if (ids.length === CLIENTS_PER_BUILD) break;
  }
  return { month, ids };
}

async function drain(): Promise<void> {
  for (let batch = nextBatch(); batch; batch = nextBatch()) {
    const { month, ids } = batch;
    try {
      await buildUnderLease(ids, month, new Date());
    } catch {
      // One client's error must not cost the others their month: each alone, its own error recorded.
      for (const id of ids)
        await buildUnderLease([id], month, new Date()).catch((error: unknown) => recordFailure(id, month, error));
    }
  }
}

/** Queues the clients' months for the background (each once), and starts the queue if it is idle. */
export function buildInBackground(ids: readonly string[], month: MonthKey): void {
  for (const id of ids) queue.set(boardBuildKey(id, month), { id, month });
  if (draining || queue.size === 0) return;
  draining = drain().finally(() => {
    draining = null;
  });
}

/** Resolves when the background queue is empty (the benchmark, the tests). */
export async function backgroundBuildsSettled(): Promise<void> {
  while (draining) await draining;
}
