import { shiftMonth, type MonthKey } from "~/domain/calendar";
import { CASH_AND_BANK_PREFIX, UNCLASSIFIED_PREFIX, type AccountBalance } from "~/domain/board/checks";
import {
  iterateBoardMonthSummaries,
  readBoardIvaKeys,
  readBoardMonthSummaries,
  readBoardRevisions,
  storeBoardBalances,
  storeBoardIva,
  storeBoardMonthSummaries,
  type BoardBalance,
  type BoardIva,
  type BoardMonthFigures,
  type StoredBoardSummary,
} from "~models/board-month-summary";
import { balancesKeysOf, balancesUnder } from "~/services/ledger/board-reads.server";
import { declarationStatuses } from "~/services/vat/declaration-state.server";
import { computeMonthFigures, emptyMonthFigures } from "./month-figures.server";

/**
 * The kept per-organization, per-month summaries of the board (decision 265): a summary stored under
 * the organization's current board token is used as it is; any other is recomputed from the
 * documents, shown, and stored under the token read before computing it — so a write that lands while
 * it is computed leaves it stale for the next read, never shown as current. The balances of 70 and of
 * cash and banks are kept in the same summary under the ledger's own revision tokens of the years up
 * to the month's (decision 303), which every posting renews in its transaction.
 */

/** The accounts whose balances the board shows. */
export const BOARD_BALANCE_PREFIXES = [UNCLASSIFIED_PREFIX, CASH_AND_BANK_PREFIX] as const;

const keptBalances = (balances: readonly AccountBalance[]): BoardBalance[] =>
  balances.map((row) => ({ account: row.account, balance: String(row.balance) }));
const shownBalances = (balances: readonly BoardBalance[]): AccountBalance[] =>
  balances.map((row) => ({ account: row.account, balance: BigInt(row.balance) }));

