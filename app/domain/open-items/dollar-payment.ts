/**
 * A cobro or pago of documents in US dollars (docs/decisions/299-dollar-payments-realise-the-difference.md):
 * the dollars applied leave each item at the rate it stands at in the books, the money moves at the
 * payment's rate, and the colones between the two are the realised exchange difference
 * (docs/domain/exchange-rates.md §7).
 */
import { foreignToColones } from "../exchange-rates/rate";
import { centsToAmount, divideRounded, formatMoney, type Amount, type Cents } from "../money";
import type { EntryLineInput } from "../ledger";
import type { Side, SettlementLine } from "./balances";
import { MAX_PAYMENT_ITEMS, PAYMENT_MESSAGES } from "./payment";

export const DOLLAR_PAYMENT_MESSAGES = {
  mixedCurrencies:
    "Un cobro o pago aplica documentos de una sola moneda: registre aparte los de colones y los de dólares.",
  amountOverOpen: (document: string, open: Amount) =>
    `El monto aplicado a ${document} supera su saldo pendiente (${formatMoney(open, "USD")}).`,
  receivedNotApplied: (applied: Amount) =>
    `En dólares el monto recibido o pagado es lo aplicado (${formatMoney(applied, "USD")}): la diferencia con el tipo de cambio se calcula sola.`,
} as const;

/** An open item in dollars as a payment reads it. Signed like the item: a document is positive. */
export interface DollarItemForPayment {
  id: string;
  label: string;
  fecha?: string;
  /** Colones still open in the books. */
  open: Cents;
  /** Dollars still open (Amount units). */
  dollarsOpen: Amount;
  /** Colones per dollar the item stands at in the books: its document's TipoCambio. */
  bookRate: Amount;
}

export interface DollarPaymentRequest {
  date?: string;
  /** Dollars applied to each item (Amount units). */
  applications: readonly { itemId: string; dollars: Amount }[];
  /** Dollars received or paid; when given it must be what the applications add up to. */
  received?: Amount;
  /** Colones per dollar on the payment's day. */
  rate: Amount;
}

export interface DollarPaymentLine extends SettlementLine {
  dollars: Amount;
  dollarDelta: Amount;
  bookRate: Amount;
  /** The dollars at the book rate, rounded once. */
  atBookRate: Cents;
  /** What the item's colones move beyond that: the céntimos of rounding left when the last dollar is paid. */
  residue: Cents;
}

export interface DollarPaymentPlan {
  lines: DollarPaymentLine[];
  dollars: Amount;
  rate: Amount;
  /** The dollars at the payment's rate, rounded once: the bank or cash line. */
  money: Cents;
  /** The colones the items leave the books with. */
  relieved: Cents;
  /** money − relieved: on a cobro a gain when positive, on a pago a loss. */
  difference: Cents;
}

/** An item's open dollars and book rate when they were not kept: derived from its document. */
export function dollarsOpenOf(item: {
  amount: bigint;
  balance: bigint;
  foreignAmount?: bigint;
  foreignBalance?: bigint;
}): Amount {
  if (item.foreignBalance !== undefined) return item.foreignBalance;
  const total = item.amount < 0n ? -(item.foreignAmount ?? 0n) : (item.foreignAmount ?? 0n);
  if (item.balance === 0n || item.amount === 0n) return 0n;
  if (item.balance === item.amount) return total;
  // Part settled in colones before dollars were kept: the same share of the dollars, to the cent.
  return divideRounded(total * item.balance, item.amount * 1_000n) * 1_000n;
}

/**
 * A USD item's open dollars after a move in colones only (a credit note applied to its document):
 * the same share of its open dollars as of its colones, to the cent; none when nothing is left.
 */
export function dollarsAfterColonesMove(
  item: { amount: bigint; balance: bigint; foreignAmount?: bigint; foreignBalance?: bigint },
  newBalance: bigint,
): Amount {
  if (newBalance === 0n) return 0n;
  const open = dollarsOpenOf(item);
  if (item.balance === 0n || newBalance === item.balance) return open;
  return divideRounded(open * newBalance, item.balance * 1_000n) * 1_000n;
}

/** The rate of the document, or its colones over its dollars to five decimals when it was not kept. */
export function bookRateOf(item: { amount: bigint; foreignAmount?: bigint; rate?: bigint }): Amount {
  if (item.rate !== undefined && item.rate > 0n) return item.rate;
  const dollars = item.foreignAmount ?? 0n;
  if (dollars === 0n) return 0n;
  const colones = centsToAmount((item.amount < 0n ? -item.amount : item.amount) as Cents);
  return divideRounded(colones * 100_000n, dollars);
}

