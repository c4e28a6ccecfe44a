import type { LoaderFunctionArgs } from "@remix-run/node";
import { boardFileName, readBoardQuery } from "~/domain/board/query";
import { boardXlsx, loadBoardView } from "~/services/board/board-page.server";
import { BOARD_EXPORT_BUDGET } from "~/services/board/board.server";
import { requireAdmin } from "~/utils/auth.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";

/** The board as shown (?month, ?q, ?pendientes) as an Excel workbook. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const now = new Date();
  const query = readBoardQuery(new URL(request.url).searchParams, now);
  const view = await loadBoardView(request, user, query, now, BOARD_EXPORT_BUDGET);
  return fileResponse(await boardXlsx(view, query), {
    contentType: CONTENT_TYPES.xlsx,
    fileName: boardFileName(query.month, "xlsx"),
  });
}
