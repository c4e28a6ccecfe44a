import ExcelJS from "exceljs";
import { todayInCostaRica } from "~/domain/calendar";
import {
  BOARD_EXPORT_COLUMNS,
  boardTitle,
  boardView,
  exportCell,
  type BoardQuery,
  type BoardView,
} from "~/domain/board/query";
import { canAdministerOrganization } from "~/domain/roles";
import { responsiblesOf } from "~models/organization";
import { emailsOf, type UserDocument } from "~models/user";
import { accessibleOrganizationsFor, membershipOf } from "~/utils/account.server";
import { csvText } from "~/services/receipts/receipts-export.server";
import { loadBoard, type BoardBudget, type BoardOrganization } from "./board.server";

/**
 * The organizations on a user's board: the active ones it administers (every active one for super
 * admins and root, whose membership administers all).
 */
export async function boardOrganizationsFor(request: Request, user: UserDocument): Promise<BoardOrganization[]> {
  const membership = membershipOf(user);
  const organizations = (await accessibleOrganizationsFor(request, user)).filter((organization) =>
    canAdministerOrganization(membership, organization.id),
  );
  const responsibles = await responsiblesOf(organizations.map((organization) => organization.id));
  const emails = await emailsOf([...new Set(responsibles.values())]);
  return organizations.map((organization) => {
    const id = responsibles.get(organization.id);
    const email = id ? emails.get(id) : undefined;
    return { id: organization.id, name: organization.name, responsible: id && email ? { id, email } : null };
  });
}

export async function loadBoardView(
  request: Request,
  user: UserDocument,
  query: BoardQuery,
  now: Date,
  budget: BoardBudget,
): Promise<BoardView> {
  const rows = await loadBoard(await boardOrganizationsFor(request, user), query.month, now, budget);
  return boardView(rows, query, todayInCostaRica(now));
}

const uncalculatedLabel = (count: number) =>
  count === 1
    ? "1 cliente sin calcular todavía (sus cifras quedan en blanco)"
    : `${count} clientes sin calcular todavía (sus cifras quedan en blanco)`;

export function boardCsv(view: BoardView): string {
  const lines = [BOARD_EXPORT_COLUMNS.map((column) => csvText(column.header)).join(",")];
  for (const row of view.rows)
    lines.push(
      BOARD_EXPORT_COLUMNS.map((column) =>
        column.type === "number" ? exportCell(column, row) : csvText(exportCell(column, row)),
      ).join(","),
    );
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export async function boardXlsx(view: BoardView, query: BoardQuery): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Contabilidad CR";
  const sheet = workbook.addWorksheet("Resumen", { views: [{ state: "frozen", ySplit: 2 }] });
  const uncalculated = view.calculating + view.failed;
  const note = uncalculated > 0 ? ` · ${uncalculatedLabel(uncalculated)}` : "";
  sheet.addRow([`${boardTitle(query.month)}${note}`]).font = { bold: true, size: 13 };
  sheet.addRow(BOARD_EXPORT_COLUMNS.map((column) => column.header)).font = { bold: true };
  for (const row of view.rows)
    sheet.addRow(
      BOARD_EXPORT_COLUMNS.map((column) => {
        const text = exportCell(column, row);
        return column.type === "number" && text !== "" ? Number(text) : text;
      }),
    );
  BOARD_EXPORT_COLUMNS.forEach((column, index) => {
    sheet.getColumn(index + 1).width = column.type === "number" ? 14 : 24;
  });
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return Uint8Array.from(buffer).buffer;
}
