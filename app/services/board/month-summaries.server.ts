import type { MonthKey } from "~/domain/calendar";
import {
  iterateBoardMonthSummaries,
  readBoardMonthSummaries,
  readBoardRevisions,
  storeBoardMonthSummaries,
  type BoardMonthFigures,
  type StoredBoardSummary,
} from "~models/board-month-summary";
import { computeMonthFigures } from "./month-figures.server";

/**
 * The kept per-organization, per-month summaries of the board (decision 265): a summary stored under
 * the organization's current board token is used as it is; any other is recomputed from the
 * documents, shown, and stored under the token read before computing it — so a write that lands while
 * it is computed leaves it stale for the next read, never shown as current.
 */

/** At most this many organizations' months are recomputed in one set of grouped reads. */
const RECOMPUTED_AT_ONCE = 50;

async function recomputeAndStore(
  ids: readonly string[],
  month: MonthKey,
  tokens: ReadonlyMap<string, string>,
): Promise<Map<string, BoardMonthFigures>> {
  const computed = new Map<string, BoardMonthFigures>();
  for (let start = 0; start < ids.length; start += RECOMPUTED_AT_ONCE) {
    const chunk = ids.slice(start, start + RECOMPUTED_AT_ONCE);
    for (const [id, figures] of await computeMonthFigures(chunk, month)) computed.set(id, figures);
  }
  await storeBoardMonthSummaries(
    ids.map((id) => ({ organizationId: id, month, token: tokens.get(id)!, figures: computed.get(id)! })),
  );
  return computed;
}

/** The month's figures of each organization, from its kept summary when that is current. */
export async function boardMonthFigures(
  ids: readonly string[],
  month: MonthKey,
): Promise<Map<string, BoardMonthFigures>> {
  if (ids.length === 0) return new Map();
  const [tokens, stored] = await Promise.all([readBoardRevisions(ids), readBoardMonthSummaries(ids, month)]);
  const figures = new Map<string, BoardMonthFigures>();
  const stale: string[] = [];
  for (const id of ids) {
    const summary = stored.get(id);
    if (summary && summary.token === tokens.get(id)) figures.set(id, summary.figures);
    else stale.push(id);
  }
  for (const [id, computed] of await recomputeAndStore(stale, month, tokens)) figures.set(id, computed);
  return figures;
}

/** The kept summaries that are current (what the board would show without recomputing), for tests. */
export async function currentKeptFigures(
  ids: readonly string[],
  month: MonthKey,
): Promise<Map<string, BoardMonthFigures>> {
  const [tokens, stored] = await Promise.all([readBoardRevisions(ids), readBoardMonthSummaries(ids, month)]);
  return new Map(
    [...stored]
      .filter(([id, summary]) => summary.token === tokens.get(id))
      .map(([id, summary]) => [id, summary.figures]),
  );
}

export interface SummaryDifference {
  organizationId: string;
  month: string;
  field: keyof BoardMonthFigures;
  kept: string;
  recomputed: string;
}

const shown = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** Every field where a kept figure differs from the recomputed one. */
export function summaryDifferences(
  organizationId: string,
  month: string,
  kept: BoardMonthFigures,
  recomputed: BoardMonthFigures,
): SummaryDifference[] {
  return (Object.keys(recomputed) as Array<keyof BoardMonthFigures>).flatMap((field) =>
    shown(kept[field]) === shown(recomputed[field])
      ? []
      : [{ organizationId, month, field, kept: shown(kept[field]), recomputed: shown(recomputed[field]) }],
  );
}

export interface RebuildOutcome {
  /** Summaries that were current and so compared with their recomputation. */
  compared: number;
  /** Summaries already out of date (a write since), recomputed without comparing. */
  stale: number;
  differences: SummaryDifference[];
}

async function rebuildMonth(month: MonthKey, summaries: readonly StoredBoardSummary[], outcome: RebuildOutcome) {
  const ids = summaries.map((summary) => summary.organizationId);
  const before = await readBoardRevisions(ids);
  const recomputed = await recomputeAndStore(ids, month, before);
  // A write between the two reads of the tokens makes the recomputation newer than the kept summary:
  // that is not a difference, and the summary is stale already.
  const after = await readBoardRevisions(ids);
  for (const summary of summaries) {
    const token = before.get(summary.organizationId);
    if (summary.token !== token || after.get(summary.organizationId) !== token) {
      outcome.stale += 1;
      continue;
    }
    outcome.compared += 1;
    outcome.differences.push(
      ...summaryDifferences(summary.organizationId, month, summary.figures, recomputed.get(summary.organizationId)!),
    );
  }
}

/**
 * Recomputes every kept summary from the documents, reports each current one that differs (a write
 * that did not renew its organization's token), and stores the recomputation.
 */
export async function rebuildBoardSummaries(): Promise<RebuildOutcome> {
  const outcome: RebuildOutcome = { compared: 0, stale: 0, differences: [] };
  let month: MonthKey | null = null;
  let batch: StoredBoardSummary[] = [];
  const flush = async () => {
    if (month && batch.length > 0) await rebuildMonth(month, batch, outcome);
    batch = [];
  };
  for await (const summary of iterateBoardMonthSummaries()) {
    if (summary.month !== month || batch.length === RECOMPUTED_AT_ONCE) {
      await flush();
      month = summary.month as MonthKey;
    }
    batch.push(summary);
  }
  await flush();
  return outcome;
}
