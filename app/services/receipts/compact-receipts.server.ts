/**
 * The compact parsed form of stored receipts (decision 137): read as stored when current, else rebuilt
 * from the XML with the importer's parser and saved, so each old receipt is parsed once.
 */
import type { Types } from "mongoose";
import { compactReceiptOf, isCurrentCompact, type CompactReceipt } from "~/domain/receipts/compact";
import { findReceiptXmls, receiptsWithStaleCompact, saveCompactForms } from "~models/receipt";
import { parseDocument } from "./parse-document.server";

/** The compact form of an XML document, or null when it is not a readable receipt. */
export function compactFromXml(xml: Uint8Array): CompactReceipt | null {
  const parsed = parseDocument(xml);
  return parsed.ok && parsed.document.kind !== "MH" ? compactReceiptOf(parsed.document) : null;
}

/**
 * Each receipt's compact form by id: the stored one when current; the others rebuilt from their XML
 * (one read of the XMLs, one write of the rebuilt forms). Null: the XML is not a readable receipt.
 */
export async function compactForms(
  organizationId: string,
  receipts: ReadonlyArray<{ _id: Types.ObjectId; parsed?: unknown }>,
): Promise<Map<string, CompactReceipt | null>> {
  const forms = new Map<string, CompactReceipt | null>();
  const stale: Types.ObjectId[] = [];
  for (const receipt of receipts) {
    if (isCurrentCompact(receipt.parsed as CompactReceipt | undefined))
      forms.set(String(receipt._id), receipt.parsed as CompactReceipt);
    else stale.push(receipt._id);
  }
  if (stale.length === 0) return forms;
  const rebuilt: Array<{ _id: Types.ObjectId; parsed: CompactReceipt }> = [];
  for (const { _id, xml } of await findReceiptXmls(organizationId, stale)) {
    const parsed = compactFromXml(xml);
    forms.set(String(_id), parsed);
    if (parsed) rebuilt.push({ _id, parsed });
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
