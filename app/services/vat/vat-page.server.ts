import {
  currentMonth,
  formatDate,
  formatDateTime,
  monthLabel,
  parseMonth,
  shiftMonth,
  type MonthKey,
} from "~/domain/calendar";
import {
  IVA_RETURN_COLUMNS,
  IVA_SECTION_TITLES,
  formatBasisPoints,
  formatIvaAmount,
  ivaResultLabel,
  ivaReturnLines,
  compareWithDeclaration,
  type FigureView,
  type IvaContribution,
  type IvaReturn,
  type ReceiptView,
  type VatDeclarationView,
  type VatPageView,
  MONTH_QUERY_MESSAGE,
} from "~/domain/iva";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { found, refusal, refused, type Result } from "~/domain/refusal";
import { reconcileVat } from "./vat-reconciliation.server";
import { loadVatMonth } from "./vat-return.server";
import { currentDeclaration, declarationVersions } from "~models/vat-declaration";
import { findUserById } from "~models/user";
import { declarationFigures, monthNotEnded, settlementOf } from "./vat-settlement.server";

const STATUS_LABELS: Record<string, string> = {
  vigente: "vigente",
  rectificada: "rectificada",
  revertida: "revertida",
};

async function declarationView(
  organizationId: string,
  month: MonthKey,
  ivaReturn: IvaReturn,
): Promise<VatDeclarationView | null> {
  const declared = await currentDeclaration(organizationId, month);
  if (!declared) return null;
  const [versions, user] = await Promise.all([declarationVersions(organizationId, month), findUserById(declared.by)]);
  const comparison = compareWithDeclaration(declarationFigures(declared), ivaReturn);
  return {
    version: declared.version,
    at: formatDateTime(declared.at),
    by: user?.email ?? "",
    entry: declared.entryId ? { id: declared.entryId, number: declared.entryNumber ?? "" } : null,
    fromEntry: !!declared.fromEntry,
    stale: comparison.stale,
    differences: comparison.differences.map((row) => ({
      label: row.label,
      declared: formatIvaAmount(row.declared),
      current: formatIvaAmount(row.current),
    })),
    arrived: comparison.arrived.map((receipt) => receiptView(receipt, receipt.tax)),
    goneCount: comparison.gone.length,
    versions: versions.map((row) => ({
      version: row.version,
      status: STATUS_LABELS[row.status] ?? row.status,
      at: formatDateTime(row.at),
      entryNumber: row.entryNumber,
    })),
  };
}

/** `?month=` (default: last month, the one being declared); anything else than AAAA-MM is refused. */
export function readVatMonth(url: URL, now: Date = new Date()): Result<MonthKey> {
  const text = url.searchParams.get("month");
  if (text === null || text.trim() === "") return found(shiftMonth(currentMonth(now), -1));
  const month = parseMonth(text.trim());
  return month ? found(month) : refused(refusal(MONTH_QUERY_MESSAGE));
}

/** dd/mm/aaaa of the issue in Costa Rica (an FE of 31/10 at 19:45 is October's, not UTC's 1 November). */
export function receiptDate(fecha: string): string {
  return formatDate(fecha);
}

function receiptView(receipt: IvaContribution, third: bigint): ReceiptView {
  return {
    id: receipt.receiptId,
    kind: receipt.kind,
    consecutivo: receipt.consecutivo,
    fecha: receiptDate(receipt.fecha),
    counterpart: receipt.counterpart,
    moneda: receipt.moneda,
    base: formatIvaAmount(receipt.base),
    tax: formatIvaAmount(receipt.tax),
    third: formatIvaAmount(third),
    note: receipt.note,
  };
}

/** The receipts behind one figure of the page, or null for an unknown figure. */
function figureOf(id: string, ivaReturn: IvaReturn, unbooked: IvaContribution[]): FigureView | null {
  const debit = ivaReturn.debit.find((row) => row.id === id);
  if (debit)
    return {
      id,
      title: `Débito fiscal · ${debit.label}`,
      thirdHeader: "Exonerado",
      receipts: debit.receipts.map((receipt) => receiptView(receipt, receipt.exonerated)),
    };
  const credit = ivaReturn.credit.find((row) => row.id === id) ?? ivaReturn.conditions.find((row) => row.id === id);
  if (credit)
    return {
      id,
      title: `Crédito fiscal · ${credit.label}`,
      thirdHeader: "Acreditable",
      receipts: credit.receipts.map((receipt) => receiptView(receipt, receipt.creditable)),
    };
  if (id === "no-acreditable")
    return {
      id,
      title: "IVA no acreditable (a costo o gasto)",
      thirdHeader: "No acreditable",
      receipts: ivaReturn.conditions
        .flatMap((row) => row.receipts)
        .filter((receipt) => receipt.nonCreditable !== 0n)
        .map((receipt) => receiptView(receipt, receipt.nonCreditable)),
    };
  if (id === "sin-contabilizar")
    return {
      id,
      title: "Comprobantes de la declaración sin asiento contable",
      thirdHeader: "IVA",
      receipts: unbooked.map((receipt) => receiptView(receipt, receipt.tax)),
    };
  if (id === "no-incluidos")
    return {
      id,
      title: "Comprobantes del mes que no entran en la declaración",
      thirdHeader: "IVA",
      receipts: ivaReturn.excluded.map((receipt) => ({
        id: receipt.receiptId,
        kind: receipt.kind,
        consecutivo: receipt.consecutivo,
        fecha: receiptDate(receipt.fecha),
        counterpart: receipt.counterpart,
        moneda: "",
        base: "",
        tax: formatIvaAmount(receipt.tax),
        third: formatIvaAmount(receipt.tax),
        note: receipt.reason,
      })),
    };
  return null;
}

