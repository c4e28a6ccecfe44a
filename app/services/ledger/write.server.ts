import { Types, type ClientSession } from "mongoose";
import { todayInCostaRica } from "~/domain/calendar";
import {
  ALREADY_POSTED,
  ALREADY_REVERSED,
  BANK_RECONCILED,
  ENTRY_NOT_FOUND,
  FISCAL_YEAR_CHANGE,
  NOT_POSTED,
  ONLY_DRAFTS_DELETED,
  ORGANIZATION_NOT_FOUND,
  REVERSED_NOT_EDITABLE,
  fiscalYearOf,
  formatEntryNumber,
  postedInClosedPeriod,
  postedInClosedYear,
  reversalDescription,
  validateEntry,
  type EntryInput,
  type EntrySource,
  type ValidEntry,
} from "~/domain/ledger";
import { centsToAmount } from "~/domain/money";
import type { Refusal } from "~/domain/refusal";
import {
  deleteDraftEntry,
  entriesBySubmission,
  findEntry,
  findEntryBySubmission,
  insertEntries,
  insertEntry,
  saveEntry,
  type EntryHistoryRecord,
  type EntryRecord,
} from "~models/entry";
import { takeEntryNumber, takeEntryNumbers } from "~models/entry-number";
import { loadPostingContext, type OrganizationLedgerContext } from "./context.server";
import { bookPostings, rebookPosting, type PostingEntry } from "./posting.server";
import { entryDiff, inputOf, lineRecord, linesOf } from "./records.server";
import { releaseReceipt } from "./receipt-links.server";
import { LedgerRefusal, inTransaction } from "./transaction.server";

/**
 * The one write path of the books (docs/design/books.md §1): every change to entries and period balances goes
 * through these verbs, each in one transaction. A refusal writes nothing.
 */
export type LedgerOutcome<T> = { ok: true; entry: T } | { ok: false; refusals: Refusal[] };

export interface Actor {
  /** The user id (or a script's name) recorded as author. */
  by: string;
  /** The clock; tests pass their own. */
  now?: Date;
}

/** A form submission's one-time token, stored with the entry it creates (unique per organization). */
export interface Submission {
  submissionToken?: string;
}

function tokenField(submission: Submission): { submissionToken?: string } {
  return submission.submissionToken ? { submissionToken: submission.submissionToken } : {};
}

const refuse = (message: string, field?: string): never => {
  throw new LedgerRefusal({ ok: false, refusals: [{ message, ...(field ? { field } : {}) }] });
};
const notFound = (message = ENTRY_NOT_FOUND): never => {
  throw new LedgerRefusal({ ok: false, refusals: [{ message, kind: "not-found" }] });
};

async function refusalsAsOutcome<T>(work: () => Promise<T>): Promise<LedgerOutcome<T>> {
  try {
    return { ok: true, entry: await work() };
  } catch (error) {
    if (error instanceof LedgerRefusal) return error.outcome;
    throw error;
  }
}

async function contextOf(organizationId: string, session: ClientSession): Promise<OrganizationLedgerContext> {
  return (await loadPostingContext(organizationId, session)) ?? notFound(ORGANIZATION_NOT_FOUND);
}

function checked(input: EntryInput, context: OrganizationLedgerContext, draft = false): ValidEntry {
  const result = validateEntry(input, context, { draft });
  if (!result.ok) throw new LedgerRefusal({ ok: false, refusals: result.refusals });
  return result.entry;
}

async function entryOf(organizationId: string, id: string, session: ClientSession): Promise<EntryRecord> {
  return (await findEntry(organizationId, id, session)) ?? notFound();
}

function history(
  actor: Actor,
  action: EntryHistoryRecord["action"],
  change: Pick<EntryHistoryRecord, "before" | "after"> = {},
): EntryHistoryRecord {
  return { at: actor.now ?? new Date(), by: actor.by, action, ...change };
}

