import { createHash } from "node:crypto";
import { planPreview, type PlanPreview, type PreviewState } from "~/domain/booking/preview";
import { monthLabel, type MonthKey } from "~/domain/calendar";
import { flattenCatalog } from "~/domain/catalog";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { BOOKING_BATCH, bookingSetup, pendingReceipts, planReceipts } from "./booking.server";
import { receiptLabels, type ReceiptLabel } from "./receipt-labels.server";

/** Rows the preview page lists one by one; the counts cover every pending receipt. */
export const PREVIEW_MAX_ROWS = 300;

export type PreviewRow = PlanPreview & ReceiptLabel & { receiptId: string };

export interface MonthBookingPreview {
  month: MonthKey;
  monthLabel: string;
  count: number;
  /** Names the pending receipts the person saw; the confirmation books only if they are still the same. */
  token: string;
  rows: PreviewRow[];
  /** Pending receipts not listed (beyond PREVIEW_MAX_ROWS). */
  hidden: number;
  counts: Record<PreviewState, number>;
}

/** A short fingerprint of the month's pending receipts, in booking order. */
export function pendingToken(month: MonthKey, ids: readonly string[]): string {
  return createHash("sha256")
    .update(`${month}\n${ids.join("\n")}`)
    .digest("hex")
    .slice(0, 32);
}

/** The month's pending receipts and, for each, what booking it now would do. Writes nothing. */
export async function previewMonthBooking(organizationId: string, month: MonthKey): Promise<MonthBookingPreview> {
  const ids = await pendingReceipts(organizationId, month);
  const counts: Record<PreviewState, number> = { contabilizar: 0, borrador: 0, no: 0 };
  const rows: PreviewRow[] = [];
  if (ids.length > 0) {
    const [setup, catalog, labels] = await Promise.all([
      bookingSetup(organizationId),
      loadCatalog(organizationId),
      receiptLabels(organizationId, ids.slice(0, PREVIEW_MAX_ROWS)),
    ]);
    const names = new Map(flattenCatalog(catalog.tree).map((node) => [node.key, node.label]));
    const labelOf = (code: string) => names.get(code) ?? "";
    for (let start = 0; start < ids.length; start += BOOKING_BATCH) {
      for (const planned of await planReceipts(organizationId, ids.slice(start, start + BOOKING_BATCH), setup)) {
        const preview = planPreview(planned.outcome, labelOf);
        counts[preview.state] += 1;
        const label = labels.get(planned.receiptId);
        if (label && rows.length < PREVIEW_MAX_ROWS) rows.push({ receiptId: planned.receiptId, ...label, ...preview });
      }
    }
  }
  return {
    month,
    monthLabel: monthLabel(month),
    count: ids.length,
    token: pendingToken(month, ids),
    rows,
    hidden: ids.length - rows.length,
    counts,
  };
}

/** Whether the month's pending receipts are still the ones the preview showed. */
export async function previewStillHolds(organizationId: string, month: MonthKey, token: string): Promise<boolean> {
  return pendingToken(month, await pendingReceipts(organizationId, month)) === token;
}
