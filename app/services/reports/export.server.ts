import ExcelJS from "exceljs";
import { formatDateTime } from "~/domain/calendar";
import {
  COMPARISON_CSV_COLUMN,
  STATEMENT_CSV_HEADER,
  TRIAL_CSV_HEADER,
  TRIAL_TOTALS_LABEL,
  REPORT_TITLES,
  plainAmount,
  reportPeriodText,
  statementCsv,
  trialBalanceCsv,
  type ReportKind,
  type ReportQuery,
  type StatementRow,
} from "~/domain/reports";
import type { OrganizationSummary } from "~/utils/account.server";
import { generalReport, resultsReport, trialReport } from "./reports.server";

const FILE_STEMS: Record<ReportKind, string> = {
  results: "estado-de-resultados",
  general: "balance-general",
  all: "balance-de-comprobacion",
};

export function reportFileName(
  kind: ReportKind,
  organization: OrganizationSummary,
  query: ReportQuery,
  extension: "csv" | "xlsx" | "pdf",
): string {
  const period = kind === "general" ? query.range.to : `${query.range.from}_${query.range.to}`;
  return `${FILE_STEMS[kind]}-${organization.cedula}-${period}.${extension}`;
}

/** The report's rows as the CSV others process (columns fixed by issue 12). */
export async function reportCsv(kind: ReportKind, organizationId: string, query: ReportQuery): Promise<string> {
  if (kind === "all") return trialBalanceCsv(await trialReport(organizationId, query));
  const rows = await statementRows(kind, organizationId, query);
  return statementCsv(rows, query.compared !== null);
}

async function statementRows(
  kind: "results" | "general",
  organizationId: string,
  query: ReportQuery,
): Promise<StatementRow[]> {
  if (kind === "results") {
    const { statement } = await resultsReport(organizationId, query);
    return [...statement.rows, ...statement.unclassifiedRows];
  }
  const sheet = await generalReport(organizationId, query);
  return [...sheet.rows, ...sheet.unclassifiedRows];
}

const MONEY_FORMAT = "#,##0.00;(#,##0.00)";

/** Amounts become spreadsheet numbers only here, at the edge, from their exact decimal text. */
function number(value: bigint): number {
  return Number(plainAmount(value));
}

/**
 * The same rows as an XLSX workbook: a header with the organization, the period and when it was
 * generated; numbers as numbers, no formulas.
 */
export async function reportXlsx(
  kind: ReportKind,
  organization: OrganizationSummary,
  query: ReportQuery,
  now: Date = new Date(),
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Contabilidad CR";
  const sheet = workbook.addWorksheet(REPORT_TITLES[kind], { views: [{ state: "frozen", ySplit: 5 }] });
  sheet.addRow([`${organization.name} (${organization.cedula})`]).font = { bold: true, size: 13 };
  sheet.addRow([`${REPORT_TITLES[kind]} ${reportPeriodText(query)}`]).font = { bold: true };
  sheet.addRow([`Generado el ${formatDateTime(now)}`]);
  sheet.addRow([]);
  let amountColumns: number[];
  if (kind === "all") {
    const trial = await trialReport(organization.id, query);
    sheet.addRow([...TRIAL_CSV_HEADER]).font = { bold: true };
    for (const row of trial.rows)
      sheet.addRow([
        row.code,
        row.label,
        row.level,
        number(row.opening),
        number(row.debit),
        number(row.credit),
        number(row.closing),
      ]);
    const t = trial.totals;
    sheet.addRow([
      "",
      TRIAL_TOTALS_LABEL,
      "",
      number(t.opening),
      number(t.debit),
      number(t.credit),
      number(t.closing),
    ]).font = { bold: true };
    amountColumns = [4, 5, 6, 7];
  } else {
    const withComparison = query.compared !== null;
    const header: string[] = [...STATEMENT_CSV_HEADER];
    if (withComparison) header.push(COMPARISON_CSV_COLUMN);
    sheet.addRow(header).font = { bold: true };
    for (const row of await statementRows(kind, organization.id, query)) {
      const cells: Array<string | number> = [
        row.code ?? "",
        row.label,
        row.kind === "line" ? "" : row.level,
        number(row.amount),
      ];
      if (withComparison) cells.push(row.compared === null ? "" : number(row.compared));
      const added = sheet.addRow(cells);
      if (row.kind === "line" || row.level === 1) added.font = { bold: true };
    }
    amountColumns = withComparison ? [4, 5] : [4];
  }
  sheet.getColumn(1).width = 17;
  sheet.getColumn(2).width = 48;
  sheet.getColumn(3).width = 7;
  for (const column of amountColumns) {
    sheet.getColumn(column).width = 18;
    sheet.getColumn(column).numFmt = MONEY_FORMAT;
  }
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return Uint8Array.from(buffer).buffer;
}