function storedFields(entry: ValidEntry) {
  return {
    date: entry.date,
    fiscalYear: fiscalYearOf(entry.date),
    description: entry.description,
    reference: entry.reference,
    lines: entry.lines.map(lineRecord),
    totalDebit: entry.totalDebit,
  };
}

/** A posted entry as stored, whichever way it was posted (alone or in a group). */
export function postedRecord(
  organizationId: string,
  number: string,
  entry: ValidEntry,
  source: EntrySource,
  actor: Actor,
) {
  const now = actor.now ?? new Date();
  return {
    organizationId,
    number,
    ...storedFields(entry),
    source,
    status: "contabilizado" as const,
    createdBy: actor.by,
    createdAt: now,
    updatedBy: actor.by,
    updatedAt: now,
    postedAt: now,
    history: [history(actor, "contabilizado", { after: { number } })],
  };
}

async function nextNumber(organizationId: string, date: string, session: ClientSession): Promise<string> {
  const fiscalYear = fiscalYearOf(date);
  return formatEntryNumber(fiscalYear, await takeEntryNumber(organizationId, fiscalYear, session));
}

/** Numbers, stores and books one checked entry inside the caller's transaction. */
export async function insertPosted(
  organizationId: string,
  entry: ValidEntry,
  source: EntrySource,
  actor: Actor,
  session: ClientSession,
  link: Partial<Pick<EntryRecord, "reversalOf" | "_id">> = {},
): Promise<EntryRecord> {
  const number = await nextNumber(organizationId, entry.date, session);
  const record = await insertEntry({ ...link, ...postedRecord(organizationId, number, entry, source, actor) }, session);
  await bookPostings(
    organizationId,
    [{ _id: record._id, number, date: entry.date, description: entry.description, lines: entry.lines }],
    session,
  );
  return record;
}

/** Saves a draft: well-formed lines, but it may be short or unbalanced. Touches no balance. */
export function createDraft(
  organizationId: string,
  input: EntryInput,
  actor: Actor,
  source: EntrySource = { kind: "manual" },
  submission: Submission = {},
) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      // A form submitted again gets the draft its first submit saved (decision 198).
      const token = submission.submissionToken;
      const earlier = token ? await findEntryBySubmission(organizationId, token, session) : null;
      if (earlier) return earlier;
      const entry = checked(input, await contextOf(organizationId, session), true);
      return insertEntry({ ...draftRecord(organizationId, entry, source, actor), ...tokenField(submission) }, session);
    }),
  );
}

/** A draft as stored. */
export function draftRecord(organizationId: string, entry: ValidEntry, source: EntrySource, actor: Actor) {
  const now = actor.now ?? new Date();
  return {
    organizationId,
    ...storedFields(entry),
    source,
    status: "borrador" as const,
    createdBy: actor.by,
    createdAt: now,
    updatedBy: actor.by,
    updatedAt: now,
    history: [history(actor, "creado")],
  };
}

/** Changes a draft; a posted entry is refused (it changes only through `editPosted`). */
export function updateDraft(organizationId: string, id: string, input: EntryInput, actor: Actor) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const stored = await entryOf(organizationId, id, session);
      if (stored.status !== "borrador") refuse(ALREADY_POSTED);
      const entry = checked(input, await contextOf(organizationId, session), true);
      const diff = entryDiff({ ...stored, lines: linesOf(stored) }, entry);
      const set = { ...storedFields(entry), updatedBy: actor.by, updatedAt: actor.now ?? new Date() };
      await saveEntry(organizationId, stored._id, set, history(actor, "modificado", diff), session);
      return { ...stored, ...set };
    }),
  );
}

