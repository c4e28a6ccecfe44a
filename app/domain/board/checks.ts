import { cedulaProblem, type IdentificationType } from "../organization-id";

/**
 * The review checks of a client's month («revisión de libros»): each a pure function over what the
 * service reads, returning the count the board shows. docs/spec/board.md §3 lists them.
 */

export const CHECK_KEYS = ["arithmetic", "duplicates", "unclassified", "negativeCash", "invalidSupplierId"] as const;
export type CheckKey = (typeof CHECK_KEYS)[number];

export const CHECK_LABELS: Record<CheckKey, string> = {
  arithmetic: "Comprobantes con advertencias de cálculo",
  duplicates: "Posibles duplicados",
  unclassified: "Cuentas con saldo en 70 Por clasificar",
  negativeCash: "Cajas o bancos con saldo negativo",
  invalidSupplierId: "Proveedores con identificación inválida",
};

export type CheckCounts = Record<CheckKey, number>;

export function emptyCheckCounts(): CheckCounts {
  return { arithmetic: 0, duplicates: 0, unclassified: 0, negativeCash: 0, invalidSupplierId: 0 };
}

/** Receipts whose totals did not add up at import (the parser's warnings). */
export function countArithmeticWarnings(receipts: ReadonlyArray<{ warnings: readonly string[] }>): number {
  return receipts.filter((receipt) => receipt.warnings.length > 0).length;
}

export interface DuplicateCandidate {
  clave: string;
  supplier: string;
  /** Total in colones, exact (bigint). */
  total: bigint;
  /** The issue day, `YYYY-MM-DD`. */
  date: string;
}

/**
 * Received receipts that share supplier, total and issue day with another of a different clave: each
 * receipt of such a group counts (two identical invoices are two to look at).
 */
export function countPossibleDuplicates(receipts: readonly DuplicateCandidate[]): number {
  const groups = new Map<string, Set<string>>();
  for (const receipt of receipts) {
    const key = `${receipt.supplier}|${receipt.total}|${receipt.date}`;
    const claves = groups.get(key) ?? new Set<string>();
    claves.add(receipt.clave);
    groups.set(key, claves);
  }
  let count = 0;
  for (const claves of groups.values()) if (claves.size > 1) count += claves.size;
  return count;
}

export const UNCLASSIFIED_PREFIX = "70";
/** Cash and banks: the codes under 10-01-01 «Efectivo y equivalentes» (docs/domain/chart-of-accounts.md). */
export const CASH_AND_BANK_PREFIX = "10-01-01";

export interface AccountBalance {
  account: string;
  /** Σ debit − Σ credit up to the month's end, in céntimos. */
  balance: bigint;
}

/** Accounts under 70 Por clasificar with a balance. */
export function countUnclassifiedAccounts(balances: readonly AccountBalance[]): number {
  return balances.filter((row) => row.account.startsWith(UNCLASSIFIED_PREFIX) && row.balance !== 0n).length;
}

/** The signed balance of 70 Por clasificar (its sign as it is). */
export function unclassifiedBalance(balances: readonly AccountBalance[]): bigint {
  return balances
    .filter((row) => row.account.startsWith(UNCLASSIFIED_PREFIX))
    .reduce((sum, row) => sum + row.balance, 0n);
}

/** Cash or bank accounts whose balance is below zero (credit larger than debit). */
export function countNegativeCashOrBank(balances: readonly AccountBalance[]): number {
  return balances.filter((row) => row.account.startsWith(CASH_AND_BANK_PREFIX) && row.balance < 0n).length;
}

const TYPES = new Set(["01", "02", "03", "04"]);

/** Whether a supplier's identification fits its type (the same rule as a client's cédula). */
export function isValidSupplierId(tipo: string | undefined, numero: string | undefined): boolean {
  if (!tipo || !numero || !TYPES.has(tipo)) return false;
  return cedulaProblem(tipo as IdentificationType, numero) === null;
}

/** Received receipts whose supplier's identification is missing or not of a valid format. */
export function countInvalidSupplierIds(suppliers: ReadonlyArray<{ tipo?: string; numero?: string }>): number {
  return suppliers.filter((supplier) => !isValidSupplierId(supplier.tipo, supplier.numero)).length;
}
