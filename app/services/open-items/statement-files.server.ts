import ExcelJS from "exceljs";
import { formatCalendarDate, formatDateTime, type CalendarDate } from "~/domain/calendar";
import {
  CLOSING_LABEL,
  OPENING_LABEL,
  STATEMENT_LINE_LABELS,
  statementCsv,
  type Side,
  type Statement,
} from "~/domain/open-items";
import { formatReportAmount, plainAmount } from "~/domain/reports";
import type { OrganizationSummary } from "~/utils/account.server";
import { printablePdf } from "../pdf/printable.server";
import { CONTENT_TYPES } from "~/utils/file-response.server";
import { statementForExport } from "./pages.server";
import type { PartyView } from "./reads.server";

export const STATEMENT_TITLE = "Estado de cuenta";
const SIDE_WORDS: Record<Side, string> = { receivable: "Cliente", payable: "Proveedor" };

export function statementFileName(
  side: Side,
  organization: OrganizationSummary,
  view: Pick<PartyView, "party" | "from" | "to">,
  extension: "csv" | "xlsx" | "pdf",
): string {
  const who = view.party.cedula || "sin-identificacion";
  const stem = side === "receivable" ? "estado-de-cuenta-cliente" : "estado-de-cuenta-proveedor";
  return `${stem}-${organization.cedula}-${who}-${view.from}_${view.to}.${extension}`;
}

function periodLine(view: Pick<PartyView, "from" | "to">): string {
  return `Del ${formatCalendarDate(view.from)} al ${formatCalendarDate(view.to)}`;
}

function partyLine(side: Side, view: Pick<PartyView, "party">): string {
  const { party } = view;
  return `${SIDE_WORDS[side]}: ${party.nombre}${party.cedula ? ` (${party.cedula})` : ""}`;
}

export function statementCsvFile(statement: Statement): string {
  return statementCsv(statement);
}

/** The spreadsheet cell of a Costa Rica calendar day: midnight UTC of that day, shown dd/mm/aaaa. */
function dateCell(date: CalendarDate | string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export async function statementXlsx(
  side: Side,
  organization: OrganizationSummary,
  view: PartyView,
  now: Date = new Date(),
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Contabilidad CR";
  const sheet = workbook.addWorksheet(STATEMENT_TITLE, { views: [{ state: "frozen", ySplit: 6 }] });
  sheet.addRow([`${organization.name} (${organization.cedula})`]).font = { bold: true, size: 13 };
  sheet.addRow([`${STATEMENT_TITLE} · ${partyLine(side, view)}`]).font = { bold: true };
  sheet.addRow([periodLine(view)]);
  sheet.addRow([`Generado el ${formatDateTime(now)}`]);
  sheet.addRow([]);
  sheet.addRow(["Fecha", "Tipo", "Detalle", "Cargo", "Abono", "Saldo"]).font = { bold: true };
  const number = (value: bigint) => Number(plainAmount(value));
  sheet.addRow([OPENING_LABEL, "", "", null, null, number(view.statement.opening)]).font = { bold: true };
  let charges = 0n;
  let payments = 0n;
  for (const line of view.statement.lines) {
    sheet.addRow([
      dateCell(line.date),
      STATEMENT_LINE_LABELS[line.kind],
      line.description,
      line.charge === 0n ? null : number(line.charge),
      line.payment === 0n ? null : number(line.payment),
      number(line.balance),
    ]);
    charges += line.charge;
    payments += line.payment;
  }
  sheet.addRow([CLOSING_LABEL, "", "", number(charges), number(payments), number(view.statement.closing)]).font = {
    bold: true,
  };
  sheet.getColumn(1).width = 14;
  sheet.getColumn(1).numFmt = "dd/mm/yyyy";
  sheet.getColumn(2).width = 16;
  sheet.getColumn(3).width = 48;
  for (const column of [4, 5, 6]) {
    sheet.getColumn(column).width = 18;
    sheet.getColumn(column).numFmt = "#,##0.00;(#,##0.00)";
  }
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return Uint8Array.from(buffer).buffer;
}

/** The printable statement to send to the customer or supplier. */
export function statementPdf(
  side: Side,
  organization: OrganizationSummary,
  view: PartyView,
  now: Date = new Date(),
): Promise<Uint8Array<ArrayBuffer>> {
  const money = (value: bigint) => (value === 0n ? "" : formatReportAmount(value));
  return printablePdf({
    title: STATEMENT_TITLE,
    organization: { name: organization.name, cedula: organization.cedula },
    metaLines: [partyLine(side, view), periodLine(view)],
    columns: [
      { header: "Fecha", width: 62 },
      { header: "Tipo", width: 80 },
      { header: "Detalle" },
      { header: "Cargo", align: "right", width: 80 },
      { header: "Abono", align: "right", width: 80 },
      { header: "Saldo", align: "right", width: 84 },
    ],
    rows: [
      { cells: [OPENING_LABEL, "", "", "", "", formatReportAmount(view.statement.opening)], bold: true },
      ...view.statement.lines.map((line) => ({
        cells: [
          formatCalendarDate(line.date),
          STATEMENT_LINE_LABELS[line.kind],
          line.description,
          money(line.charge),
          money(line.payment),
          formatReportAmount(line.balance),
        ],
      })),
      {
        cells: [CLOSING_LABEL, "", "", "", "", formatReportAmount(view.statement.closing)],
        bold: true,
        ruleAbove: true,
      },
    ],
    ...(view.statement.truncated
      ? {
          notes: [
            "El período tiene más movimientos de los que caben en un estado de cuenta: elija un rango más corto.",
          ],
        }
      : {}),
    generatedAt: now,
    layout: "landscape",
  });
}

export type StatementFormat = "csv" | "xlsx" | "pdf";

/**
 * The statement of account of one counterparty as a file, for the dates the page's query gives; null
 * when the organization has no such counterparty on that side.
 */
export async function statementFile(
  organization: OrganizationSummary,
  side: Side,
  format: StatementFormat,
  partyId: string,
  search: URLSearchParams,
): Promise<{ body: BodyInit; contentType: string; fileName: string } | null> {
  const view = await statementForExport(organization.id, side, partyId, search);
  if (!view) return null;
  const body =
    format === "csv"
      ? statementCsvFile(view.statement)
      : format === "xlsx"
        ? await statementXlsx(side, organization, view)
        : await statementPdf(side, organization, view);
  return { body, contentType: CONTENT_TYPES[format], fileName: statementFileName(side, organization, view, format) };
}
