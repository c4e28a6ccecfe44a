import type { Types } from "mongoose";
import { calendarDateOf, type MonthKey } from "~/domain/calendar";
import { countInvalidSupplierIds, countPossibleDuplicates } from "~/domain/board/checks";
import type { BoardMonthFigures } from "~models/board-month-summary";
import { HaciendaSubmission } from "~models/hacienda-submission";
import { Receipt, type ReceiptDirection } from "~models/receipt";
import { bookedReceiptCounts } from "~/services/ledger/board-reads.server";
import { ANSWERABLE_KINDS } from "~/services/receipts/receipts-detail.server";

/**
 * The board's figures of a month that come from the receipts, their bookings and the sending queue,
 * computed with grouped, indexed reads for all the organizations asked for at once (decision 220).
 * The board keeps what this returns as each organization's month summary (decision 265).
 */

interface ReceiptGroup {
  _id: { org: string; direction: "issued" | "received" };
  count: number;
  warned: number;
  pending: number;
  earliestPending: Date | null;
}

/**
 * Both directions named, so the (organization, direction, month) index bounds the read to the month's
 * receipts instead of every receipt of every client.
 */
const bothDirections = (ids: readonly string[], month: MonthKey) => ({
  organizationId: { $in: [...ids] },
  direction: { $in: ["issued", "received"] satisfies ReceiptDirection[] },
  month,
});

function monthReceiptCounts(ids: readonly string[], month: MonthKey) {
  return Receipt.aggregate<ReceiptGroup>([
    { $match: bothDirections(ids, month) },
    {
      $project: {
        organizationId: 1,
        direction: 1,
        fechaEmision: 1,
        warned: { $cond: [{ $gt: [{ $size: { $ifNull: ["$warnings", []] } }, 0] }, 1, 0] },
        pending: {
          $cond: [
            {
              $and: [
                { $eq: ["$direction", "received"] },
                { $in: ["$kind", [...ANSWERABLE_KINDS]] },
                { $eq: [{ $ifNull: ["$receptorMessage", null] }, null] },
              ],
            },
            1,
            0,
          ],
        },
      },
    },
    {
      $group: {
        _id: { org: "$organizationId", direction: "$direction" },
        count: { $sum: 1 },
        warned: { $sum: "$warned" },
        pending: { $sum: "$pending" },
        earliestPending: { $min: { $cond: [{ $eq: ["$pending", 1] }, "$fechaEmision", null] } },
      },
    },
  ]);
}

/** Received receipts grouped by supplier and total: only groups of two or more can hold duplicates. */
function duplicateCandidates(ids: readonly string[], month: MonthKey) {
  return Receipt.aggregate<{
    _id: { org: string; supplier: string; total: unknown };
    items: Array<{ clave: string; fechaEmision: Date }>;
  }>([
    { $match: { organizationId: { $in: [...ids] }, month, direction: "received" } },
    {
      $group: {
        _id: {
          org: "$organizationId",
          supplier: { $ifNull: ["$emisor.numero", "$emisor.nombre"] },
          total: "$colones.totalComprobante",
        },
        count: { $sum: 1 },
        items: { $push: { clave: "$clave", fechaEmision: "$fechaEmision" } },
      },
    },
    { $match: { count: { $gt: 1 } } },
  ]);
}

/** Received receipts per distinct supplier identification: the format check runs on the few pairs. */
function supplierIds(ids: readonly string[], month: MonthKey) {
  return Receipt.aggregate<{ _id: { org: string; tipo?: string | null; numero?: string | null }; count: number }>([
    { $match: { organizationId: { $in: [...ids] }, month, direction: "received" } },
    {
      $group: {
        _id: { org: "$organizationId", tipo: "$emisor.tipo", numero: "$emisor.numero" },
        count: { $sum: 1 },
      },
    },
  ]);
}

async function bookedCounts(ids: readonly string[], month: MonthKey): Promise<Map<string, number>> {
  const receipts = await Receipt.find(bothDirections(ids, month), { _id: 1, organizationId: 1 }).lean<
    Array<{ _id: Types.ObjectId; organizationId: string }>
  >();
  const byOrganization = new Map<string, Types.ObjectId[]>();
  for (const receipt of receipts) {
    const list = byOrganization.get(receipt.organizationId);
    if (list) list.push(receipt._id);
    else byOrganization.set(receipt.organizationId, [receipt._id]);
  }
  return bookedReceiptCounts(byOrganization);
}

