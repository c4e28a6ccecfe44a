/**
 * The entry form's server side (/entries/detail/new, /entries/detail/:accountEntryID): what the page
 * needs, and a checked form handed to the ledger service, the only writer of the books.
 */
import { todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import type { CatalogNode } from "~/domain/catalog";
import {
  entryInputOf,
  newEntryDefaults,
  storedEntryDefaults,
  type EntryFormDefaults,
  type EntryFormValue,
} from "~/domain/entries/form";
import type { EntrySource } from "~/domain/ledger/types";
import { ENTRY_NOT_FOUND, REVERSED_NOT_EDITABLE, postedInClosedPeriod } from "~/domain/ledger/messages";
import type { Refusal } from "~/domain/refusal";
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
} from "~/services/ledger/ledger.server";
import { notFound } from "~/utils/http.server";
import type { OrgContext } from "~/utils/org-context.server";
import type { EntryRecord } from "~models/entry";
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
}

/** Why a stored entry cannot be changed from the form any more; null when it can. */
export function notEditable(
  entry: Pick<EntryRecord, "status" | "reversedBy" | "date">,
  lockDate: CalendarDate | null,
): string | null {
  if (entry.status !== "contabilizado") return null;
  if (entry.reversedBy) return REVERSED_NOT_EDITABLE;
  if (lockDate !== null && entry.date <= lockDate) return postedInClosedPeriod(lockDate);
  return null;
}

/**
 * The entry the form edits: none for a new one; the organization's entry otherwise, or a 404 «Asiento
 * no encontrado.» for an unknown or malformed id and for another organization's entry.
 */
export async function entryFormTarget(organizationId: string, id: string | undefined): Promise<EntryFormTarget> {
  if (id === undefined) return { mode: "new", entry: null, locked: null };
  const entry = await getEntry(organizationId, id);
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  const organization = await findOrganization(organizationId);
  const locked = notEditable(entry, lockDateOf(organization?.lockDate as Date | string | null | undefined));
  return { mode: entry.status === "borrador" ? "draft" : "posted", entry, locked };
}

/** The page's data: the merged catalog for the account picker and the form's values. */
export async function entryFormPage(
  organizationId: string,
  target: EntryFormTarget,
  now = new Date(),
): Promise<EntryFormPage> {
  const { tree } = await loadCatalog(organizationId);
  if (target.mode === "new")
    return { mode: "new", entry: null, defaults: newEntryDefaults(todayInCostaRica(now)), tree };
  const { entry } = target;
  return {
    mode: target.mode,
    entry: { id: String(entry._id), number: entry.number ?? null },
    defaults: storedEntryDefaults({ ...entry, lines: linesOf(entry) }),
    tree,
  };
}

export type EntryFormOutcome =
  { ok: true; id: string; message: string } | { ok: false; notFound?: boolean; refusals: Refusal[] };

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
  const post = value.intent === "post";
  const id = target.entry === null ? "" : String(target.entry._id);
  const outcome =
    target.mode === "new"
      ? post
        ? await createAndPost(organization.id, input, actor, source)
        : await createDraft(organization.id, input, actor, source)
      : target.mode === "draft"
        ? post
          ? await updateAndPost(organization.id, id, input, actor)
          : await updateDraft(organization.id, id, input, actor)
        : post
          ? await editPosted(organization.id, id, input, actor)
          : // A posted entry is never a draft again: the service refuses it, in Spanish.
            await updateDraft(organization.id, id, input, actor);
  if (!outcome.ok) return outcome;
  const number = outcome.entry.number;
  const message =
    target.mode === "posted"
      ? `Cambios guardados en el asiento ${number}; quedan registrados en su historial.`
      : post
        ? `Asiento ${number} contabilizado.`
        : "Borrador guardado.";
  return { ok: true, id: String(outcome.entry._id), message };
}
