import { flattenCatalog } from "./build";
import type { CatalogNode } from "./types";

const HEADER = ["código", "cuenta", "nivel", "padre", "deshabilitada"];

// A cell starting with one of these runs as a formula in spreadsheet programs.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function textCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The tree as CSV (RFC 4180: comma separated, CRLF line ends, quotes doubled), one row per account
 * in code order. "deshabilitada" reports what the organization disabled; the top-level groups'
 * structural flag is not a choice of the organization, so it reads "no".
 */
export function catalogToCsv(tree: readonly CatalogNode[]): string {
  const rows = [HEADER];
  for (const node of flattenCatalog(tree)) {
    const disabledByOrganization = node.level > 1 && node.disabled;
    rows.push([
      node.key,
      textCell(node.label),
      String(node.level),
      node.pId ?? "",
      disabledByOrganization ? "sí" : "no",
    ]);
  }
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
