/**
 * The compact parsed form of stored receipts (decision 137): read as stored when current, else rebuilt
 * from the XML with the importer's parser and saved, so each old receipt is parsed once.
 */
import { Types } from "mongoose";
import { compactReceiptOf, isCurrentCompact, type CompactReceipt } from "~/domain/receipts/compact";
import {
  findReceiptXmls,
  findStoredCompactForms,
  receiptsWithStaleCompact,
  saveCompactForms,
  type ReceiptScope,
} from "~models/receipt";
import { parseDocument } from "./parse-document.server";

/** The compact form of an XML document, or null when it is not a readable receipt. */
export function compactFromXml(xml: Uint8Array): CompactReceipt | null {
  const parsed = parseDocument(xml);
  return parsed.ok && parsed.document.kind !== "MH" ? compactReceiptOf(parsed.document) : null;
}

// A receipt's XML never changes, so neither does its compact form under one PARSED_VERSION: each
// process keeps the ones it read (a month of 5 000 is a few MB), and «Simular», booking and the IVA
// return read from the database only the receipts they have not seen yet.
const CACHE_LIMIT = 50_000;
const cache = new Map<string, CompactReceipt>();

function remember(key: string, form: CompactReceipt) {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, form);
}

// Months (and direction) whose forms this process has read: a month it has not seen yet reads the
// forms in the month's own query (one pass over the month's documents instead of two).
const seenScopes = new Set<string>();
const scopeKey = (organizationId: string, scope: ReceiptScope) =>
  `${organizationId}:${scope.month}:${scope.direction ?? ""}`;

/** Whether the month's query should bring the stored forms along: this process has not read them yet. */
export function formsWanted(organizationId: string, scope: ReceiptScope): boolean {
  return !seenScopes.has(scopeKey(organizationId, scope));
}

/** Forgets the forms this process keeps (tests that change stored forms behind its back). */
export function forgetCompactForms() {
  cache.clear();
  seenScopes.clear();
}

/**
 * Each receipt's compact form by id: the one this process already read, else the stored one when
 * current, else rebuilt from the XML and saved (one read of the forms, one of the XMLs still needed,
 * one write of the rebuilt forms). Null: the XML is not a readable receipt. Ids of another
 * organization are left out. Receipts may come with the stored form their query brought (`parsed`,
 * see `formsWanted`). `scope`: the month (and direction) that holds them, read whole when that is
 * cheaper than asking for many ids.
 */
export async function compactForms(
  organizationId: string,
  receipts: ReadonlyArray<Types.ObjectId | { _id: Types.ObjectId; parsed?: unknown }>,
  scope?: ReceiptScope,
): Promise<Map<string, CompactReceipt | null>> {
  const forms = new Map<string, CompactReceipt | null>();
  const missing: Types.ObjectId[] = [];
  const stale: Types.ObjectId[] = [];
  for (const receipt of receipts) {
    const id = receipt instanceof Types.ObjectId ? receipt : receipt._id;
    const known = cache.get(`${organizationId}:${id}`);
    const brought = receipt instanceof Types.ObjectId ? undefined : receipt.parsed;
    if (known) forms.set(String(id), known);
    else if (brought === undefined) missing.push(id);
    else if (isCurrentCompact(brought as CompactReceipt)) {
      forms.set(String(id), brought as CompactReceipt);
      remember(`${organizationId}:${id}`, brought as CompactReceipt);
    } else stale.push(id);
  }
  if (scope) seenScopes.add(scopeKey(organizationId, scope));
  if (missing.length === 0 && stale.length === 0) return forms;
  for (const { _id, parsed } of await findStoredCompactForms(organizationId, missing, scope)) {
    if (isCurrentCompact(parsed)) {
      forms.set(String(_id), parsed);
      remember(`${organizationId}:${_id}`, parsed);
    } else stale.push(_id);
  }
  if (stale.length === 0) return forms;
  const rebuilt: Array<{ _id: Types.ObjectId; parsed: CompactReceipt }> = [];
  for (const { _id, xml } of await findReceiptXmls(organizationId, stale)) {
    const parsed = compactFromXml(xml);
    forms.set(String(_id), parsed);
    if (parsed) {
      rebuilt.push({ _id, parsed });
      remember(`${organizationId}:${_id}`, parsed);
    }
  }
  await saveCompactForms(rebuilt);
  return forms;
}

/**
 * Builds the compact form of every stored receipt that lacks a current one (run by `npm run seed` and
 * `npm run receipts:compact`); receipts read before it runs rebuild theirs on their own. Returns how
 * many were rebuilt and how many XMLs could not be read.
 */
export async function backfillCompactForms(batchSize = 500): Promise<{ rebuilt: number; unreadable: number }> {
  let rebuilt = 0;
  let unreadable = 0;
  let afterId: Types.ObjectId | null = null;
  for (;;) {
    const batch = await receiptsWithStaleCompact(afterId, batchSize);
    if (batch.length === 0) break;
    const forms: Array<{ _id: Types.ObjectId; parsed: CompactReceipt }> = [];
    for (const receipt of batch) {
      const parsed = compactFromXml(receipt.xml);
      if (parsed) forms.push({ _id: receipt._id, parsed });
      else unreadable++;
    }
    await saveCompactForms(forms);
    rebuilt += forms.length;
    afterId = batch[batch.length - 1]._id;
  }
  return { rebuilt, unreadable };
}
