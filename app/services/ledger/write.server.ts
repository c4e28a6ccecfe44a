import { Types, type ClientSession } from "mongoose";
import { todayInCostaRica } from "~/domain/calendar";
import {
  ALREADY_POSTED,
  ALREADY_REVERSED,
  ENTRY_NOT_FOUND,
  FISCAL_YEAR_CHANGE,
  NOT_POSTED,
  ONLY_DRAFTS_DELETED,
  ORGANIZATION_NOT_FOUND,
  REVERSED_NOT_EDITABLE,
  balanceChanges,
  fiscalYearOf,
  formatEntryNumber,
  mergeChanges,
  postedInClosedPeriod,
  reversalDescription,
  validateEntry,
  type EntryInput,
  type EntrySource,
  type ValidEntry,
} from "~/domain/ledger";
import { centsToAmount } from "~/domain/money";
import type { Refusal } from "~/domain/refusal";
import { deleteDraftEntry, findEntry, insertEntry, saveEntry, type EntryHistoryRecord, type EntryRecord } from "~models/entry";
import { takeEntryNumber } from "~models/entry-number";
import { applyBalanceChanges } from "~models/period-balance";
import { loadLedgerContext, type OrganizationLedgerContext } from "./context.server";
import { entryDiff, inputOf, lineRecord, linesOf } from "./records.server";
import { LedgerRefusal, inTransaction } from "./transaction.server";

/**
 * The one write path of the books (ledger.md §1): every change to entries and period balances goes
 * through these verbs, each in one transaction. A refusal writes nothing.
 */
export type LedgerOutcome<T> = { ok: true; entry: T } | { ok: false; notFound?: boolean; refusals: Refusal[] };

export interface Actor {
  /** The user id (or a script's name) recorded as author. */
  by: string;
  /** The clock; tests pass their own. */
  now?: Date;
}

const refuse = (message: string, field?: string): never => {
  throw new LedgerRefusal({ ok: false, refusals: [{ message, ...(field ? { field } : {}) }] });
};
const notFound = (message = ENTRY_NOT_FOUND): never => {
  throw new LedgerRefusal({ ok: false, notFound: true, refusals: [{ message }] });
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
  return (await loadLedgerContext(organizationId, session)) ?? notFound(ORGANIZATION_NOT_FOUND);
}

function checked(input: EntryInput, context: OrganizationLedgerContext, draft = false): ValidEntry {
  const result = validateEntry(input, context, { draft });
  if (!result.ok) throw new LedgerRefusal({ ok: false, refusals: result.refusals });
  return result.entry;
}

async function entryOf(organizationId: string, id: string, session: ClientSession): Promise<EntryRecord> {
  return (await findEntry(organizationId, id, session)) ?? notFound();
}