export const queueTroublesFilter = (ids: readonly string[]) => ({
  organizationId: { $in: [...ids] },
  state: { $in: ["rechazado", "error"] },
});

function queueTroubles(ids: readonly string[]) {
  return HaciendaSubmission.aggregate<{ _id: { org: string; state: string }; count: number }>([
    { $match: queueTroublesFilter(ids) },
    { $group: { _id: { org: "$organizationId", state: "$state" }, count: { $sum: 1 } } },
  ]);
}

/**
 * Bounded on `importedAt` as well as the organization: with the organization alone, the (organization,
 * clave) index ties with the (organization, importedAt) one, and a planner that took the first made the
 * read fetch and sort every receipt the client ever had (about half a second for 5 000). The range makes
 * the importedAt index the choice whatever the planner does with ties, already in the order asked, so
 * the read stops at one receipt. Every receipt has its import time.
 */
export const lastImportFilter = (organizationId: string) => ({ organizationId, importedAt: { $gte: new Date(0) } });
export const LAST_IMPORT_SORT = { importedAt: -1 } as const;

async function lastImports(ids: readonly string[]): Promise<Map<string, Date>> {
  const latest = await Promise.all(
    ids.map((organizationId) =>
      Receipt.findOne(lastImportFilter(organizationId), { importedAt: 1 })
        .sort(LAST_IMPORT_SORT)
        .lean<{ importedAt: Date } | null>()
        .then((found) => [organizationId, found?.importedAt ?? null] as const),
    ),
  );
  const map = new Map<string, Date>();
  for (const [id, at] of latest) if (at) map.set(id, at);
  return map;
}

export function emptyMonthFigures(): BoardMonthFigures {
  return {
    received: 0,
    issued: 0,
    warned: 0,
    pendingAnswers: 0,
    earliestPending: null,
    booked: 0,
    duplicates: 0,
    invalidSupplierIds: 0,
    rejected: 0,
    stuck: 0,
    lastImportAt: null,
  };
}

/** The month's figures of each organization asked for (empty figures for one without receipts). */
export async function computeMonthFigures(
  ids: readonly string[],
  month: MonthKey,
): Promise<Map<string, BoardMonthFigures>> {
  const figures = new Map(ids.map((id) => [id, emptyMonthFigures()]));
  if (ids.length === 0) return figures;
  const [counts, duplicates, suppliers, booked, troubles, imports] = await Promise.all([
    monthReceiptCounts(ids, month),
    duplicateCandidates(ids, month),
    supplierIds(ids, month),
    bookedCounts(ids, month),
    queueTroubles(ids),
    lastImports(ids),
  ]);
  for (const group of counts) {
    const summary = figures.get(group._id.org);
    if (!summary) continue;
    if (group._id.direction === "issued") summary.issued = group.count;
    else summary.received = group.count;
    summary.warned += group.warned;
    summary.pendingAnswers += group.pending;
    const earliest = group.earliestPending ? new Date(group.earliestPending) : null;
    if (earliest && (!summary.earliestPending || earliest < summary.earliestPending))
      summary.earliestPending = earliest;
  }
  for (const [org, count] of booked) {
    const summary = figures.get(org);
    if (summary) summary.booked = count;
  }
  const duplicateItems = new Map<string, Parameters<typeof countPossibleDuplicates>[0][number][]>();
  for (const group of duplicates) {
    const items = duplicateItems.get(group._id.org) ?? [];
    for (const item of group.items)
      items.push({
        clave: item.clave,
        supplier: group._id.supplier,
        total: BigInt(String(group._id.total)),
        date: calendarDateOf(new Date(item.fechaEmision)),
      });
    duplicateItems.set(group._id.org, items);
  }
  for (const [org, items] of duplicateItems) {
    const summary = figures.get(org);
    if (summary) summary.duplicates = countPossibleDuplicates(items);
  }
  for (const group of suppliers) {
    const summary = figures.get(group._id.org);
    if (!summary) continue;
    summary.invalidSupplierIds +=
      group.count *
      countInvalidSupplierIds([{ tipo: group._id.tipo ?? undefined, numero: group._id.numero ?? undefined }]);
  }
  for (const trouble of troubles) {
    const summary = figures.get(trouble._id.org);
    if (!summary) continue;
    if (trouble._id.state === "rechazado") summary.rejected = trouble.count;
    else summary.stuck = trouble.count;
  }
  for (const [org, importedAt] of imports) {
    const summary = figures.get(org);
    if (summary) summary.lastImportAt = new Date(importedAt);
  }
  return figures;
}
