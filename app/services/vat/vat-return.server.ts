import { shiftMonth, type MonthKey } from "~/domain/calendar";
import { computeIvaReturn, DEFAULT_PRORRATA, type IvaReturn } from "~/domain/iva";
import { cents, type Cents } from "~/domain/money";
import { currentDeclaration } from "~models/vat-declaration";
import { findProrratas, saveProrrata } from "~models/vat-prorrata";
import { monthHasReceipts, monthIvaReceipts } from "./receipts-iva.server";

/** How far back the saldo a favor is followed: months with receipts, one after the other. */
export const CARRY_MONTHS = 12;

export interface VatMonth {
  month: MonthKey;
  ivaReturn: IvaReturn;
  prorrata: { year: number; basisPoints: bigint; stored: boolean };
  /** The month the saldo a favor came from, when it is in the app (declared, or has receipts). */
  previousMonth: MonthKey | null;
  /** Whether the saldo carried is the one that month declared. */
  carriedFromDeclaration: boolean;
  receiptCount: number;
  /** Receipt id → clave, for the declaration's set of documents. */
  claves: Map<string, string>;
}

const yearOf = (month: MonthKey) => Number(month.slice(0, 4));

/**
 * The month's return. The saldo a favor carried is the one the previous month DECLARED when it has a
 * declaration; otherwise its computed result when it has receipts, itself computed with its own
 * previous month, up to CARRY_MONTHS back (stopping at a declared month, whose declared saldo starts
 * the chain).
 */
export async function loadVatMonth(organizationId: string, month: MonthKey): Promise<VatMonth> {
  const chain: MonthKey[] = [];
  let carried: Cents = cents(0n);
  let declaredStart: MonthKey | null = null;
  for (let previous = shiftMonth(month, -1); chain.length < CARRY_MONTHS; previous = shiftMonth(previous, -1)) {
    const declared = await currentDeclaration(organizationId, previous);
    if (declared) {
      carried = cents(BigInt(declared.totals.creditBalance));
      declaredStart = previous;
      break;
    }
    if (!(await monthHasReceipts(organizationId, previous))) break;
    chain.unshift(previous);
  }
  const prorratas = await findProrratas(organizationId, [...new Set([...chain, month].map(yearOf))]);
  const prorrataOf = (m: MonthKey) => {
    const stored = prorratas.get(yearOf(m));
    return stored === undefined ? DEFAULT_PRORRATA : BigInt(stored);
  };
  for (const previous of chain) {
    const previousReturn = computeIvaReturn(await monthIvaReceipts(organizationId, previous), {
      prorrataBasisPoints: prorrataOf(previous),
      previousCreditBalance: carried,
    });
    carried = previousReturn.totals.creditBalance;
  }
  const receipts = await monthIvaReceipts(organizationId, month);
  const ivaReturn = computeIvaReturn(receipts, {
    prorrataBasisPoints: prorrataOf(month),
    previousCreditBalance: carried,
  });
  const previousMonth = chain.length > 0 ? chain[chain.length - 1] : declaredStart;
  return {
    month,
    ivaReturn,
    prorrata: { year: yearOf(month), basisPoints: prorrataOf(month), stored: prorratas.has(yearOf(month)) },
    previousMonth,
    carriedFromDeclaration: previousMonth !== null && previousMonth === declaredStart,
    receiptCount: receipts.length,
    claves: new Map(receipts.map((receipt) => [receipt.id, receipt.clave ?? ""])),
  };
}

export async function setProrrata(organizationId: string, year: number, basisPoints: bigint, by: string) {
  await saveProrrata(organizationId, year, Number(basisPoints), by);
}
