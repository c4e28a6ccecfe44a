/**
 * The settlement entry of a month's IVA: the débito accounts are debited with the débito declared at
 * each rate, the crédito accounts credited with the creditable crédito, and the net goes to IVA por
 * pagar, after using up the saldo a favor carried in its account; a crédito larger than the débito
 * adds to the saldo a favor.
 */
import type { DefaultAccounts } from "../booking/default-accounts";
import { lastDayOfMonth, monthLabel, type MonthKey } from "../calendar";
import type { EntryInput, EntryLineInput } from "../ledger/types";
import { centsToAmount, cents, type Cents } from "../money";
import { rateGroupLabel } from "./rates";
import type { IvaReturn } from "./return";

export type SettlementAccounts = Pick<
  DefaultAccounts,
  | "ivaDebitByRate"
  | "ivaCreditByRate"
  | "ivaCreditCapitalGoods"
  | "ivaProrataPending"
  | "ivaPayable"
  | "ivaCreditBalance"
>;

/**
 * Where a received receipt's IVA sits in the books (as receipt booking puts it): capital goods (03) and
 * proportionality (05, the whole IVA until the year's prorrata) in their own accounts, the rest in the
 * crédito account of its rate. Null when that rate has no account.
 */
export function creditAccountOf(accounts: SettlementAccounts, rate: string, condition?: string): string | null {
  if (condition === "03") return accounts.ivaCreditCapitalGoods;
  if (condition === "05") return accounts.ivaProrataPending;
  return accounts.ivaCreditByRate[rate] ?? null;
}

/**
 * Per crédito account: what the receipts put there when booked (`booked`: the whole IVA of 05) or
 * what the settlement takes out (`creditable`). Rates without account are returned apart.
 */
export function creditByAccount(
  ivaReturn: IvaReturn,
  accounts: SettlementAccounts,
  what: "booked" | "creditable",
): { byAccount: Map<string, bigint>; missingRates: string[]; missingAmount: bigint } {
  const byAccount = new Map<string, bigint>();
  const missingRates = new Set<string>();
  let missingAmount = 0n;
  for (const row of ivaReturn.credit) {
    for (const receipt of row.receipts) {
      const amount = what === "booked" && receipt.condition === "05" ? receipt.tax : receipt.creditable;
      if (amount === 0n) continue;
      const account = creditAccountOf(accounts, row.rate, receipt.condition);
      if (!account) {
        missingRates.add(row.rate);
        missingAmount += amount;
        continue;
      }
      byAccount.set(account, (byAccount.get(account) ?? 0n) + amount);
    }
  }
  return { byAccount, missingRates: [...missingRates], missingAmount };
}

export type SettlementPlan = { ok: true; entry: EntryInput } | { ok: false; message: string };

export const SETTLEMENT_SOURCE_KIND = "iva";

export function settlementDescription(month: MonthKey): string {
  return `Liquidación del IVA de ${monthLabel(month)}`;
}

export function planSettlement(month: MonthKey, ivaReturn: IvaReturn, accounts: SettlementAccounts): SettlementPlan {
  // Signed per account: debit positive, credit negative, so rates sharing an account make one line.
  const byAccount = new Map<string, { amount: bigint; description: string }>();
  const put = (account: string, amount: bigint, description: string) => {
    const current = byAccount.get(account);
    byAccount.set(account, {
      amount: (current?.amount ?? 0n) + amount,
      description: current ? "IVA de varias tarifas" : description,
    });
  };
  for (const row of ivaReturn.debit) {
    if (row.debit === 0n) continue;
    const account = accounts.ivaDebitByRate[row.rate];
    if (!account) return { ok: false, message: `Falta la cuenta de IVA débito para ${rateGroupLabel(row.rate)}.` };
    put(account, row.debit, `IVA débito ${rateGroupLabel(row.rate)}`);
  }
  const credit = creditByAccount(ivaReturn, accounts, "creditable");
  if (credit.missingRates.length > 0)
    return { ok: false, message: `Falta la cuenta de IVA crédito para ${rateGroupLabel(credit.missingRates[0])}.` };
  for (const [account, amount] of credit.byAccount) put(account, -amount, "IVA crédito del mes");
  const net = ivaReturn.totals.debit - ivaReturn.totals.credit;
  if (net > 0n) {
    const previous = ivaReturn.totals.previousCreditBalance;
    const applied = previous < net ? previous : net;
    if (applied > 0n) put(accounts.ivaCreditBalance, -applied, "Saldo a favor de meses anteriores aplicado");
    if (net - applied > 0n) put(accounts.ivaPayable, -(net - applied), "IVA por pagar del mes");
  } else if (net < 0n) {
    put(accounts.ivaCreditBalance, -net, "Saldo a favor del mes");
  }
  const lines: EntryLineInput[] = [];
  for (const [account, { amount, description }] of byAccount) {
    if (amount === 0n) continue;
    const value = centsToAmount(cents(amount < 0n ? -amount : amount) as Cents);
    lines.push({ account, description, debit: amount > 0n ? value : null, credit: amount < 0n ? value : null });
  }
  if (lines.length === 0) return { ok: false, message: `No hay IVA que liquidar en ${monthLabel(month)}.` };
  return {
    ok: true,
    entry: { date: lastDayOfMonth(month), description: settlementDescription(month), reference: `IVA ${month}`, lines },
  };
}
