import type { MonthKey } from "~/domain/calendar";
import type { CheckKey } from "~/domain/board/checks";
import type { BoardRow } from "~/domain/board/row";
import { appHref } from "~/utils/links";

/** Where each figure of the board is shown, with the client selected (?org). */
export function boardLinks(row: BoardRow, month: MonthKey, current: URLSearchParams) {
  const href = (path: string, params: Record<string, string> = {}) =>
    appHref(`${path}?${new URLSearchParams({ org: row.cedula, ...params })}`, current);
  const received = href("/", { month, tab: "recibidos" });
  const issued = href("/", { month, tab: "emitidos" });
  const balances = href("/results-all");
  const checks: Record<CheckKey, string> = {
    arithmetic: received,
    duplicates: received,
    unclassified: balances,
    negativeCash: balances,
    invalidSupplierId: received,
  };
  return {
    received,
    issued,
    month: href("/", { month }),
    iva: href("/admin/vat", { month: row.iva.month }),
    incomeTax: href("/admin/income-tax", { year: String(row.partialPayment.year) }),
    balances,
    imports: href("/detail"),
    checks,
  };
}

/** The board of another month or filter, keeping the shell's parameters. */
export function boardHref(
  current: URLSearchParams,
  query: { month: MonthKey; search: string; pendingOnly: boolean; responsible: string },
  path = "/admin/board",
): string {
  const params = new URLSearchParams({ month: query.month });
  if (query.search) params.set("q", query.search);
  if (query.pendingOnly) params.set("pendientes", "1");
  if (query.responsible) params.set("responsable", query.responsible);
  return appHref(`${path}?${params}`, current);
}
