/**
 * The books' downloads: the filtered entries list and an account's movements as CSV and XLSX (from
 * the shared columns); the plain-text journal of a range is entries-journal.server.ts.
 */
import ExcelJS from "exceljs";
import { formatCalendarDate } from "~/domain/calendar";
import {
  ENTRY_COLUMNS,
  ENTRY_COLUMN_IDS,
  MOVEMENT_COLUMNS,
  MOVEMENT_COLUMN_IDS,
  csvHeader,
  csvLine,
  csvText,
  entryCredit,
  entryDebit,
  xlsxCell,
  type Column,
  type MovementRowSource,
} from "~/domain/entries/columns";
import { SOURCE_LABELS, STATUS_LABELS } from "~/domain/entries/labels";
import { plainDecimal } from "~/domain/entries/money";
import type { DateRange, EntryListQuery, MovementQuery } from "~/domain/entries/query";
import { accountMovements } from "~/services/ledger/ledger.server";
import type { OrganizationSummary } from "~/utils/account.server";
import { EXPORT_PAGE_SIZE, asBigInt, filteredEntries, rowSource, unknownAccount } from "./entries-read.server";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { found, refusal, refused, type Result } from "~/domain/refusal";
import { indexCatalog } from "~/domain/catalog";

const ENTRY_FILE_COLUMNS = ENTRY_COLUMN_IDS.map((id) => ENTRY_COLUMNS[id]);
const MOVEMENT_FILE_COLUMNS = MOVEMENT_COLUMN_IDS.map((id) => MOVEMENT_COLUMNS[id]);

export const ACCOUNT_REQUIRED = "Indique la cuenta de los movimientos (parámetro account, por ejemplo 10-01-01-01-00).";

const MONEY_FORMAT = "#,##0.00;-#,##0.00";
const DATE_FORMAT = "dd/mm/yyyy";

type ListQuery = Omit<EntryListQuery, "page">;

export function entriesFileName(
  organization: OrganizationSummary,
  range: DateRange,
  extension: "csv" | "xlsx",
): string {
  return `asientos-${organization.cedula}-${range.from}-${range.to}.${extension}`;
}

export function movementsFileName(
  organization: OrganizationSummary,
  query: MovementQuery & { account: string },
  extension: "csv" | "xlsx",
): string {
  return `movimientos-${organization.cedula}-${query.account}-${query.from}-${query.to}.${extension}`;
}

function describeFilter(query: ListQuery, accountLabel: string | null): string {
  const parts = [`del ${formatCalendarDate(query.from)} al ${formatCalendarDate(query.to)}`];
  if (accountLabel) parts.push(`cuenta ${accountLabel}`);
  if (query.source) parts.push(`origen ${SOURCE_LABELS[query.source]}`);
  if (query.status) parts.push(`estado ${STATUS_LABELS[query.status]}`);
  if (query.q) parts.push(`búsqueda «${query.q}»`);
  return `Asientos ${parts.join(" · ")}`;
}

/** The account a download names, checked against the organization's catalog (refused in Spanish otherwise). */
async function checkedAccount(organizationId: string, account: string | null) {
  if (!account) return found(null);
  const node = indexCatalog((await loadCatalog(organizationId)).tree).get(account);
  return node ? found(node) : refused(refusal(unknownAccount(account)));
}

/** RFC 4180 CSV (comma, CRLF) with a byte-order mark for the accents; ISO dates, plain decimals. */
export async function entriesCsv(organization: OrganizationSummary, query: ListQuery): Promise<Result<string>> {
  const checked = await checkedAccount(organization.id, query.account);
  if (!checked.ok) return checked;
  const lines = [csvHeader(ENTRY_FILE_COLUMNS)];
  for await (const entry of filteredEntries(organization.id, query))
    lines.push(csvLine(ENTRY_FILE_COLUMNS, rowSource(entry)));
  return found(`\uFEFF${lines.join("\r\n")}\r\n`);
}

function styleColumns<Row>(sheet: ExcelJS.Worksheet, columns: ReadonlyArray<Column<Row>>) {
  columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = column.width;
    if (column.type === "amount") sheetColumn.numFmt = MONEY_FORMAT;
    if (column.type === "date") sheetColumn.numFmt = DATE_FORMAT;
  });
}

async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<ArrayBuffer> {
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return Uint8Array.from(buffer).buffer;
}

function newWorkbook(title: string, organization: OrganizationSummary, subtitle: string) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Contabilidad CR";
  const sheet = workbook.addWorksheet(title, { views: [{ state: "frozen", ySplit: 4 }] });
  sheet.addRow([`${organization.name} (${organization.cedula})`]).font = { bold: true, size: 13 };
  sheet.addRow([subtitle]);
  sheet.addRow([]);
  return { workbook, sheet };
}

