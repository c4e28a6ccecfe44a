import type { Types } from "mongoose";
import { calendarDateOf, shiftMonth, type MonthKey } from "~/domain/calendar";
import {
  CASH_AND_BANK_PREFIX,
  countInvalidSupplierIds,
  countNegativeCashOrBank,
  countPossibleDuplicates,
  countUnclassifiedAccounts,
  emptyCheckCounts,
  UNCLASSIFIED_PREFIX,
  unclassifiedBalance,
  type AccountBalance,
} from "~/domain/board/checks";
import { ivaDueDate, receptorAnswerDeadline } from "~/domain/board/deadlines";
import type { BoardRow } from "~/domain/board/row";
import { toCedula } from "~/domain/organization-id";
import { HaciendaSubmission } from "~models/hacienda-submission";
import { Receipt, type ReceiptDirection } from "~models/receipt";
import { balancesUnder, bookedReceiptCounts } from "~/services/ledger/board-reads.server";
import { ANSWERABLE_KINDS } from "~/services/receipts/receipts-detail.server";
import { ivaStatusesOf } from "./iva-status.server";
import { partialPaymentsFor } from "./partial-payments.server";

/**
 * The practice board (decision 220): every figure of every client's month from indexed, grouped
 * queries — the month's receipts by organization, the period balances, the settlement entries, the
 * sending queue — so its cost grows with the number of clients, not with their books.
 */

export interface BoardOrganization {
  id: string;
  name: string;
  responsible?: { id: string; email: string } | null;
}

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
const bothDirections = (ids: string[], month: MonthKey) => ({
  organizationId: { $in: ids },
  direction: { $in: ["issued", "received"] satisfies ReceiptDirection[] },
  month,
});