/** Draft → posted: the next number of its fiscal year and the balances, in one transaction. */
export function post(organizationId: string, id: string, actor: Actor) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const stored = await entryOf(organizationId, id, session);
      if (stored.status !== "borrador") refuse(ALREADY_POSTED);
      const entry = checked(inputOf(stored), await contextOf(organizationId, session));
      const number = await nextNumber(organizationId, entry.date, session);
      const now = actor.now ?? new Date();
      const set = {
        status: "contabilizado" as const,
        number,
        fiscalYear: fiscalYearOf(entry.date),
        postedAt: now,
        updatedBy: actor.by,
        updatedAt: now,
      };
      await saveEntry(organizationId, stored._id, set, history(actor, "contabilizado", { after: { number } }), session);
      await bookPostings(
        organizationId,
        [{ _id: stored._id, number, date: entry.date, description: entry.description, lines: entry.lines }],
        session,
      );
      return { ...stored, ...set };
    }),
  );
}

/**
 * A draft changed and posted at once (the entry form's "Contabilizar" on a draft): one transaction, so
 * a refused post leaves the draft exactly as it was. The history keeps the change, then the posting.
 */
export function updateAndPost(organizationId: string, id: string, input: EntryInput, actor: Actor) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const stored = await entryOf(organizationId, id, session);
      if (stored.status !== "borrador") refuse(ALREADY_POSTED);
      const entry = checked(input, await contextOf(organizationId, session));
      const diff = entryDiff({ ...stored, lines: linesOf(stored) }, entry);
      const number = await nextNumber(organizationId, entry.date, session);
      const now = actor.now ?? new Date();
      const set = {
        ...storedFields(entry),
        status: "contabilizado" as const,
        number,
        postedAt: now,
        updatedBy: actor.by,
        updatedAt: now,
      };
      await saveEntry(organizationId, stored._id, {}, history(actor, "modificado", diff), session);
      await saveEntry(organizationId, stored._id, set, history(actor, "contabilizado", { after: { number } }), session);
      await bookPostings(
        organizationId,
        [{ _id: stored._id, number, date: entry.date, description: entry.description, lines: entry.lines }],
        session,
      );
      return { ...stored, ...set };
    }),
  );
}

interface PendingPost {
  input: EntryInput;
  actor: Actor;
  source: EntrySource;
  submission: Submission;
  settle: (outcome: Promise<LedgerOutcome<EntryRecord>>) => void;
}

// Group commit per organization: posts that arrive while one of the organization's posting
// transactions runs wait and then go together in the next one (one counter increment, one insert, one
// $inc per account and month). Every post of an organization conflicts on its year's counter, so one
// transaction at a time is what the database allows anyway; batching makes that one carry many.
const MAX_BATCH = 200;
const waiting = new Map<string, PendingPost[]>();

/**
 * A new entry posted at once (manual form, receipt booking, templates, rules …). Resolves once its
 * transaction has committed; a refusal concerns this entry only.
 */
export function createAndPost(
  organizationId: string,
  input: EntryInput,
  actor: Actor,
  source: EntrySource = { kind: "manual" },
  submission: Submission = {},
): Promise<LedgerOutcome<EntryRecord>> {
  return new Promise<LedgerOutcome<EntryRecord>>((resolve, reject) => {
    const settle = (outcome: Promise<LedgerOutcome<EntryRecord>>) => outcome.then(resolve, reject);
    const queue = waiting.get(organizationId);
    if (queue) {
      queue.push({ input, actor, source, submission, settle });
      return;
    }
    waiting.set(organizationId, [{ input, actor, source, submission, settle }]);
    void drain(organizationId);
  });
}

async function drain(organizationId: string): Promise<void> {
  for (;;) {
    const queue = waiting.get(organizationId)!;
    if (queue.length === 0) {
      waiting.delete(organizationId);
      return;
    }
    const batch = queue.splice(0, MAX_BATCH);
    await postBatch(organizationId, batch);
  }
}

async function postBatch(organizationId: string, batch: PendingPost[]): Promise<void> {
  const run = refusalsAsOutcome(() => inTransaction((session) => insertPostedBatch(organizationId, batch, session)));
  try {
    const outcome = await run;
    if (!outcome.ok) {
      for (const item of batch) item.settle(Promise.resolve(outcome));
      return;
    }
    outcome.entry.forEach((result, index) => batch[index].settle(Promise.resolve(result)));
  } catch (error) {
    // A batch that failed for a reason other than a refusal: each post alone, so only the culprit fails.
    if (batch.length === 1) {
      batch[0].settle(Promise.reject(error));
      return;
    }
    for (const item of batch) await postBatch(organizationId, [item]);
  }
}

