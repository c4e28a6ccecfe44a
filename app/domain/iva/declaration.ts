/**
 * A month's declared IVA and how the current return compares with it. Once a month is declared, a
 * document that arrives later never changes the declaration: the page shows the difference and the
 * accountant rectifies (a new version whose difference is posted).
 */
import type { EntryLineInput } from "../ledger/types";
import { amountToCents, cents, centsToAmount, type Cents } from "../money";
import { ivaReturnLines } from "./layout";
import type { IvaContribution, IvaReturn } from "./return";

export interface DeclaredTotals {
  debit: Cents;
  credit: Cents;
  previousCreditBalance: Cents;
  payable: Cents;
  creditBalance: Cents;
}

export interface DeclaredFigures {
  totals: DeclaredTotals;
  lines: { label: string; amount: Cents }[];
  receiptIds: string[];
}

/** The receipts a return counts (débito and crédito), each once, in the return's order. */
export function countedReceipts(ivaReturn: IvaReturn): IvaContribution[] {
  const counted = new Map<string, IvaContribution>();
  for (const row of [...ivaReturn.debit, ...ivaReturn.conditions])
    for (const receipt of row.receipts) if (!counted.has(receipt.receiptId)) counted.set(receipt.receiptId, receipt);
  return [...counted.values()];
}

export function declaredFiguresOf(ivaReturn: IvaReturn): DeclaredFigures {
  const { totals } = ivaReturn;
  return {
    totals: {
      debit: totals.debit,
      credit: totals.credit,
      previousCreditBalance: totals.previousCreditBalance,
      payable: totals.payable,
      creditBalance: totals.creditBalance,
    },
    lines: ivaReturnLines(ivaReturn).map((line) => ({ label: `${line.section}: ${line.label}`, amount: line.amount })),
    receiptIds: countedReceipts(ivaReturn).map((receipt) => receipt.receiptId),
  };
}

export interface FigureDifference {
  label: string;
  declared: Cents;
  current: Cents;
}

export interface DeclarationComparison {
  stale: boolean;
  differences: FigureDifference[];
  /** Counted now but not in the declaration: documents that arrived (or were decided) later. */
  arrived: IvaContribution[];
  /** In the declaration but no longer counted (deleted, rejected, excluded since). */
  gone: string[];
}

const TOTAL_LABELS: Record<keyof DeclaredTotals, string> = {
  debit: "Débito fiscal",
  credit: "Crédito fiscal",
  previousCreditBalance: "Saldo a favor del período anterior",
  payable: "Impuesto por pagar",
  creditBalance: "Saldo a favor",
};

export function compareWithDeclaration(declared: DeclaredFigures, current: IvaReturn): DeclarationComparison {
  const now = declaredFiguresOf(current);
  const differences: FigureDifference[] = [];
  for (const key of Object.keys(TOTAL_LABELS) as Array<keyof DeclaredTotals>)
    if (declared.totals[key] !== now.totals[key])
      differences.push({ label: TOTAL_LABELS[key], declared: declared.totals[key], current: now.totals[key] });
  const declaredIds = new Set(declared.receiptIds);
  const currentIds = new Set(now.receiptIds);
  const arrived = countedReceipts(current).filter((receipt) => !declaredIds.has(receipt.receiptId));
  const gone = declared.receiptIds.filter((id) => !currentIds.has(id));
  return { stale: differences.length > 0 || arrived.length > 0 || gone.length > 0, differences, arrived, gone };
}

/** Net céntimos per account of entry lines, debit positive. */
export function netByAccount(lines: EntryLineInput[]): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const line of lines) {
    const amount = amountToCents(line.debit ?? 0n) - amountToCents(line.credit ?? 0n);
    net.set(line.account, (net.get(line.account) ?? 0n) + amount);
  }
  return net;
}

/** The lines that take the books from `already` (what earlier versions posted) to `target`, per account. */
export function differenceLines(
  target: Map<string, bigint>,
  already: Map<string, bigint>,
  description: string,
): EntryLineInput[] {
  const lines: EntryLineInput[] = [];
  for (const account of [...new Set([...target.keys(), ...already.keys()])].sort()) {
    const difference = (target.get(account) ?? 0n) - (already.get(account) ?? 0n);
    if (difference === 0n) continue;
    const value = centsToAmount(cents(difference < 0n ? -difference : difference));
    lines.push({
      account,
      description,
      debit: difference > 0n ? value : null,
      credit: difference < 0n ? value : null,
    });
  }
  return lines;
}