function monthReceiptCounts(ids: string[], month: MonthKey) {
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
function duplicateCandidates(ids: string[], month: MonthKey) {
  return Receipt.aggregate<{
    _id: { org: string; supplier: string; total: unknown };
    items: Array<{ clave: string; fechaEmision: Date }>;
  }>([
    { $match: { organizationId: { $in: ids }, month, direction: "received" } },
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
function supplierIds(ids: string[], month: MonthKey) {
  return Receipt.aggregate<{ _id: { org: string; tipo?: string | null; numero?: string | null }; count: number }>([
    { $match: { organizationId: { $in: ids }, month, direction: "received" } },
    {
      $group: {
        _id: { org: "$organizationId", tipo: "$emisor.tipo", numero: "$emisor.numero" },
        count: { $sum: 1 },
      },
    },
  ]);
}

function monthReceiptIds(ids: string[], month: MonthKey) {
  return Receipt.find(bothDirections(ids, month), { _id: 1, organizationId: 1 }).lean<
    Array<{ _id: Types.ObjectId; organizationId: string }>
  >();
}

function queueTroubles(ids: string[]) {
  return HaciendaSubmission.aggregate<{ _id: { org: string; state: string }; count: number }>([
    { $match: { organizationId: { $in: ids }, state: { $in: ["rechazado", "error"] } } },
    { $group: { _id: { org: "$organizationId", state: "$state" }, count: { $sum: 1 } } },
  ]);
}

async function lastImports(ids: string[]): Promise<Map<string, Date>> {
  const latest = await Promise.all(
    ids.map((organizationId) =>
      Receipt.findOne({ organizationId }, { importedAt: 1 })
        .sort({ importedAt: -1 })
        .lean<{ importedAt: Date } | null>()
        .then((found) => [organizationId, found?.importedAt ?? null] as const),
    ),
  );
  const map = new Map<string, Date>();
  for (const [id, at] of latest) if (at) map.set(id, at);
  return map;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

export function emptyRow(organization: BoardOrganization, month: MonthKey): BoardRow {
  const ivaMonth = shiftMonth(month, -1);
  return {
    organizationId: organization.id,
    cedula: toCedula(organization.id),
    name: organization.name,
    responsible: organization.responsible ?? null,
    received: 0,
    issued: 0,
    notBooked: 0,
    pendingAnswers: 0,
    nearestAnswerDeadline: null,
    iva: { month: ivaMonth, state: "sin-declarar", amount: null, dueDate: ivaDueDate(ivaMonth) },
    unclassified: "0",
    rejected: 0,
    stuck: 0,
    lastImportAt: null,
    partialPayment: { kind: "none", year: Number(month.slice(0, 4)) },
    checks: emptyCheckCounts(),
  };
}

/** One row per organization, in the order given (the route sorts by attention). */
export async function loadBoard(
  organizations: readonly BoardOrganization[],
  month: MonthKey,
  now: Date = new Date(),
): Promise<BoardRow[]> {
  const ids = organizations.map((organization) => organization.id);
  if (ids.length === 0) return [];
  const ivaMonth = shiftMonth(month, -1);
  const [counts, duplicates, suppliers, receiptIds, troubles, imports, balances, iva, partialPayments] =
    await Promise.all([
      monthReceiptCounts(ids, month),
      duplicateCandidates(ids, month),
      supplierIds(ids, month),
      monthReceiptIds(ids, month),
      queueTroubles(ids),
      lastImports(ids),
      balancesUnder(ids, month, [UNCLASSIFIED_PREFIX, CASH_AND_BANK_PREFIX]),
      ivaStatusesOf(ids, ivaMonth),
      partialPaymentsFor(ids, Number(month.slice(0, 4)), now),
    ]);
  const booked = await bookedReceiptCounts(
    new Map(
      [...groupBy(receiptIds, (receipt) => receipt.organizationId)].map(([org, list]) => [
        org,
        list.map((receipt) => receipt._id),
      ]),
    ),
  );
  const rows = new Map(organizations.map((organization) => [organization.id, emptyRow(organization, month)]));
  const at = (id: string) => rows.get(id);

  for (const group of counts) {
    const row = at(group._id.org);
    if (!row) continue;
    if (group._id.direction === "issued") row.issued = group.count;
    else row.received = group.count;
    row.checks.arithmetic += group.warned;
    row.pendingAnswers += group.pending;
    if (group.earliestPending) {
      const deadline = receptorAnswerDeadline(calendarDateOf(new Date(group.earliestPending)));
      if (!row.nearestAnswerDeadline || deadline < row.nearestAnswerDeadline) row.nearestAnswerDeadline = deadline;
    }
  }
  for (const row of rows.values()) row.notBooked = row.received + row.issued - (booked.get(row.organizationId) ?? 0);

  for (const [org, groups] of groupBy(duplicates, (group) => group._id.org)) {
    const row = at(org);
    if (!row) continue;
    row.checks.duplicates = countPossibleDuplicates(
      groups.flatMap((group) =>
        group.items.map((item) => ({
          clave: item.clave,
          supplier: group._id.supplier,
          total: BigInt(String(group._id.total)),
          date: calendarDateOf(new Date(item.fechaEmision)),
        })),
      ),
    );
  }
  for (const [org, groups] of groupBy(suppliers, (group) => group._id.org)) {
    const row = at(org);
    if (!row) continue;
    row.checks.invalidSupplierId = groups.reduce(
      (sum, group) =>
        sum +
        group.count *
          countInvalidSupplierIds([{ tipo: group._id.tipo ?? undefined, numero: group._id.numero ?? undefined }]),
      0,
    );
  }
  for (const trouble of troubles) {
    const row = at(trouble._id.org);
    if (!row) continue;
    if (trouble._id.state === "rechazado") row.rejected = trouble.count;
    else row.stuck = trouble.count;
  }
  for (const [org, importedAt] of imports) {
    const row = at(org);
    if (row) row.lastImportAt = importedAt.toISOString();
  }
  for (const [org, list] of groupBy(balances, (balance) => balance.organizationId)) {
    const row = at(org);
    if (!row) continue;
    applyBalances(row, list);
  }
  for (const [org, status] of iva) {
    const row = at(org);
    if (!row) continue;
    row.iva.state = status.state;
    row.iva.amount = status.amount === null ? null : String(status.amount);
  }
  for (const [org, payment] of partialPayments) {
    const row = at(org);
    if (row) row.partialPayment = payment;
  }
  return [...rows.values()];
}

export function applyBalances(row: BoardRow, balances: readonly AccountBalance[]): void {
  row.unclassified = String(unclassifiedBalance(balances));
  row.checks.unclassified = countUnclassifiedAccounts(balances);
  row.checks.negativeCash = countNegativeCashOrBank(balances);
}
