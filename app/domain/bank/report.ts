/**
 * The printed conciliación bancaria (PDF and XLSX): its rows — the summary in the page's order, each
 * group followed by the lines behind it — with amounts as the page shows them. Pure; the files are
 * written by app/services/bank/report-files.server.ts.
 */
import type { CalendarDate } from "../calendar";
import { countLabel, dateText } from "../text";
import type { Reconciliation, ReconciliationDetail, ReconciliationItem } from "./reconciliation";

export interface ReportRow {
  label: string;
  date: CalendarDate | null;
  /** Céntimos; null when there is no figure (no bank balance). */
  amount: bigint | null;
  kind: "balance" | "group" | "line" | "difference";
}

/** Lines listed per group; the rest is counted in one line (the XLSX lists them all). */
export const MAX_PRINTED_LINES_PER_GROUP = 300;

const GROUPS: ReadonlyArray<{
  key: keyof ReconciliationDetail;
  label: string;
  /** The summary shows what is paid but not charged as a positive figure. */
  sign: 1n | -1n;
}> = [
  { key: "depositsInTransit", label: "Más depósitos en tránsito", sign: 1n },
  { key: "outstandingPayments", label: "Menos pagos en circulación", sign: -1n },
  { key: "unrecorded", label: "Menos partidas del banco no registradas", sign: 1n },
  { key: "excluded", label: "Menos partidas excluidas", sign: 1n },
];

export function reconciliationReportTitle(date: CalendarDate): string {
  return `Conciliación bancaria al ${dateText(date)}`;
}

export function reportRows(
  reconciliation: Reconciliation,
  detail: ReconciliationDetail,
  options: { maxLinesPerGroup?: number } = {},
): ReportRow[] {
  const limit = options.maxLinesPerGroup ?? Number.POSITIVE_INFINITY;
  const rows: ReportRow[] = [
    { label: "Saldo según banco", date: reconciliation.date, amount: reconciliation.bankBalance, kind: "balance" },
  ];
  for (const group of GROUPS) {
    const total = reconciliation[group.key];
    rows.push({
      label: `${group.label} (${countLabel(total.count, "movimiento", "movimientos")})`,
      date: null,
      amount: total.amount,
      kind: "group",
    });
    const lines: ReconciliationItem[] = detail[group.key];
    for (const line of lines.slice(0, limit))
      rows.push({ label: line.label, date: line.date, amount: line.amount * group.sign, kind: "line" });
    if (lines.length > limit)
      rows.push({
        label: `… y ${countLabel(lines.length - limit, "movimiento más", "movimientos más")} (ver el XLSX)`,
        date: null,
        amount: null,
        kind: "line",
      });
  }
  rows.push({
    label: "Saldo según libros",
    date: reconciliation.date,
    amount: reconciliation.bookBalance,
    kind: "balance",
  });
  rows.push({ label: "Diferencia", date: null, amount: reconciliation.difference, kind: "difference" });
  return rows;
}
