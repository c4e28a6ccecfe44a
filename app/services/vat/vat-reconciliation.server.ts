import { firstDayOfMonth, lastDayOfMonth, type MonthKey } from "~/domain/calendar";
import type { DefaultAccounts } from "~/domain/booking/default-accounts";
import { indexCatalog } from "~/domain/catalog";
import { creditByAccount, type IvaContribution, type IvaReturn } from "~/domain/iva";
import { cents, type Cents } from "~/domain/money";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { receiptBookingStates } from "~/services/booking/booking-states.server";
import { accountTotals, sourceTotalsBetween } from "~/services/ledger/ledger.server";

/**
 * The return's figures next to the month's balances of the IVA accounts (docs/design/books.md §6: a difference is
 * shown, not hidden). The settlement entries of IVA are left out of the balances: they empty those
 * accounts on purpose.
 */
export interface ReconciliationRow {
  side: "debito" | "credito";
  account: string;
  accountLabel: string;
  fromReceipts: Cents;
  fromBooks: Cents;
  difference: Cents;
}

export interface VatReconciliation {
  rows: ReconciliationRow[];
  /** Receipts in the return without a posted booking entry. */
  unbooked: IvaContribution[];
}

export async function reconcileVat(
  organizationId: string,
  month: MonthKey,
  ivaReturn: IvaReturn,
  accounts: DefaultAccounts,
): Promise<VatReconciliation> {
  const [balances, settlements, catalog] = await Promise.all([
    accountTotals(organizationId, { from: month, to: month }),
    sourceTotalsBetween(organizationId, { kind: "iva" }, firstDayOfMonth(month), lastDayOfMonth(month)),
    loadCatalog(organizationId),
  ]);
  const index = indexCatalog(catalog.tree);
  const net = (account: string) => {
    const balance = balances.get(account) ?? { debit: 0n, credit: 0n };
    const settled = settlements.get(account) ?? { debit: 0n, credit: 0n };
    return balance.debit - settled.debit - (balance.credit - settled.credit);
  };
  const rows: ReconciliationRow[] = [];
  const addSide = (side: "debito" | "credito", allAccounts: string[], perAccount: Map<string, bigint>) => {
    for (const account of new Set(allAccounts)) if (!perAccount.has(account)) perAccount.set(account, 0n);
    for (const [account, fromReceipts] of [...perAccount].sort(([a], [b]) => a.localeCompare(b))) {
      // Débito accounts are liabilities (credit balance), crédito accounts assets (debit balance).
      const fromBooks = account ? (side === "debito" ? -net(account) : net(account)) : 0n;
      if (fromReceipts === 0n && fromBooks === 0n) continue;
      rows.push({
        side,
        account,
        accountLabel: account ? (index.get(account)?.label ?? "") : "Sin cuenta para esta tarifa",
        fromReceipts: cents(fromReceipts),
        fromBooks: cents(fromBooks),
        difference: cents(fromReceipts - fromBooks),
      });
    }
  };
  const debitByAccount = new Map<string, bigint>();
  for (const row of ivaReturn.debit) {
    const account = accounts.ivaDebitByRate[row.rate] ?? "";
    if (row.debit !== 0n || account) debitByAccount.set(account, (debitByAccount.get(account) ?? 0n) + row.debit);
  }
  addSide("debito", Object.values(accounts.ivaDebitByRate), debitByAccount);
  const credit = creditByAccount(ivaReturn, accounts, "booked");
  if (credit.missingRates.length > 0) credit.byAccount.set("", credit.missingAmount);
  addSide(
    "credito",
    [...Object.values(accounts.ivaCreditByRate), accounts.ivaCreditCapitalGoods, accounts.ivaProrataPending],
    credit.byAccount,
  );

  const inReturn = new Map<string, IvaContribution>();
  for (const row of [...ivaReturn.debit, ...ivaReturn.conditions])
    for (const receipt of row.receipts) if (!inReturn.has(receipt.receiptId)) inReturn.set(receipt.receiptId, receipt);
  // A draft is not in the balances yet: only a posted entry counts as booked.
  const states = await receiptBookingStates(organizationId, [...inReturn.keys()]);
  const booked = (id: string) => states.get(id)?.status === "contabilizado";
  return { rows, unbooked: [...inReturn.values()].filter((receipt) => !booked(receipt.receiptId)) };
}