/** The filtered list as a workbook: a title, one row per entry (real dates, numbers) and the totals. */
export async function entriesXlsx(organization: OrganizationSummary, query: ListQuery): Promise<Result<ArrayBuffer>> {
  const checked = await checkedAccount(organization.id, query.account);
  if (!checked.ok) return checked;
  const account = checked.value;
  const { workbook, sheet } = newWorkbook(
    "Asientos",
    organization,
    describeFilter(query, account ? `${account.key} ${account.label}` : null),
  );
  sheet.addRow(ENTRY_FILE_COLUMNS.map((column) => column.header)).font = { bold: true };
  let debit = 0n;
  let credit = 0n;
  let count = 0;
  for await (const entry of filteredEntries(organization.id, query)) {
    const source = rowSource(entry);
    sheet.addRow(ENTRY_FILE_COLUMNS.map((column) => xlsxCell(column, source)));
    debit += entryDebit(source);
    credit += entryCredit(source);
    count++;
  }
  const totals: Partial<Record<(typeof ENTRY_COLUMN_IDS)[number], string | number>> = {
    fecha: "Totales",
    descripcion: count === 1 ? "1 asiento" : `${count} asientos`,
    debitos: Number(plainDecimal(debit)),
    creditos: Number(plainDecimal(credit)),
  };
  sheet.addRow(ENTRY_COLUMN_IDS.map((id) => totals[id] ?? "")).font = { bold: true };
  styleColumns(sheet, ENTRY_FILE_COLUMNS);
  return found(await workbookBuffer(workbook));
}

/** Every movement of the range in book order, with its running balance, page after page of the ledger's reads. */
async function* allMovements(organizationId: string, query: MovementQuery & { account: string }) {
  for (let page = 1; ; page++) {
    const movements = await accountMovements(organizationId, {
      account: query.account,
      from: query.from,
      to: query.to,
      page,
      pageSize: EXPORT_PAGE_SIZE,
    });
    yield {
      movements,
      rows: movements.rows.map((row): MovementRowSource => ({
        ...row,
        debit: asBigInt(row.debit),
        credit: asBigInt(row.credit),
        balance: asBigInt(row.balance),
      })),
    };
    if (page >= movements.pageCount) return;
  }
}

/** The movements' query once the account is given; refused (in Spanish) without one. */
function requireAccount(query: MovementQuery): Result<MovementQuery & { account: string }> {
  return query.account ? found({ ...query, account: query.account }) : refused(refusal(ACCOUNT_REQUIRED));
}

export async function movementsCsv(
  organization: OrganizationSummary,
  movementQuery: MovementQuery,
): Promise<Result<string>> {
  const required = requireAccount(movementQuery);
  if (!required.ok) return required;
  const query = required.value;
  const checked = await checkedAccount(organization.id, query.account);
  if (!checked.ok) return checked;
  const lines = [csvHeader(MOVEMENT_FILE_COLUMNS)];
  // The same summary rows as the workbook: the label in the first column, amounts in their own columns.
  const summaryLine = (label: string, cells: Partial<Record<(typeof MOVEMENT_COLUMN_IDS)[number], bigint>>) =>
    MOVEMENT_COLUMN_IDS.map((id, index) => {
      if (index === 0) return csvText(label);
      const value = cells[id];
      return value === undefined ? "" : plainDecimal(value);
    }).join(",");
  let closing: { debit: bigint; credit: bigint; balance: bigint } | null = null;
  for await (const { movements, rows } of allMovements(organization.id, query)) {
    if (movements.page === 1) lines.push(summaryLine("Saldo inicial", { saldo: asBigInt(movements.openingBalance) }));
    for (const row of rows) lines.push(csvLine(MOVEMENT_FILE_COLUMNS, row));
    closing = {
      debit: asBigInt(movements.totalDebit),
      credit: asBigInt(movements.totalCredit),
      balance: asBigInt(movements.closingBalance),
    };
  }
  if (closing)
    lines.push(summaryLine("Saldo final", { debito: closing.debit, credito: closing.credit, saldo: closing.balance }));
  return found(`\uFEFF${lines.join("\r\n")}\r\n`);
}

/** The movements as a workbook: opening balance, one row per movement with its running balance, totals and closing balance. */
export async function movementsXlsx(
  organization: OrganizationSummary,
  movementQuery: MovementQuery,
): Promise<Result<ArrayBuffer>> {
  const required = requireAccount(movementQuery);
  if (!required.ok) return required;
  const query = required.value;
  const checked = await checkedAccount(organization.id, query.account);
  if (!checked.ok) return checked;
  const account = checked.value!;
  const { workbook, sheet } = newWorkbook(
    "Movimientos",
    organization,
    `Movimientos de ${account.key} ${account.label} del ${formatCalendarDate(query.from)} al ${formatCalendarDate(query.to)}`,
  );
  sheet.addRow(MOVEMENT_FILE_COLUMNS.map((column) => column.header)).font = { bold: true };
  const summaryRow = (label: string, cells: Partial<Record<(typeof MOVEMENT_COLUMN_IDS)[number], number>>) => {
    const row = sheet.addRow(MOVEMENT_COLUMN_IDS.map((id, index) => (index === 0 ? label : (cells[id] ?? ""))));
    row.font = { bold: true };
  };
  let closing: { debit: bigint; credit: bigint; balance: bigint } | null = null;
  for await (const { movements, rows } of allMovements(organization.id, query)) {
    if (movements.page === 1)
      summaryRow("Saldo inicial", { saldo: Number(plainDecimal(asBigInt(movements.openingBalance))) });
    for (const row of rows) sheet.addRow(MOVEMENT_FILE_COLUMNS.map((column) => xlsxCell(column, row)));
    closing = {
      debit: asBigInt(movements.totalDebit),
      credit: asBigInt(movements.totalCredit),
      balance: asBigInt(movements.closingBalance),
    };
  }
  if (closing) {
    summaryRow("Saldo final", {
      debito: Number(plainDecimal(closing.debit)),
      credito: Number(plainDecimal(closing.credit)),
      saldo: Number(plainDecimal(closing.balance)),
    });
  }
  styleColumns(sheet, MOVEMENT_FILE_COLUMNS);
  return found(await workbookBuffer(workbook));
}