/** Checks each entry against the catalog and lock date read in the transaction, then posts the valid ones together. */
async function insertPostedBatch(
  organizationId: string,
  batch: PendingPost[],
  session: ClientSession,
): Promise<Array<LedgerOutcome<EntryRecord>>> {
  const context = await contextOf(organizationId, session);
  const outcomes: Array<LedgerOutcome<EntryRecord>> = [];
  const valid: Array<{ index: number; entry: ValidEntry }> = [];
  // A form submitted again gets the entry its first submit posted (decision 198), also when both
  // submits wait in this batch: the later one answers with the earlier one's outcome.
  const tokens = batch.flatMap((item) => (item.submission.submissionToken ? [item.submission.submissionToken] : []));
  const earlier = await entriesBySubmission(organizationId, tokens, session);
  const firstWithToken = new Map<string, number>();
  const repeats: Array<{ index: number; of: number }> = [];
  batch.forEach((item, index) => {
    const token = item.submission.submissionToken;
    if (token) {
      const stored = earlier.get(token);
      if (stored) {
        outcomes[index] = { ok: true, entry: stored };
        return;
      }
      const first = firstWithToken.get(token);
      if (first !== undefined) {
        repeats.push({ index, of: first });
        return;
      }
      firstWithToken.set(token, index);
    }
    const result = validateEntry(item.input, context);
    if (result.ok) valid.push({ index, entry: result.entry });
    else outcomes[index] = { ok: false, refusals: result.refusals };
  });
  const byYear = new Map<number, typeof valid>();
  for (const item of valid) {
    const year = fiscalYearOf(item.entry.date);
    byYear.set(year, [...(byYear.get(year) ?? []), item]);
  }
  const records: EntryRecord[] = [];
  const postings: PostingEntry[] = [];
  for (const [year, items] of byYear) {
    let sequence = await takeEntryNumbers(organizationId, year, items.length, session);
    for (const { index, entry } of items) {
      const { actor, source, submission } = batch[index];
      const number = formatEntryNumber(year, sequence++);
      const record: EntryRecord = {
        _id: new Types.ObjectId(),
        ...postedRecord(organizationId, number, entry, source, actor),
        ...tokenField(submission),
      };
      records.push(record);
      postings.push({ _id: record._id, number, date: entry.date, description: entry.description, lines: entry.lines });
      outcomes[index] = { ok: true, entry: record };
    }
  }
  for (const { index, of } of repeats) outcomes[index] = outcomes[of];
  await insertEntries(records, session);
  await bookPostings(organizationId, postings, session);
  return outcomes;
}

/**
 * The audited edit of a posted entry: its old lines leave the balances and the new ones enter, in one
 * transaction; the number stays and the history keeps what changed. Only in an open period.
 */
export function editPosted(organizationId: string, id: string, input: EntryInput, actor: Actor) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const stored = await entryOf(organizationId, id, session);
      if (stored.status !== "contabilizado") refuse(NOT_POSTED);
      if (stored.reversedBy) refuse(REVERSED_NOT_EDITABLE);
      if (stored.bankLocks?.length) refuse(BANK_RECONCILED);
      const context = await contextOf(organizationId, session);
      if (context.closedYears?.has(stored.fiscalYear)) refuse(postedInClosedYear(stored.fiscalYear), "date");
      if (context.lockDate !== null && stored.date <= context.lockDate)
        refuse(postedInClosedPeriod(context.lockDate), "date");
      const entry = checked(input, context);
      if (fiscalYearOf(entry.date) !== stored.fiscalYear) refuse(FISCAL_YEAR_CHANGE, "date");
      const before = linesOf(stored);
      const diff = entryDiff({ ...stored, lines: before }, entry);
      const set = { ...storedFields(entry), updatedBy: actor.by, updatedAt: actor.now ?? new Date() };
      await saveEntry(organizationId, stored._id, set, history(actor, "editado", diff), session);
      await rebookPosting(
        organizationId,
        { _id: stored._id, number: stored.number!, date: stored.date, description: stored.description, lines: before },
        {
          _id: stored._id,
          number: stored.number!,
          date: entry.date,
          description: entry.description,
          lines: entry.lines,
        },
        session,
      );
      return { ...stored, ...set };
    }),
  );
}

