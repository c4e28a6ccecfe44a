import { randomUUID } from "node:crypto";
import mongoose, { Schema, type ClientSession } from "mongoose";

/**
 * What the practice board keeps per organization and month (decision 265): the figures it reads from
 * the month's receipts, their bookings and the sending queue, stored under the organization's board
 * revision token they were computed at. Every write that changes one of those figures gives the
 * organization a new token (in the writer's transaction when it has one, right after its write when
 * it has none), so a summary whose token is not the current one is never shown: the board recomputes
 * it and stores it again.
 */

/** The figures of one organization's month; counts of receipts unless said otherwise. */
export interface BoardMonthFigures {
  received: number;
  issued: number;
  /** Receipts of the month with arithmetic warnings. */
  warned: number;
  /** Received documents of the month still awaiting the receptor's answer. */
  pendingAnswers: number;
  /** The earliest emission date among them. */
  earliestPending: Date | null;
  /** Receipts of the month linked to an entry. */
  booked: number;
  /** Received receipts in groups that look like the same document under another clave. */
  duplicates: number;
  /** Received receipts whose supplier identification is not a valid format. */
  invalidSupplierIds: number;
  /** Documents Hacienda rejected and documents whose sending failed (the whole queue, not the month). */
  rejected: number;
  stuck: number;
  /** The organization's most recent import of any month. */
  lastImportAt: Date | null;
}

/** The previous month's IVA as the IVA page states it (its receipts, answers, reviews and declarations). */
export interface BoardIva {
  state: "sin-declarar" | "declarado" | "desactualizado";
  /** Céntimos as decimal text the standing declaration put to pay (positive) or in favour (negative). */
  amount: string | null;
}

/** A balance the board shows (70 Por clasificar, cash and banks) up to the month's end. */
export interface BoardBalance {
  account: string;
  /** Σ debit − Σ credit, céntimos as decimal text. */
  balance: string;
}

interface BoardRevisionRecord {
  _id: string;
  token: string;
  /** Per month ("2025-09"): renewed by every write to what that month's IVA return reads (decision 303). */
  iva?: Record<string, string>;
  /** Renewed by writes to what every month's IVA return reads (the prorrata, a review). */
  ivaAll?: string;
}

interface BoardMonthSummaryRecord {
  _id: string;
  organizationId: string;
  month: string;
  token: string;
  figures: BoardMonthFigures;
  /** The ledger's revision tokens of the years up to the month's, when `balances` were read (decision 303). */
  balancesKey?: string;
  balances?: BoardBalance[];
  /** The IVA tokens of every month up to the previous one, when `iva` was computed (decision 303). */
  ivaKey?: string;
  iva?: BoardIva;
}

const boardRevisionSchema = new Schema<BoardRevisionRecord>(
  {
    _id: { type: String, required: true },
    token: { type: String, required: true },
    iva: { type: Schema.Types.Mixed },
    ivaAll: String,
  },
  { collection: "board_revisions", versionKey: false },
);

const boardMonthSummarySchema = new Schema<BoardMonthSummaryRecord>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    month: { type: String, required: true },
    token: { type: String, required: true },
    figures: { type: Schema.Types.Mixed, required: true },
    balancesKey: String,
    balances: { type: [{ _id: false, account: String, balance: String }], default: undefined },
    ivaKey: String,
    iva: { type: Schema.Types.Mixed },
  },
  { collection: "board_month_summaries", versionKey: false },
);
boardMonthSummarySchema.index({ month: 1, organizationId: 1 });

export const BoardRevision =
  (mongoose.models.BoardRevision as mongoose.Model<BoardRevisionRecord> | undefined) ??
  mongoose.model<BoardRevisionRecord>("BoardRevision", boardRevisionSchema);

export const BoardMonthSummary =
  (mongoose.models.BoardMonthSummary as mongoose.Model<BoardMonthSummaryRecord> | undefined) ??
  mongoose.model<BoardMonthSummaryRecord>("BoardMonthSummary", boardMonthSummarySchema);

/** The token of an organization nothing was ever recorded for. */
export const UNTOUCHED_BOARD = "sin-cambios";

const summaryId = (organizationId: string, month: string) => `${organizationId}|${month}`;

/**
 * A new board token for each organization, inside the caller's transaction when there is one. A random
 * token rather than a counter: an emptied or restored database never hands back a value a summary was
 * stored under.
 */
export async function bumpBoardRevision(
  organizationIds: Iterable<string>,
  session?: ClientSession,
  /**
   * What the write changed of the IVA returns (decision 303): the months of each organization whose
   * return reads it, or "all" for every month (the prorrata, a review). Absent: no return reads it.
   */
  iva?: ReadonlyMap<string, Iterable<string>> | "all",
): Promise<void> {
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return;
  const ivaTokens = (id: string): Record<string, string> => {
    if (iva === "all") return { ivaAll: randomUUID() };
    const months = [...new Set(iva?.get(id) ?? [])].filter((month) => /^\d{4}-\d{2}$/.test(month));
    return Object.fromEntries(months.map((month) => [`iva.${month}`, randomUUID()]));
  };
  await BoardRevision.collection.bulkWrite(
    ids.map((id) => ({
      updateOne: {
        filter: { _id: id } as never,
        update: { $set: { token: randomUUID(), ...ivaTokens(id) } },
        upsert: true,
      },
    })),
    { session, ordered: false },
  );
}

