import {
  checkView,
  comparedColumnLabel,
  formatReportAmount,
  formatShare,
  REPORT_TITLES,
  reportPeriodText,
  TRIAL_TOTALS_LABEL,
  type ReportKind,
  type ReportQuery,
  type StatementRow,
  type TrialBalance,
} from "~/domain/reports";
import type { OrganizationSummary } from "~/utils/account.server";
import { printablePdf, type PrintableColumn, type PrintableRow } from "../pdf/printable.server";
import { generalReport, resultsReport, trialReport } from "./reports.server";

/** Who signs a financial statement in Costa Rica. */
export const STATEMENT_SIGNATURES = ["Contador", "Representante legal"] as const;

const CODE_COLUMN: PrintableColumn = { header: "Código", width: 82 };
const NAME_COLUMN: PrintableColumn = { header: "Cuenta", indentable: true };
const AMOUNT_WIDTH = 92;
const amountColumn = (header: string): PrintableColumn => ({ header, align: "right", width: AMOUNT_WIDTH });

function metaLines(query: ReportQuery): string[] {
  const period = reportPeriodText(query);
  const lines = [query.kind === "general" ? `Saldos ${period}` : `Período: ${period}`];
  const shape = [`Nivel de detalle ${query.level}`];
  if (query.leafOnly) shape.push("solo cuentas de detalle");
  if (query.hideZero) shape.push("sin cuentas en cero");
  lines.push(shape.join(" · "));
  // The Balance de Comprobación has no comparison column, whatever the URL asks.
  const compared = query.kind === "all" ? null : comparedColumnLabel(query);
  if (compared) lines.push(`Comparado con: ${compared}`);
  return lines;
}

/** A group: a top-level account, or one whose subaccounts the level shows under it. */
function isGroup(row: { level: number; leaf: boolean }, query: ReportQuery): boolean {
  return row.level === 1 || (!row.leaf && row.level < query.level);
}

/** Groups and result lines print bold; accounts indent by level. */
function statementRow(row: StatementRow, query: ReportQuery, extra: string[]): PrintableRow {
  const line = row.kind === "line";
  return {
    cells: [row.code ?? "", row.label, formatReportAmount(row.amount), ...extra],
    bold: line || isGroup(row, query),
    indent: line ? 0 : row.level - 1,
    ruleAbove: line,
  };
}

function statementTable(rows: readonly StatementRow[], query: ReportQuery, incomeBase: bigint | null) {
  const compared = comparedColumnLabel(query);
  const columns: PrintableColumn[] = [CODE_COLUMN, NAME_COLUMN, amountColumn("Monto")];
  if (incomeBase !== null) columns.push({ header: "% ingresos", align: "right", width: 58 });
  if (compared) columns.push(amountColumn(compared));
  return {
    columns,
    rows: rows.map((row) => {
      const extra: string[] = [];
      if (incomeBase !== null) extra.push(formatShare(row.amount, incomeBase) ?? "");
      if (compared) extra.push(row.compared === null ? "" : formatReportAmount(row.compared));
      return statementRow(row, query, extra);
    }),
  };
}

function trialTable(trial: TrialBalance, query: ReportQuery) {
  const columns: PrintableColumn[] = [
    CODE_COLUMN,
    NAME_COLUMN,
    amountColumn("Saldo inicial"),
    amountColumn("Débitos"),
    amountColumn("Créditos"),
    amountColumn("Saldo final"),
  ];
  const amounts = (row: Pick<TrialBalance["totals"], "opening" | "debit" | "credit" | "closing">) =>
    [row.opening, row.debit, row.credit, row.closing].map(formatReportAmount);
  const rows: PrintableRow[] = trial.rows.map((row) => ({
    cells: [row.code, row.label, ...amounts(row)],
    bold: !query.leafOnly && isGroup(row, query),
    indent: row.level - 1,
  }));
  rows.push({ cells: ["", TRIAL_TOTALS_LABEL, ...amounts(trial.totals)], bold: true, ruleAbove: true });
  return { columns, rows };
}

async function reportContent(kind: ReportKind, organizationId: string, query: ReportQuery) {
  if (kind === "all") {
    return {
      ...trialTable(await trialReport(organizationId, query), query),
      layout: "landscape" as const,
      notes: ["Saldos con débito positivo; los saldos acreedores, entre paréntesis."],
    };
  }
  if (kind === "results") {
    const { statement } = await resultsReport(organizationId, query);
    return {
      ...statementTable([...statement.rows, ...statement.unclassifiedRows], query, statement.current.income),
      layout: "portrait" as const,
      notes: ["Montos en colones del lado natural de cada cuenta; entre paréntesis, los contrarios a su naturaleza."],
    };
  }
  const sheet = await generalReport(organizationId, query);
  const check = checkView(sheet.check);
  return {
    ...statementTable([...sheet.rows, ...sheet.unclassifiedRows], query, null),
    layout: "portrait" as const,
    notes: [
      check.sentence,
      "Saldos acumulados a la fecha, del lado natural de cada cuenta; entre paréntesis, los contrarios a su naturaleza.",
    ],
  };
}

/** The statement as a printable PDF with the organization, its cédula, the period and the signature lines. */
export async function reportPdf(
  kind: ReportKind,
  organization: OrganizationSummary,
  query: ReportQuery,
  now: Date = new Date(),
): Promise<Uint8Array<ArrayBuffer>> {
  const content = await reportContent(kind, organization.id, query);
  return printablePdf({
    title: REPORT_TITLES[kind],
    organization: { name: organization.name, cedula: organization.cedula },
    metaLines: metaLines(query),
    signatures: STATEMENT_SIGNATURES,
    generatedAt: now,
    ...content,
  });
}