/**
 * A new posted entry that mirrors the lines of a posted one, dated as given (default: today in Costa
 * Rica), linked both ways. Returns the reversal.
 */
export function reverse(
  organizationId: string,
  id: string,
  actor: Actor & { date?: string },
  /** The feature's own state, changed in the same transaction as the reversal. */
  withState?: (reversal: EntryRecord, session: ClientSession) => Promise<void>,
) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const reversal = await reverseWithin(organizationId, id, actor, session);
      if (withState) await withState(reversal, session);
      return reversal;
    }),
  );
}

/**
 * `reverse` inside the caller's transaction (the year's reopen restores the lock date in the same one);
 * `description` replaces the default «Reversión del asiento …». Throws a LedgerRefusal when refused.
 */
export async function reverseWithin(
  organizationId: string,
  id: string,
  actor: Actor & { date?: string; description?: string },
  session: ClientSession,
): Promise<EntryRecord> {
  const date = actor.date ?? todayInCostaRica(actor.now ?? new Date());
  const stored = await entryOf(organizationId, id, session);
  if (stored.status !== "contabilizado") refuse(NOT_POSTED);
  if (stored.reversedBy) refuse(ALREADY_REVERSED);
  if (stored.bankLocks?.length) refuse(BANK_RECONCILED);
  const mirrored = mirror(stored, date);
  if (actor.description) mirrored.description = actor.description;
  const context = await contextOf(organizationId, session);
  // The reopen reverses the closing entry on its own year's last day: that reversal is what opens it.
  const entry = checked(
    mirrored,
    stored.source.kind === "cierre" ? withYearOpen(context, Number(stored.source.id)) : context,
  );
  const reversalId = new Types.ObjectId();
  const reversal = await insertPosted(
    organizationId,
    entry,
    { kind: "reversion", id: String(stored._id) },
    actor,
    session,
    {
      _id: reversalId,
      reversalOf: stored._id,
    },
  );
  await saveEntry(
    organizationId,
    stored._id,
    { reversedBy: reversalId, updatedBy: actor.by, updatedAt: actor.now ?? new Date() },
    history(actor, "revertido", { after: { reversal: reversal.number } }),
    session,
  );
  await releaseReceipt(organizationId, stored._id, session);
  return reversal;
}

function withYearOpen(context: OrganizationLedgerContext, year: number): OrganizationLedgerContext {
  const closedYears = new Set(context.closedYears);
  closedYears.delete(year);
  return { ...context, closedYears };
}

/** The reversal of a posted entry: the same lines with debit and credit swapped. */
function mirror(stored: EntryRecord, date: string): EntryInput {
  return {
    date,
    description: reversalDescription(stored.number!, stored.description),
    reference: stored.reference,
    lines: linesOf(stored).map((line) => ({
      ...line,
      debit: line.credit > 0n ? centsToAmount(line.credit) : null,
      credit: line.debit > 0n ? centsToAmount(line.debit) : null,
    })),
  };
}

/** Deletes a draft; posted entries are reversed, never deleted. */
export function deleteDraft(organizationId: string, id: string) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const stored = await entryOf(organizationId, id, session);
      if (stored.status !== "borrador") refuse(ONLY_DRAFTS_DELETED);
      await deleteDraftEntry(organizationId, stored._id, session);
      await releaseReceipt(organizationId, stored._id, session);
      return stored;
    }),
  );
}