function history(actor: Actor, action: EntryHistoryRecord["action"], change: Pick<EntryHistoryRecord, "before" | "after"> = {}): EntryHistoryRecord {
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

async function nextNumber(organizationId: string, date: string, session: ClientSession): Promise<string> {
  const fiscalYear = fiscalYearOf(date);
  return formatEntryNumber(fiscalYear, await takeEntryNumber(organizationId, fiscalYear, session));
}

async function insertPosted(
  organizationId: string,
  entry: ValidEntry,
  source: EntrySource,
  actor: Actor,
  session: ClientSession,
  link: Partial<Pick<EntryRecord, "reversalOf" | "_id">> = {},
): Promise<EntryRecord> {
  const now = actor.now ?? new Date();
  const number = await nextNumber(organizationId, entry.date, session);
  const record = await insertEntry(
    {
      ...link,
      organizationId,
      number,
      ...storedFields(entry),
      source,
      status: "contabilizado",
      createdBy: actor.by,
      createdAt: now,
      updatedBy: actor.by,
      updatedAt: now,
      postedAt: now,
      history: [history(actor, "contabilizado", { after: { number } })],
    },
    session,
  );
  await applyBalanceChanges(organizationId, balanceChanges(entry.date, entry.lines, 1), session);
  return record;
}

/** Saves a draft: well-formed lines, but it may be short or unbalanced. Touches no balance. */
export function createDraft(organizationId: string, input: EntryInput, actor: Actor, source: EntrySource = { kind: "manual" }) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const entry = checked(input, await contextOf(organizationId, session), true);
      const now = actor.now ?? new Date();
      return insertEntry(
        {
          organizationId,
          ...storedFields(entry),
          source,
          status: "borrador",
          createdBy: actor.by,
          createdAt: now,
          updatedBy: actor.by,
          updatedAt: now,
          history: [history(actor, "creado")],
        },
        session,
      );
    }),
  );
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
      const set = { status: "contabilizado" as const, number, fiscalYear: fiscalYearOf(entry.date), postedAt: now, updatedBy: actor.by, updatedAt: now };
      await saveEntry(organizationId, stored._id, set, history(actor, "contabilizado", { after: { number } }), session);
      await applyBalanceChanges(organizationId, balanceChanges(entry.date, entry.lines, 1), session);
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
      const set = { ...storedFields(entry), status: "contabilizado" as const, number, postedAt: now, updatedBy: actor.by, updatedAt: now };
      await saveEntry(organizationId, stored._id, {}, history(actor, "modificado", diff), session);
      await saveEntry(organizationId, stored._id, set, history(actor, "contabilizado", { after: { number } }), session);
      await applyBalanceChanges(organizationId, balanceChanges(entry.date, entry.lines, 1), session);
      return { ...stored, ...set };
    }),
  );
}

/** A new entry posted at once (manual form, receipt booking, templates, rules …). */
export function createAndPost(organizationId: string, input: EntryInput, actor: Actor, source: EntrySource = { kind: "manual" }) {
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const entry = checked(input, await contextOf(organizationId, session));
      return insertPosted(organizationId, entry, source, actor, session);
    }),
  );
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
      const context = await contextOf(organizationId, session);
      if (context.lockDate !== null && stored.date <= context.lockDate) refuse(postedInClosedPeriod(context.lockDate), "date");
      const entry = checked(input, context);
      if (fiscalYearOf(entry.date) !== stored.fiscalYear) refuse(FISCAL_YEAR_CHANGE, "date");
      const before = linesOf(stored);
      const diff = entryDiff({ ...stored, lines: before }, entry);
      const set = { ...storedFields(entry), updatedBy: actor.by, updatedAt: actor.now ?? new Date() };
      await saveEntry(organizationId, stored._id, set, history(actor, "editado", diff), session);
      await applyBalanceChanges(
        organizationId,
        mergeChanges(balanceChanges(stored.date, before, -1), balanceChanges(entry.date, entry.lines, 1)),
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
export function reverse(organizationId: string, id: string, actor: Actor & { date?: string }) {
  const date = actor.date ?? todayInCostaRica(actor.now ?? new Date());
  return refusalsAsOutcome(() =>
    inTransaction(async (session) => {
      const stored = await entryOf(organizationId, id, session);
      if (stored.status !== "contabilizado") refuse(NOT_POSTED);
      if (stored.reversedBy) refuse(ALREADY_REVERSED);
      const entry = checked(mirror(stored, date), await contextOf(organizationId, session));
      const reversalId = new Types.ObjectId();
      const reversal = await insertPosted(organizationId, entry, { kind: "reversion", id: String(stored._id) }, actor, session, {
        _id: reversalId,
        reversalOf: stored._id,
      });
      await saveEntry(
        organizationId,
        stored._id,
        { reversedBy: reversalId, updatedBy: actor.by, updatedAt: actor.now ?? new Date() },
        history(actor, "revertido", { after: { reversal: reversal.number } }),
        session,
      );
      return reversal;
    }),
  );
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
      return stored;
    }),
  );
}