/** The balances up to the month's end of each organization, read from the period balances. */
export async function computeBoardBalances(
  ids: readonly string[],
  month: MonthKey,
): Promise<Map<string, AccountBalance[]>> {
  const balances = new Map<string, AccountBalance[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return balances;
  const rows = await balancesUnder(ids, month, BOARD_BALANCE_PREFIXES);
  rows.sort((a, b) => a.account.localeCompare(b.account));
  for (const row of rows) balances.get(row.organizationId)?.push({ account: row.account, balance: row.balance });
  return balances;
}

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

/** Whether a stored summary has every figure (one kept before a figure was added is recomputed). */
function hasEveryFigure(figures: BoardMonthFigures | undefined): figures is BoardMonthFigures {
  return figures !== undefined && Object.keys(emptyMonthFigures()).every((field) => field in figures);
}

async function recomputeAndStoreBalances(
  ids: readonly string[],
  month: MonthKey,
  keys: ReadonlyMap<string, string>,
): Promise<Map<string, AccountBalance[]>> {
  const computed = await computeBoardBalances(ids, month);
  await storeBoardBalances(
    ids.map((id) => ({
      organizationId: id,
      month,
      balancesKey: keys.get(id)!,
      balances: keptBalances(computed.get(id)!),
    })),
  );
  return computed;
}

/**
 * The previous month's IVA of each organization, as the IVA page states it: the declaration state and
 * the declared amount (decision 235).
 */
export async function computeBoardIva(ids: readonly string[], month: MonthKey): Promise<Map<string, BoardIva>> {
  const statuses = await declarationStatuses(ids, shiftMonth(month, -1));
  return new Map(
    ids.map((id) => {
      const status = statuses.get(id) ?? { state: "sin-declarar" as const, amount: null };
      return [id, { state: status.state, amount: status.amount === null ? null : String(status.amount) }];
    }),
  );
}

async function recomputeAndStoreIva(
  ids: readonly string[],
  month: MonthKey,
  keys: ReadonlyMap<string, string>,
): Promise<Map<string, BoardIva>> {
  const computed = await computeBoardIva(ids, month);
  await storeBoardIva(ids.map((id) => ({ organizationId: id, month, ivaKey: keys.get(id)!, iva: computed.get(id)! })));
  return computed;
}

export interface BoardMonth {
  figures: BoardMonthFigures;
  balances: AccountBalance[];
  iva: BoardIva;
}

interface KeptMonths {
  tokens: Map<string, string>;
  keys: Map<string, string>;
  ivaKeys: Map<string, string>;
  figures: Map<string, BoardMonthFigures>;
  balances: Map<string, AccountBalance[]>;
  iva: Map<string, BoardIva>;
}

/** The tokens and the stored summaries, and which parts of them are current. */
async function readKeptMonths(ids: readonly string[], month: MonthKey): Promise<KeptMonths> {
  const [tokens, keys, ivaKeys, stored] = await Promise.all([
    readBoardRevisions(ids),
    balancesKeysOf(ids, month),
    readBoardIvaKeys(ids, shiftMonth(month, -1)),
    readBoardMonthSummaries(ids, month),
  ]);
  const kept: KeptMonths = { tokens, keys, ivaKeys, figures: new Map(), balances: new Map(), iva: new Map() };
  for (const id of ids) {
    const summary = stored.get(id);
    if (summary && summary.token === tokens.get(id) && hasEveryFigure(summary.figures))
      kept.figures.set(id, summary.figures);
    if (summary?.balances && summary.balancesKey === keys.get(id))
      kept.balances.set(id, shownBalances(summary.balances));
    if (summary?.iva && summary.ivaKey === ivaKeys.get(id)) kept.iva.set(id, summary.iva);
  }
  return kept;
}

/**
 * The month of each organization whose kept summary is current in every part, without computing
 * anything: the others are missing from the map (the board builds them, decision 311).
 */
export async function keptBoardMonths(ids: readonly string[], month: MonthKey): Promise<Map<string, BoardMonth>> {
  if (ids.length === 0) return new Map();
  const kept = await readKeptMonths(ids, month);
  const months = new Map<string, BoardMonth>();
  for (const id of ids) {
    const figures = kept.figures.get(id);
    const balances = kept.balances.get(id);
    const iva = kept.iva.get(id);
    if (figures && balances && iva) months.set(id, { figures, balances, iva });
  }
  return months;
}

/** The month's figures and balances of each organization, from its kept summary when that is current. */
export async function boardMonths(ids: readonly string[], month: MonthKey): Promise<Map<string, BoardMonth>> {
  if (ids.length === 0) return new Map();
  const { tokens, keys, ivaKeys, figures, balances, iva } = await readKeptMonths(ids, month);
  const staleFigures = ids.filter((id) => !figures.has(id));
  const staleBalances = ids.filter((id) => !balances.has(id));
  const staleIva = ids.filter((id) => !iva.has(id));
  // The figures first: they create the summary the balances are then set on.
  for (const [id, computed] of await recomputeAndStore(staleFigures, month, tokens)) figures.set(id, computed);
  const [freshBalances, freshIva] = await Promise.all([
    recomputeAndStoreBalances(staleBalances, month, keys),
    recomputeAndStoreIva(staleIva, month, ivaKeys),
  ]);
  for (const [id, computed] of freshBalances) balances.set(id, computed);
  for (const [id, computed] of freshIva) iva.set(id, computed);
  return new Map(ids.map((id) => [id, { figures: figures.get(id)!, balances: balances.get(id)!, iva: iva.get(id)! }]));
}

/** The kept summaries that are current (what the board would show without recomputing), for tests. */
export async function currentKeptFigures(
  ids: readonly string[],
  month: MonthKey,
): Promise<Map<string, BoardMonthFigures>> {
  const [tokens, stored] = await Promise.all([readBoardRevisions(ids), readBoardMonthSummaries(ids, month)]);
  return new Map(
    [...stored]
      .filter(([id, summary]) => summary.token === tokens.get(id) && hasEveryFigure(summary.figures))
      .map(([id, summary]) => [id, summary.figures]),
  );
}

/** The kept balances that are current (what the board would show without reading the period balances), for tests. */
export async function currentKeptBalances(
  ids: readonly string[],
  month: MonthKey,
): Promise<Map<string, AccountBalance[]>> {
  const [keys, stored] = await Promise.all([balancesKeysOf(ids, month), readBoardMonthSummaries(ids, month)]);
  return new Map(
    [...stored]
      .filter(([id, summary]) => summary.balances && summary.balancesKey === keys.get(id))
      .map(([id, summary]) => [id, shownBalances(summary.balances!)]),
  );
}

/** The kept IVA states that are current (what the board would show without recomputing the return), for tests. */
export async function currentKeptIva(ids: readonly string[], month: MonthKey): Promise<Map<string, BoardIva>> {
  const [keys, stored] = await Promise.all([
    readBoardIvaKeys(ids, shiftMonth(month, -1)),
    readBoardMonthSummaries(ids, month),
  ]);
  return new Map(
    [...stored]
      .filter(([id, summary]) => summary.iva && summary.ivaKey === keys.get(id))
      .map(([id, summary]) => [id, summary.iva!]),
  );
}

export interface SummaryDifference {
  organizationId: string;
  month: string;
  field: keyof BoardMonthFigures | "balances" | "iva";
  kept: string;
  recomputed: string;
}

const balancesText = (balances: readonly AccountBalance[]) =>
  balances.map((row) => `${row.account} ${row.balance}`).join("; ");

/** The difference between kept and recomputed balances, if any. */
export function balanceDifferences(
  organizationId: string,
  month: string,
  kept: readonly AccountBalance[],
  recomputed: readonly AccountBalance[],
): SummaryDifference[] {
  const [keptText, recomputedText] = [balancesText(kept), balancesText(recomputed)];
  return keptText === recomputedText
    ? []
    : [{ organizationId, month, field: "balances", kept: keptText, recomputed: recomputedText }];
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
  const ivaMonth = shiftMonth(month, -1);
  const [before, keysBefore, ivaBefore] = await Promise.all([
    readBoardRevisions(ids),
    balancesKeysOf(ids, month),
    readBoardIvaKeys(ids, ivaMonth),
  ]);
  const recomputed = await recomputeAndStore(ids, month, before);
  const balances = await recomputeAndStoreBalances(ids, month, keysBefore);
  const iva = await recomputeAndStoreIva(ids, month, ivaBefore);
  // A write between the two reads of the tokens makes the recomputation newer than the kept summary:
  // that is not a difference, and the summary is stale already.
  const [after, keysAfter, ivaAfter] = await Promise.all([
    readBoardRevisions(ids),
    balancesKeysOf(ids, month),
    readBoardIvaKeys(ids, ivaMonth),
  ]);
  for (const summary of summaries) {
    const id = summary.organizationId;
    const token = before.get(id);
    if (summary.token !== token || after.get(id) !== token || !hasEveryFigure(summary.figures)) outcome.stale += 1;
    else {
      outcome.compared += 1;
      outcome.differences.push(...summaryDifferences(id, month, summary.figures, recomputed.get(id)!));
    }
    const key = keysBefore.get(id);
    if (summary.balances && summary.balancesKey === key && keysAfter.get(id) === key)
      outcome.differences.push(...balanceDifferences(id, month, shownBalances(summary.balances), balances.get(id)!));
    const ivaKey = ivaBefore.get(id);
    const keptIva = summary.iva;
    const freshIva = iva.get(id)!;
    if (
      keptIva &&
      summary.ivaKey === ivaKey &&
      ivaAfter.get(id) === ivaKey &&
      (keptIva.state !== freshIva.state || keptIva.amount !== freshIva.amount)
    )
      outcome.differences.push({
        organizationId: id,
        month,
        field: "iva",
        kept: `${keptIva.state} ${keptIva.amount ?? ""}`.trim(),
        recomputed: `${freshIva.state} ${freshIva.amount ?? ""}`.trim(),
      });
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