/** The months of each organization's receipts, for `bumpBoardRevision`'s IVA part. */
export function monthsByOrganization(records: ReadonlyArray<{ organizationId: string; month: string }>) {
  const months = new Map<string, Set<string>>();
  for (const record of records) {
    const set = months.get(record.organizationId) ?? new Set<string>();
    set.add(record.month);
    months.set(record.organizationId, set);
  }
  return months;
}

/**
 * What each organization's IVA return of `month` is computed from, as one string: the tokens of every
 * month up to it and the one of writes to every month. Read BEFORE computing.
 */
export async function readBoardIvaKeys(
  organizationIds: readonly string[],
  month: string,
): Promise<Map<string, string>> {
  const records = await BoardRevision.collection
    .find<BoardRevisionRecord>({ _id: { $in: [...organizationIds] } } as never, { projection: { iva: 1, ivaAll: 1 } })
    .toArray();
  const byId = new Map(records.map((record) => [record._id, record]));
  return new Map(
    organizationIds.map((id) => {
      const record = byId.get(id);
      const months = Object.entries(record?.iva ?? {})
        .filter(([key]) => key <= month)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, token]) => `${key}:${token}`);
      return [id, [record?.ivaAll ?? UNTOUCHED_BOARD, ...months].join(",")];
    }),
  );
}

/** The current token of each organization (UNTOUCHED_BOARD for one never written). */
export async function readBoardRevisions(organizationIds: readonly string[]): Promise<Map<string, string>> {
  const records = await BoardRevision.collection
    .find<BoardRevisionRecord>({ _id: { $in: [...organizationIds] } } as never)
    .toArray();
  const tokens = new Map(records.map((record) => [record._id, record.token]));
  return new Map(organizationIds.map((id) => [id, tokens.get(id) ?? UNTOUCHED_BOARD]));
}

export interface StoredBoardSummary {
  organizationId: string;
  month: string;
  token: string;
  figures: BoardMonthFigures;
  balancesKey?: string;
  balances?: BoardBalance[];
  ivaKey?: string;
  iva?: BoardIva;
}

/** The stored summaries of `month` of these organizations, current or not. */
export async function readBoardMonthSummaries(
  organizationIds: readonly string[],
  month: string,
): Promise<Map<string, StoredBoardSummary>> {
  const records = await BoardMonthSummary.collection
    .find<BoardMonthSummaryRecord>({ _id: { $in: organizationIds.map((id) => summaryId(id, month)) } } as never)
    .toArray();
  return new Map(records.map((record) => [record.organizationId, record]));
}

/** Every stored summary, in (month, organization) order (for the rebuild). */
export function iterateBoardMonthSummaries(): AsyncIterable<StoredBoardSummary> {
  return BoardMonthSummary.collection.find<BoardMonthSummaryRecord>({}).sort({ month: 1, organizationId: 1 });
}

/** Stores summaries' figures in one round trip, each under the token read before computing it. */
export async function storeBoardMonthSummaries(
  summaries: ReadonlyArray<Pick<StoredBoardSummary, "organizationId" | "month" | "token" | "figures">>,
): Promise<void> {
  if (summaries.length === 0) return;
  await BoardMonthSummary.collection.bulkWrite(
    summaries.map((summary) => ({
      updateOne: {
        filter: { _id: summaryId(summary.organizationId, summary.month) } as never,
        update: {
          $set: {
            organizationId: summary.organizationId,
            month: summary.month,
            token: summary.token,
            figures: summary.figures,
          },
        },
        upsert: true,
      },
    })),
    { ordered: false },
  );
}

/**
 * Stores summaries' balances in one round trip, each under the ledger key read before reading them.
 * Only on a summary whose figures are stored (the board stores those first).
 */
export async function storeBoardBalances(
  summaries: ReadonlyArray<{ organizationId: string; month: string; balancesKey: string; balances: BoardBalance[] }>,
): Promise<void> {
  if (summaries.length === 0) return;
  await BoardMonthSummary.collection.bulkWrite(
    summaries.map((summary) => ({
      updateOne: {
        filter: { _id: summaryId(summary.organizationId, summary.month) } as never,
        update: { $set: { balancesKey: summary.balancesKey, balances: summary.balances } },
      },
    })),
    { ordered: false },
  );
}

/** Stores summaries' IVA states in one round trip, each under the IVA key read before computing it. */
export async function storeBoardIva(
  summaries: ReadonlyArray<{ organizationId: string; month: string; ivaKey: string; iva: BoardIva }>,
): Promise<void> {
  if (summaries.length === 0) return;
  await BoardMonthSummary.collection.bulkWrite(
    summaries.map((summary) => ({
      updateOne: {
        filter: { _id: summaryId(summary.organizationId, summary.month) } as never,
        update: { $set: { ivaKey: summary.ivaKey, iva: summary.iva } },
      },
    })),
    { ordered: false },
  );
}
