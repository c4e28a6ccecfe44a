/**
 * The conciliación bancaria as PDF (the shared printable writer) and XLSX (exceljs), as the other
 * reports are exported: the summary, each group followed by its lines, and the signature lines.
 */
import ExcelJS from "exceljs";
import { formatDateTime, type CalendarDate } from "~/domain/calendar";
import {
  MAX_PRINTED_LINES_PER_GROUP,
  reconciliationReportTitle,
  reportRows,
  type ReportRow,
} from "~/domain/bank/report";
import type { Reconciliation, ReconciliationDetail } from "~/domain/bank/reconciliation";
import { moneyOf, type BankAccountView } from "~/domain/bank/view";
import { cents, formatDecimal } from "~/domain/money";
import { dateText } from "~/domain/text";
import { found, type Result } from "~/domain/refusal";
import { printablePdf } from "../pdf/printable.server";
import { bankAccountOf, catalogIndex, toBankAccountView } from "./accounts.server";
import { reconciliationReportAt } from "./reconciliation.server";

const MONEY_FORMAT = "#,##0.00;-#,##0.00";

interface ReportInput {
  organization: { name: string; cedula: string };
  account: BankAccountView;
  reconciliation: Reconciliation;
  detail: ReconciliationDetail;
  now?: Date;
}

export function reconciliationFileName(
  organization: { cedula: string },
  account: BankAccountView,
  date: CalendarDate,
  extension: "pdf" | "xlsx",
): string {
  const number = (account.iban || account.number).replace(/[^0-9A-Za-z]/g, "").slice(-8);
  return `Conciliacion ${number} ${date} ${organization.cedula}.${extension}`;
}

function accountLine(account: BankAccountView): string {
  return `${account.bankLabel} · ${account.iban || account.number} · ${account.currency} · cuenta contable ${account.ledgerAccount} ${account.ledgerLabel}`;
}

function statusNote(reconciliation: Reconciliation): string {
  if (reconciliation.difference === null)
    return "Los estados de cuenta importados no indican saldos: no hay saldo según banco ni diferencia.";
  return reconciliation.difference === 0n
    ? "Diferencia cero: el saldo según banco y el saldo según libros se explican por las partidas detalladas."
    : "La diferencia no es cero: hay movimientos por explicar.";
}

export async function reconciliationPdf(input: ReportInput): Promise<Uint8Array<ArrayBuffer>> {
  const { reconciliation, account } = input;
  const money = (value: bigint | null) => (value === null ? "—" : moneyOf(cents(value), account.currency));
  const rows = reportRows(reconciliation, input.detail, { maxLinesPerGroup: MAX_PRINTED_LINES_PER_GROUP }).map(
    (row: ReportRow) => ({
      cells: [
        row.label,
        row.date && row.kind === "line" ? dateText(row.date) : "",
        row.kind === "line" && row.amount === null ? "" : money(row.amount),
      ],
      bold: row.kind !== "line",
      indent: row.kind === "line" ? 1 : 0,
      ruleAbove: row.kind === "balance" && row.label === "Saldo según libros",
    }),
  );
  return printablePdf({
    title: reconciliationReportTitle(reconciliation.date),
    organization: input.organization,
    metaLines: [accountLine(account)],
    columns: [
      { header: "Concepto", indentable: true },
      { header: "Fecha", width: 70 },
      { header: "Monto", align: "right", width: 110 },
    ],
    rows,
    notes: [statusNote(reconciliation)],
    signatures: ["Preparado por", "Revisado por"],
    generatedAt: input.now ?? new Date(),
  });
}

export async function reconciliationXlsx(input: ReportInput): Promise<ArrayBuffer> {
  const { reconciliation, account } = input;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Contabilidad CR";
  const sheet = workbook.addWorksheet("Conciliación");
  sheet.addRow([`${input.organization.name} (${input.organization.cedula})`]).font = { bold: true, size: 13 };
  sheet.addRow([reconciliationReportTitle(reconciliation.date)]).font = { bold: true };
  sheet.addRow([accountLine(account)]);
  sheet.addRow([`Generado el ${formatDateTime(input.now ?? new Date())}`]);
  sheet.addRow([]);
  sheet.addRow(["Concepto", "Fecha", `Monto (${account.currency})`]).font = { bold: true };
  for (const row of reportRows(reconciliation, input.detail)) {
    const added = sheet.addRow([
      row.label,
      row.kind === "line" && row.date ? new Date(`${row.date}T00:00:00Z`) : "",
      row.amount === null ? "" : Number(formatDecimal(row.amount, 2)),
    ]);
    if (row.kind !== "line") added.font = { bold: true };
  }
  sheet.addRow([]);
  sheet.addRow([statusNote(reconciliation)]);
  sheet.getColumn(1).width = 60;
  sheet.getColumn(2).width = 12;
  sheet.getColumn(2).numFmt = "dd/mm/yyyy";
  sheet.getColumn(3).width = 20;
  sheet.getColumn(3).numFmt = MONEY_FORMAT;
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

/** The account, its conciliación at the date and the lines behind it: what both files print. */
export async function reconciliationReport(
  organizationId: string,
  accountId: string,
  date: CalendarDate,
): Promise<Result<Omit<ReportInput, "organization">>> {
  const record = await bankAccountOf(organizationId, accountId);
  if (!record.ok) return record;
  const [index, report] = await Promise.all([catalogIndex(organizationId), reconciliationReportAt(record.value, date)]);
  return found({ account: toBankAccountView(record.value, index), ...report });
}
