import { calendarDateOf, lastDayOfMonth, shiftMonth, type MonthKey } from "~/domain/calendar";
import {
  CASH_AND_BANK_PREFIX,
  countArithmeticWarnings,
  countInvalidSupplierIds,
  countPossibleDuplicates,
  UNCLASSIFIED_PREFIX,
} from "~/domain/board/checks";
import { nearestDeadline, receptorAnswerDeadline } from "~/domain/board/deadlines";
import type { BoardRow } from "~/domain/board/row";
import { HaciendaSubmission } from "~models/hacienda-submission";
import { Receipt, type ReceiptRecord } from "~models/receipt";
import { isReceiptBooked, postedBalancesFromEntries } from "~/services/ledger/board-reads.server";
import { nextPartialPayment } from "~/domain/board/partial-payments";
import { incomeTaxReport } from "~/services/income-tax/income-tax.server";
import { declaredAmount } from "~/services/vat/declaration-state.server";
import { loadVatPage } from "~/services/vat/vat-page.server";
import { currentDeclaration } from "~models/vat-declaration";
import { ANSWERABLE_KINDS } from "~/services/receipts/receipts-detail.server";
import { applyBalances, emptyRow, loadBoard, type BoardOrganization } from "./board.server";

/**
 * The board recomputed the slow way, from the documents themselves: each receipt read and checked
 * one by one, balances summed from the posted entries' lines (not the period balances), the IVA
 * state read from the IVA page's own view of each organization. What `npm run board:verify` and the tests compare the board with.
 */
export async function recomputeBoardRow(
  organization: BoardOrganization,
  month: MonthKey,
  now: Date = new Date(),
): Promise<BoardRow> {
  const row = emptyRow(organization, month);
  const receipts = await Receipt.find({ organizationId: organization.id, month }).lean<ReceiptRecord[]>();
  const received = receipts.filter((receipt) => receipt.direction === "received");
  row.received = received.length;
  row.issued = receipts.length - received.length;
  for (const receipt of receipts) if (!(await isReceiptBooked(organization.id, receipt._id))) row.notBooked += 1;
  const pending = received.filter((receipt) => ANSWERABLE_KINDS.has(receipt.kind) && !receipt.receptorMessage);
  row.pendingAnswers = pending.length;
  row.nearestAnswerDeadline = nearestDeadline(
    pending.map((receipt) => receptorAnswerDeadline(calendarDateOf(receipt.fechaEmision))),
  );
  row.checks.arithmetic = countArithmeticWarnings(receipts.map((receipt) => ({ warnings: receipt.warnings ?? [] })));
  row.checks.duplicates = countPossibleDuplicates(
    received.map((receipt) => ({
      clave: receipt.clave,
      supplier: receipt.emisor.numero ?? receipt.emisor.nombre,
      total: BigInt(receipt.colones.totalComprobante),
      date: calendarDateOf(receipt.fechaEmision),
    })),
  );
  row.checks.invalidSupplierId = countInvalidSupplierIds(received.map((receipt) => receipt.emisor));

  const balances = await postedBalancesFromEntries(organization.id, lastDayOfMonth(month), [
    UNCLASSIFIED_PREFIX,
    CASH_AND_BANK_PREFIX,
  ]);
  applyBalances(
    row,
    [...balances].map(([account, balance]) => ({ account, balance })),
  );

  // The IVA page's own view of the previous month: its declaration panel says declared or stale.
  const ivaMonth = shiftMonth(month, -1);
  const page = await loadVatPage(organization.id, ivaMonth, null);
  if (page.declaration) {
    const declared = await currentDeclaration(organization.id, ivaMonth);
    row.iva.state = page.declaration.stale ? "desactualizado" : "declarado";
    row.iva.amount = declared ? String(declaredAmount(declared)) : null;
  }
  // The Impuesto sobre la Renta page's own report of the month's year.
  const year = Number(month.slice(0, 4));
  row.partialPayment = nextPartialPayment(year, (await incomeTaxReport(organization.id, year, now)).schedule);
  row.rejected = await HaciendaSubmission.countDocuments({ organizationId: organization.id, state: "rechazado" });
  row.stuck = await HaciendaSubmission.countDocuments({ organizationId: organization.id, state: "error" });
  let last: Date | null = null;
  for await (const receipt of Receipt.find({ organizationId: organization.id }, { importedAt: 1 }).lean().cursor()) {
    const at = new Date((receipt as { importedAt: Date }).importedAt);
    if (!last || at > last) last = at;
  }
  row.lastImportAt = last ? last.toISOString() : null;
  return row;
}

export interface BoardDifference {
  organizationId: string;
  field: string;
  board: unknown;
  recomputed: unknown;
}

function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (value === null || typeof value !== "object") return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, unknown>>(
    (flat, [key, inner]) => ({ ...flat, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

/** Every field where the board differs from the recomputation, for the given organizations and month. */
export async function verifyBoard(
  organizations: readonly BoardOrganization[],
  month: MonthKey,
): Promise<BoardDifference[]> {
  const now = new Date();
  const board = await loadBoard(organizations, month, now);
  const differences: BoardDifference[] = [];
  for (const row of board) {
    const organization = organizations.find((candidate) => candidate.id === row.organizationId);
    if (!organization) continue;
    const expected = flatten(await recomputeBoardRow(organization, month, now));
    const actual = flatten(row);
    for (const field of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      if (expected[field] !== actual[field])
        differences.push({
          organizationId: row.organizationId,
          field,
          board: actual[field],
          recomputed: expected[field],
        });
    }
  }
  return differences;
}
