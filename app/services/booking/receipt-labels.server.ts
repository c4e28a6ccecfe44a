import { findReceiptSummaries } from "~models/receipt";
import { monthRow } from "~/services/receipts/receipts.server";

/** How a booking screen names a receipt: three «…0001» of different suppliers must not look alike. */
export interface ReceiptLabel {
  document: string;
  date: string;
  party: string;
  partyId: string | null;
  total: string;
}

const CHUNK = 500;

/** The labels of the organization's receipts with these ids (ids of another organization have none). */
export async function receiptLabels(
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, ReceiptLabel>> {
  const labels = new Map<string, ReceiptLabel>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    for (const summary of await findReceiptSummaries(organizationId, ids.slice(start, start + CHUNK))) {
      const row = monthRow(summary);
      labels.set(row.id, {
        document: `${row.kindLabel} ${row.consecutivo}`,
        date: row.fecha,
        party: row.contraparte,
        partyId: row.contraparteId,
        total: row.total,
      });
    }
  }
  return labels;
}