/** Checks a dollar payment and plans it: partial amounts allowed, never more than an item owes. */
export function planDollarPayment(
  items: readonly DollarItemForPayment[],
  request: DollarPaymentRequest,
): { ok: true; plan: DollarPaymentPlan } | { ok: false; message: string } {
  const { applications } = request;
  if (applications.length === 0) return { ok: false, message: PAYMENT_MESSAGES.noItems };
  if (applications.length > MAX_PAYMENT_ITEMS) return { ok: false, message: PAYMENT_MESSAGES.tooManyItems };
  if (request.received !== undefined && request.received < 0n)
    return { ok: false, message: PAYMENT_MESSAGES.receivedNegative };
  const byId = new Map(items.map((item) => [item.id, item]));
  const seen = new Set<string>();
  const lines: DollarPaymentLine[] = [];
  let dollars = 0n;
  let relieved = 0n;
  for (const application of applications) {
    if (seen.has(application.itemId)) return { ok: false, message: PAYMENT_MESSAGES.repeated };
    seen.add(application.itemId);
    const item = byId.get(application.itemId);
    if (!item || item.open <= 0n || item.dollarsOpen <= 0n) return { ok: false, message: PAYMENT_MESSAGES.unknownItem };
    if (request.date && item.fecha && request.date < item.fecha)
      return { ok: false, message: PAYMENT_MESSAGES.beforeDocument(item.label) };
    if (application.dollars <= 0n) return { ok: false, message: PAYMENT_MESSAGES.amountNotPositive(item.label) };
    if (application.dollars > item.dollarsOpen)
      return { ok: false, message: DOLLAR_PAYMENT_MESSAGES.amountOverOpen(item.label, item.dollarsOpen) };
    const atBookRate = foreignToColones(application.dollars, item.bookRate);
    // The last dollar takes every colón left, so a paid item leaves nothing in the books.
    const colones =
      application.dollars === item.dollarsOpen ? item.open : atBookRate < item.open ? atBookRate : item.open;
    lines.push({
      itemId: item.id,
      delta: -colones as Cents,
      dollars: application.dollars,
      dollarDelta: -application.dollars,
      bookRate: item.bookRate,
      atBookRate,
      residue: (colones - atBookRate) as Cents,
    });
    dollars += application.dollars;
    relieved += colones;
  }
  if (request.received !== undefined && request.received !== dollars)
    return { ok: false, message: DOLLAR_PAYMENT_MESSAGES.receivedNotApplied(dollars) };
  const money = foreignToColones(dollars, request.rate);
  return {
    ok: true,
    plan: {
      lines,
      dollars,
      rate: request.rate,
      money,
      relieved: relieved as Cents,
      difference: (money - relieved) as Cents,
    },
  };
}

export interface DollarPaymentAccounts {
  money: string;
  control: string;
  /** «Diferencial cambiario ganado» and «… perdido». */
  gain: string;
  loss: string;
  /** Accounts kept in dollars (decision 282): their colón-only lines carry US$0. */
  inDollars: ReadonlySet<string>;
}

/**
 * The entry of a dollar cobro (Dr bank / Cr clientes per item) or pago (Dr proveedores per item / Cr
 * bank): each item's line carries its dollars at its book rate, a rounding residue its own colón-only
 * line, and the realised difference goes to the gain (credit) or loss (debit) account.
 */
export function dollarPaymentEntryLines(
  side: Side,
  accounts: DollarPaymentAccounts,
  plan: DollarPaymentPlan,
  description: string,
  /** Each item's name («FE 00100001010000000123»), the description of its line. */
  labels: ReadonlyMap<string, string>,
): EntryLineInput[] {
  const moneyDebit = side === "receivable";
  const colonesOnly = (account: string) =>
    accounts.inDollars.has(account) ? { currency: "USD", foreignAmount: 0n } : {};
  const line = (account: string, amount: bigint, debit: boolean, text: string, extra: Partial<EntryLineInput> = {}) => {
    const positive = amount < 0n ? -amount : amount;
    const isDebit = amount < 0n ? !debit : debit;
    return {
      account,
      description: text,
      debit: isDebit ? centsToAmount(positive as Cents) : null,
      credit: isDebit ? null : centsToAmount(positive as Cents),
      ...extra,
    } satisfies EntryLineInput;
  };
  const lines: EntryLineInput[] = [
    line(accounts.money, plan.money, moneyDebit, description, {
      ...(accounts.inDollars.has(accounts.money)
        ? { currency: "USD", foreignAmount: plan.dollars, rate: plan.rate }
        : {}),
    }),
  ];
  for (const item of plan.lines) {
    const text = labels.get(item.itemId) ?? description;
    lines.push(
      line(accounts.control, item.atBookRate, !moneyDebit, text, {
        currency: "USD",
        foreignAmount: item.dollars,
        rate: item.bookRate,
      }),
    );
    if (item.residue !== 0n)
      lines.push(line(accounts.control, item.residue, !moneyDebit, text, colonesOnly(accounts.control)));
  }
  if (plan.difference !== 0n) {
    // A cobro that brings more colones than the items held is a gain; a pago that takes more, a loss.
    const gain = moneyDebit ? plan.difference > 0n : plan.difference < 0n;
    const amount = plan.difference < 0n ? -plan.difference : plan.difference;
    lines.push(
      line(
        gain ? accounts.gain : accounts.loss,
        amount,
        !gain,
        `Diferencial cambiario realizado: ${description}`.slice(0, 200),
        colonesOnly(gain ? accounts.gain : accounts.loss),
      ),
    );
  }
  return lines.filter((entryLine) => (entryLine.debit ?? entryLine.credit ?? 0n) !== 0n);
}
