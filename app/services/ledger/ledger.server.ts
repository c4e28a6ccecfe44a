/**
 * The ledger service: the only module that writes entries and period balances (docs/design/books.md §1), and
 * the reads every books screen stands on.
 */
export {
  createAndPost,
  createDraft,
  deleteDraft,
  editPosted,
  post,
  reverse,
  reverseWithin,
  updateAndPost,
  updateDraft,
  type Actor,
  type LedgerOutcome,
} from "./write.server";
export { accountsInUse, entryFilter, getEntry, listEntries, type EntryFilters, type EntryList } from "./read.server";
export { accountMovements, type AccountMovements, type MovementRow } from "./movements.server";
export {
  accountBalanceBefore,
  markPostedLinesForBank,
  markUnmatchedPostedLinesForBank,
  postedLineDates,
  postedLinesOfAccount,
  postedLinesOpenAt,
  unmatchedPostedLines,
  reversalPairsSince,
  type AccountLine,
  type UnmatchedLine,
} from "./account-lines.server";
export { exportJournal } from "./journal.server";
export { lockEntriesForBank, unlockEntriesForBank } from "./bank-locks.server";
export { accountTotals, verifyLedger } from "./verify.server";
export { lockDateOf } from "./context.server";
export { linesOf } from "./records.server";
export {
  closeYear,
  closedAmong,
  closedYears,
  closingEntryOf,
  closingLinesBetween,
  reopenYear,
  type ClosedYear,
} from "./year-close.server";
export { postOnce, sourceTotalsBetween, standingEntryOf, type PostOnceOutcome } from "./source-entries.server";
export {
  bookReceiptEntries,
  bookReceiptEntriesIn,
  type ReceiptEntryOutcome,
  type ReceiptEntryRequest,
} from "./receipt-entries.server";
export { balancesRevisionOf, yearRevisionsOf, yearRevisionsOfMany } from "./balances-revision.server";
export {
  accountBalancesAt,
  dailyPostedSums,
  monthlyBalanceSums,
  openingBalanceSums,
  type AccountBalance,
} from "./period-sums.server";
