/**
 * A month liquidated before the app recorded declarations has its settlement entry but no declared
 * figures. «Registrar declaración» reads them back from that entry: what it moved on the IVA accounts is
 * what was declared (decision 239).
 */
import { cents, type Cents } from "../money";
import type { DeclaredFigures, DeclaredTotals } from "./declaration";
import type { SettlementAccounts } from "./settlement";

export const TOTALS_LINE_LABELS: Record<keyof DeclaredTotals, string> = {
  debit: "resultado: Débito fiscal",
  credit: "resultado: Crédito fiscal",
  previousCreditBalance: "resultado: Saldo a favor del período anterior",
  payable: "resultado: Impuesto por pagar",
  creditBalance: "resultado: Saldo a favor",
};

/**
 * The declared totals of a settlement entry, from its net per account (debit positive): the débito it
 * took out of the IVA débito accounts and the crédito out of the IVA crédito accounts. The entry only
 * shows the part of the previous saldo a favor it applied, so the saldo carried is the month's own
 * (`previousCreditBalance`) and the result follows the return's rule: débito − crédito − saldo anterior.
 */
export function declaredTotalsFromEntry(
  netByAccount: ReadonlyMap<string, bigint>,
  accounts: SettlementAccounts,
  previousCreditBalance: Cents,
): DeclaredTotals {
  const sum = (list: Iterable<string>, sign: 1n | -1n) => {
    let total = 0n;
    for (const account of new Set(list)) total += sign * (netByAccount.get(account) ?? 0n);
    return total;
  };
  const debit = sum(Object.values(accounts.ivaDebitByRate), 1n);
  const credit = sum(
    [...Object.values(accounts.ivaCreditByRate), accounts.ivaCreditCapitalGoods, accounts.ivaProrataPending],
    -1n,
  );
  const previous = previousCreditBalance > 0n ? previousCreditBalance : 0n;
  const balance = debit - credit - previous;
  return {
    debit: cents(debit),
    credit: cents(credit),
    previousCreditBalance: cents(previous),
    payable: cents(balance > 0n ? balance : 0n),
    creditBalance: cents(balance < 0n ? -balance : 0n),
  };
}

/** The declared figures: those totals as its lines, and the documents the month had when it was liquidated. */
export function declaredFiguresFromEntry(totals: DeclaredTotals, receiptIds: string[]): DeclaredFigures {
  return {
    totals,
    lines: (Object.keys(TOTALS_LINE_LABELS) as Array<keyof DeclaredTotals>).map((key) => ({
      label: TOTALS_LINE_LABELS[key],
      amount: totals[key],
    })),
    receiptIds,
  };
}
