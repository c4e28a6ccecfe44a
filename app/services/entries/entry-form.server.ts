/**
 * The entry form's server side (/entries/detail/new, /entries/detail/:accountEntryID): what the page
 * needs, and a checked form handed to the ledger service, the only writer of the books.
 */
import { randomUUID } from "node:crypto";
import { todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import type { CatalogNode } from "~/domain/catalog";
import {
  entryInputOf,
  newEntryDefaults,
  storedEntryDefaults,
  type EntryFormDefaults,
  type EntryFormValue,
} from "~/domain/entries/form";
import type { EntryInput, EntrySource } from "~/domain/ledger/types";
import {
  BANK_RECONCILED,
  ENTRY_NOT_FOUND,
  REVERSED_NOT_EDITABLE,
  postedInClosedPeriod,
} from "~/domain/ledger/messages";
import { found, notFoundRefusal, refused, type Refusal, type Result } from "~/domain/refusal";
import { loadCatalog } from "~/services/catalog/catalog.server";
import {
  createAndPost,
  createDraft,
  editPosted,
  getEntry,
  linesOf,
  lockDateOf,
  updateAndPost,
  updateDraft,
  type LedgerOutcome,
} from "~/services/ledger/ledger.server";
import type { OrgContext } from "~/utils/org-context.server";
import type { EntryRecord } from "~models/entry";
import { entryBySubmission } from "~/services/ledger/read.server";
import { findOrganization } from "~models/organization";

export type EntryFormMode = "new" | "draft" | "posted";

/** What the form works on: a new entry, or a stored one and why it can no longer change (null when it can). */
export type EntryFormTarget =
  { mode: "new"; entry: null; locked: null } | { mode: "draft" | "posted"; entry: EntryRecord; locked: string | null };

export interface EntryFormPage {
  mode: EntryFormMode;
  entry: { id: string; number: string | null } | null;
  defaults: EntryFormDefaults;
  tree: CatalogNode[];
  /** A new entry's one-time token: a second submit of the same page finds the entry of the first. */
  submissionToken: string | null;
}

/** Why a stored entry cannot be changed from the form any more; null when it can. */
export function notEditable(
  entry: Pick<EntryRecord, "status" | "reversedBy" | "date" | "bankLocks">,
  lockDate: CalendarDate | null,
): string | null {
  if (entry.status !== "contabilizado") return null;
  if (entry.reversedBy) return REVERSED_NOT_EDITABLE;
  if (entry.bankLocks?.length) return BANK_RECONCILED;
  if (lockDate !== null && entry.date <= lockDate) return postedInClosedPeriod(lockDate);
  return null;
}

/**
 * The entry the form edits: none for a new one; the organization's entry otherwise, or refused as not
 * found («Asiento no encontrado.») for an unknown or malformed id and for another organization's entry.
 */
export async function entryFormTarget(
  organizationId: string,
  id: string | undefined,
): Promise<Result<EntryFormTarget>> {
  if (id === undefined) return found({ mode: "new", entry: null, locked: null });
  const entry = await getEntry(organizationId, id);
  if (!entry) return refused(notFoundRefusal(ENTRY_NOT_FOUND));
  const organization = await findOrganization(organizationId);
  const locked = notEditable(entry, lockDateOf(organization?.lockDate as Date | string | null | undefined));
  return found({ mode: entry.status === "borrador" ? "draft" : "posted", entry, locked });
}

/** The page's data: the merged catalog for the account picker and the form's values. */
export async function entryFormPage(
  organizationId: string,
  target: EntryFormTarget,
  now = new Date(),
): Promise<EntryFormPage> {
  const { tree } = await loadCatalog(organizationId);
  if (target.mode === "new")
    return {
      mode: "new",
      entry: null,
      defaults: newEntryDefaults(todayInCostaRica(now)),
      tree,
      submissionToken: randomUUID(),
    };
  const { entry } = target;
  return {
    mode: target.mode,
    entry: { id: String(entry._id), number: entry.number ?? null },
    defaults: storedEntryDefaults({ ...entry, lines: linesOf(entry) }),
    tree,
    submissionToken: null,
  };
}

export type EntryFormOutcome = { ok: true; id: string; message: string } | { ok: false; refusals: Refusal[] };

/** The answer to a second submit of a form whose entry is already saved: that entry, not a new one. */
function alreadySaved(entry: EntryRecord): EntryFormOutcome {
  const message =
    entry.status === "contabilizado"
      ? `Este formulario ya se había enviado: el asiento ${entry.number} quedó registrado una sola vez.`
      : "Este formulario ya se había enviado: el borrador quedó guardado una sola vez.";
  return { ok: true, id: String(entry._id), message };
}

function saved(outcome: LedgerOutcome<EntryRecord>, message: (number: string | undefined) => string): EntryFormOutcome {
  return outcome.ok ? { ok: true, id: String(outcome.entry._id), message: message(outcome.entry.number) } : outcome;
}

/** A new entry from the form, once per form submission (decision 198): a token already used answers with its entry. */
async function saveNewEntry(
  organizationId: string,
  input: EntryInput,
  actor: { by: string },
  source: EntrySource,
  value: EntryFormValue,
): Promise<EntryFormOutcome> {
  const token = value.submissionToken;
  if (token) {
    const repeated = await entryBySubmission(organizationId, token);
    if (repeated) return alreadySaved(repeated);
  }
  // A simultaneous submit of the same form gets, from the ledger, the entry the first one saved.
  const submission = { submissionToken: token };
  return value.intent === "post"
    ? saved(await createAndPost(organizationId, input, actor, source, submission), (n) => `Asiento ${n} contabilizado.`)
    : saved(await createDraft(organizationId, input, actor, source, submission), () => "Borrador guardado.");
}

/**
 * Saves the checked form through the ledger service: a new entry as a draft or posted; a draft
 * changed in place, or changed and posted in one transaction; a posted entry through the audited
 * edit. A refusal writes nothing.
 */
export async function saveEntryForm(
  { user, organization }: OrgContext,
  target: EntryFormTarget,
  value: EntryFormValue,
  source: EntrySource = { kind: "manual" },
): Promise<EntryFormOutcome> {
  const input = entryInputOf(value);
  const actor = { by: String(user._id) };
  if (target.mode === "new") return saveNewEntry(organization.id, input, actor, source, value);
  const post = value.intent === "post";
  const id = String(target.entry._id);
  if (target.mode === "draft")
    return post
      ? saved(await updateAndPost(organization.id, id, input, actor), (n) => `Asiento ${n} contabilizado.`)
      : saved(await updateDraft(organization.id, id, input, actor), () => "Borrador guardado.");
  return post
    ? saved(
        await editPosted(organization.id, id, input, actor),
        (n) => `Cambios guardados en el asiento ${n}; quedan registrados en su historial.`,
      )
    : // A posted entry is never a draft again: the service refuses it, in Spanish.
      saved(await updateDraft(organization.id, id, input, actor), () => "Borrador guardado.");
}