/** Everything the page shows, amounts already formatted (es-CR, ₡). */
export async function loadVatPage(
  organizationId: string,
  month: MonthKey,
  figure: string | null,
  now: Date = new Date(),
): Promise<VatPageView> {
  const [vat, accounts, settlement] = await Promise.all([
    loadVatMonth(organizationId, month),
    getDefaultAccounts(organizationId),
    settlementOf(organizationId, month),
  ]);
  const { ivaReturn } = vat;
  const reconciliation = await reconcileVat(organizationId, month, ivaReturn, accounts);
  const lines = ivaReturnLines(ivaReturn).map((line) => ({
    section: line.section,
    label: line.label,
    base: line.base === null ? "" : formatIvaAmount(line.base),
    tax: line.tax === null ? "" : formatIvaAmount(line.tax),
    other: line.other === null ? "" : formatIvaAmount(line.other),
    amount: formatIvaAmount(line.amount),
    bold: !!line.bold,
    figure: line.figure ?? null,
  }));
  const drill = figure ? figureOf(figure, ivaReturn, reconciliation.unbooked) : null;
  const declaration = await declarationView(organizationId, month, ivaReturn);
  return {
    month,
    monthLabel: monthLabel(month),
    monthNotEnded: monthNotEnded(month, now),
    previousMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
    receiptCount: vat.receiptCount,
    columns: IVA_RETURN_COLUMNS,
    sectionTitles: IVA_SECTION_TITLES,
    lines,
    conditions: ivaReturn.conditions.map((row) => ({
      id: row.id,
      label: row.label,
      tax: formatIvaAmount(row.tax),
      creditable: formatIvaAmount(row.creditable),
      nonCreditable: formatIvaAmount(row.nonCreditable),
      count: row.receipts.length,
    })),
    result: {
      label: ivaResultLabel(ivaReturn),
      amount: formatIvaAmount(
        ivaReturn.totals.creditBalance > 0n ? ivaReturn.totals.creditBalance : ivaReturn.totals.payable,
      ),
      favour: ivaReturn.totals.creditBalance > 0n,
      previousMonth: vat.previousMonth ? monthLabel(vat.previousMonth) : null,
      carriedFromDeclaration: vat.carriedFromDeclaration,
      previousCreditBalance: formatIvaAmount(ivaReturn.totals.previousCreditBalance),
      nonCreditable: formatIvaAmount(ivaReturn.totals.nonCreditable),
      hasNonCreditable: ivaReturn.totals.nonCreditable !== 0n,
    },
    excludedCount: ivaReturn.excluded.length,
    unansweredCount: ivaReturn.unanswered,
    pending: ivaReturn.pending.map((receipt) => ({
      id: receipt.receiptId,
      kind: receipt.kind,
      consecutivo: receipt.consecutivo,
      fecha: receiptDate(receipt.fecha),
      counterpart: receipt.counterpart,
      tax: formatIvaAmount(receipt.tax),
      reason: receipt.reason,
    })),
    prorrata: {
      year: vat.prorrata.year,
      value: formatBasisPoints(vat.prorrata.basisPoints),
      stored: vat.prorrata.stored,
    },
    reconciliation: {
      rows: reconciliation.rows.map((row) => ({
        side: row.side,
        account: row.account,
        accountLabel: row.accountLabel,
        fromReceipts: formatIvaAmount(row.fromReceipts),
        fromBooks: formatIvaAmount(row.fromBooks),
        difference: formatIvaAmount(row.difference),
        differs: row.difference !== 0n,
      })),
      unbookedCount: reconciliation.unbooked.length,
      differs: reconciliation.rows.some((row) => row.difference !== 0n),
    },
    settlement,
    declaration,
    undeclared: settlement !== null && declaration === null,
    figure: drill,
    unknownFigure: figure !== null && drill === null,
  };
}
