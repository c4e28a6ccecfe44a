import { levelOf, parentOf, type CatalogNode } from "../catalog";
import { cents } from "../money";
import type { BalanceRow, ReportBalances } from "./balances";

/** A small hand-built chart of accounts for the report tests: [code, label] in code order. */
export const TEST_ACCOUNTS: Array<[string, string]> = [
  ["10-00-00-00-00", "Activo"],
  ["10-01-00-00-00", "Activo corriente"],
  ["10-01-01-00-00", "Caja"],
  ["10-01-02-00-00", "Bancos"],
  ["10-01-02-01-00", "Banco Nacional"],
  ["10-01-02-02-00", "Banco de Costa Rica"],
  ["20-00-00-00-00", "Pasivo"],
  ["20-01-00-00-00", "Proveedores"],
  ["30-00-00-00-00", "Patrimonio"],
  ["30-01-00-00-00", "Capital social"],
  ["30-04-00-00-00", "Resultados"],
  ["30-04-01-00-00", "Utilidades retenidas"],
  ["40-00-00-00-00", "Ingreso"],
  ["40-01-00-00-00", "Ventas"],
  ["40-02-00-00-00", "Otros ingresos"],
  ["50-00-00-00-00", "Costos"],
  ["50-01-00-00-00", "Costo de ventas"],
  ["60-00-00-00-00", "Gastos"],
  ["60-01-00-00-00", "Salarios"],
  ["60-02-00-00-00", "Alquiler"],
  ["70-00-00-00-00", "Por clasificar"],
  ["70-01-00-00-00", "Compras por clasificar"],
];

export function testTree(accounts: Array<[string, string]> = TEST_ACCOUNTS): CatalogNode[] {
  const nodes = new Map<string, CatalogNode>();
  const roots: CatalogNode[] = [];
  for (const [key, label] of accounts) {
    const pId = parentOf(key);
    const level = levelOf(key);
    const node: CatalogNode = {
      key,
      label,
      disabled: level === 1,
      children: [],
      pId,
      level,
      path: "",
      value: key,
      added: false,
    };
    nodes.set(key, node);
    if (pId) nodes.get(pId)!.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export interface TestEntry {
  date: string;
  lines: Array<[account: string, debit: bigint, credit: bigint]>;
}

/** Colones with céntimos written as text ("1234.56") → céntimos. */
export function c(text: string): bigint {
  const [whole, fraction = ""] = text.split(".");
  const negative = whole.startsWith("-");
  const value = BigInt(whole.replace("-", "")) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
  return negative ? -value : value;
}

/**
 * The period balances the entries imply: by month, except the months in `byDay` (given per day,
 * as the service reads a month a range cuts) and the months before `since` (one opening row).
 */
export function balancesOf(
  entries: readonly TestEntry[],
  options: { since?: string; byDay?: readonly string[] } = {},
): ReportBalances {
  const since = options.since ?? "2000-01";
  const sums = new Map<string, BalanceRow>();
  for (const entry of entries) {
    const month = entry.date.slice(0, 7);
    const period = month < since ? "" : options.byDay?.includes(month) ? entry.date : month;
    for (const [account, debit, credit] of entry.lines) {
      const key = `${account}|${period}`;
      const row = sums.get(key);
      if (row) sums.set(key, { ...row, debit: cents(row.debit + debit), credit: cents(row.credit + credit) });
      else sums.set(key, { account, period, debit: cents(debit), credit: cents(credit) });
    }
  }
  return { since, rows: [...sums.values()] };
}

/** Capital, a year 2025 left open, and a first quarter of 2026 with an unclassified purchase. */
export const BOOKS: TestEntry[] = [
  {
    date: "2025-06-01",
    lines: [
      ["10-01-02-01-00", c("1000000"), 0n],
      ["30-01-00-00-00", 0n, c("1000000")],
    ],
  },
  {
    date: "2025-11-20",
    lines: [
      ["10-01-01-00-00", c("500000"), 0n],
      ["40-01-00-00-00", 0n, c("500000")],
    ],
  },
  {
    date: "2025-12-15",
    lines: [
      ["60-01-00-00-00", c("200000"), 0n],
      ["10-01-02-01-00", 0n, c("200000")],
    ],
  },
  {
    date: "2026-01-10",
    lines: [
      ["10-01-02-02-00", c("1000000"), 0n],
      ["40-01-00-00-00", 0n, c("1000000")],
    ],
  },
  {
    date: "2026-01-20",
    lines: [
      ["50-01-00-00-00", c("400000"), 0n],
      ["20-01-00-00-00", 0n, c("400000")],
    ],
  },
  {
    date: "2026-02-05",
    lines: [
      ["60-02-00-00-00", c("150000"), 0n],
      ["10-01-01-00-00", 0n, c("150000")],
    ],
  },
  {
    date: "2026-02-18",
    lines: [
      ["70-01-00-00-00", c("25000.50"), 0n],
      ["20-01-00-00-00", 0n, c("25000.50")],
    ],
  },
  {
    date: "2026-03-30",
    lines: [
      ["10-01-01-00-00", c("12345.67"), 0n],
      ["40-02-00-00-00", 0n, c("12345.67")],
    ],
  },
];

/** Closing 2025: its result (₡300 000) moves from 40–60 to retained earnings on 31/12/2025. */
export const CLOSING_2025: TestEntry = {
  date: "2025-12-31",
  lines: [
    ["40-01-00-00-00", c("500000"), 0n],
    ["60-01-00-00-00", 0n, c("200000")],
    ["30-04-01-00-00", 0n, c("300000")],
  ],
};
