import { centsToAmount, formatColones, type Cents } from "../money";
import type { EntryLineInput } from "../ledger";
import type { Side, SettlementLine } from "./balances";

/** The most items one «Registrar cobro / pago» may settle. */
export const MAX_PAYMENT_ITEMS = 500;

export const PAYMENT_MESSAGES = {
  noItems: "Seleccione al menos un documento.",
  tooManyItems: `Se pueden registrar como máximo ${MAX_PAYMENT_ITEMS} documentos a la vez.`,
  repeated: "Un documento aparece dos veces.",
  unknownItem: "Uno de los documentos ya no está pendiente o no pertenece a esta contraparte.",
  amountNotPositive: (document: string) => `El monto aplicado a ${document} debe ser mayor que cero.`,
  amountOverOpen: (document: string, open: Cents) =>
    `El monto aplicado a ${document} supera su saldo pendiente (${formatColones(centsToAmount(open))}).`,
  receivedNegative: "El monto recibido o pagado no puede ser negativo.",
  differenceNeedsAccount: (difference: Cents) =>
    `Hay una diferencia de ${formatColones(centsToAmount(difference < 0n ? (-difference as Cents) : difference))}: indique la cuenta a la que va.`,
  beforeDocument: (document: string) =>
    `La fecha es anterior a la de ${document}: un documento no se paga antes de emitirse.`,
} as const;

export interface OpenItemForPayment {
  id: string;
  /** What a person reads: «FE 00100001010000000123». */
  label: string;
  open: Cents;
  /** The document's date (YYYY-MM-DD): it cannot be paid before it. */
  fecha?: string;
}

export interface PaymentRequest {
  applications: readonly { itemId: string; amount: Cents }[];
  /** What the bank or cash account received (cobro) or paid (pago). */
  received: Cents;
  differenceAccount?: string;
  /** The payment's date (YYYY-MM-DD). */
  date?: string;
}

export interface PaymentPlan {
  lines: SettlementLine[];
  applied: Cents;
  /** received − applied: positive is an over-payment, negative a discount or write-off. */
  difference: Cents;
}

/** Checks a payment against the items' open balances: partial amounts allowed, never more than an item owes. */
export function planPayment(
  items: readonly OpenItemForPayment[],
  request: PaymentRequest,
): { ok: true; plan: PaymentPlan } | { ok: false; message: string } {
  const { applications } = request;
  if (applications.length === 0) return { ok: false, message: PAYMENT_MESSAGES.noItems };
  if (applications.length > MAX_PAYMENT_ITEMS) return { ok: false, message: PAYMENT_MESSAGES.tooManyItems };
  if (request.received < 0n) return { ok: false, message: PAYMENT_MESSAGES.receivedNegative };
  const byId = new Map(items.map((item) => [item.id, item]));
  const seen = new Set<string>();
  const lines: SettlementLine[] = [];
  let applied = 0n;
  for (const application of applications) {
    if (seen.has(application.itemId)) return { ok: false, message: PAYMENT_MESSAGES.repeated };
    seen.add(application.itemId);
    const item = byId.get(application.itemId);
    if (!item || item.open <= 0n) return { ok: false, message: PAYMENT_MESSAGES.unknownItem };
    if (request.date && item.fecha && request.date < item.fecha)
      return { ok: false, message: PAYMENT_MESSAGES.beforeDocument(item.label) };
    if (application.amount <= 0n) return { ok: false, message: PAYMENT_MESSAGES.amountNotPositive(item.label) };
    if (application.amount > item.open)
      return { ok: false, message: PAYMENT_MESSAGES.amountOverOpen(item.label, item.open) };
    lines.push({ itemId: item.id, delta: -application.amount as Cents });
    applied += application.amount;
  }
  const difference = (request.received - applied) as Cents;
  if (difference !== 0n && !request.differenceAccount)
    return { ok: false, message: PAYMENT_MESSAGES.differenceNeedsAccount(difference) };
  return { ok: true, plan: { lines, applied: applied as Cents, difference } };
}

export interface PaymentAccounts {
  /** The bank or cash account the money went through. */
  money: string;
  /** The control account: clientes for a cobro, proveedores for a pago. */
  control: string;
  difference?: string;
}

/**
 * The entry of a cobro (Dr bank / Cr clientes) or a pago (Dr proveedores / Cr bank), the difference
 * on its own line: an over-payment credits it on a cobro and debits it on a pago.
 */
export function paymentEntryLines(
  side: Side,
  accounts: PaymentAccounts,
  plan: PaymentPlan,
  received: Cents,
  description: string,
): EntryLineInput[] {
  const moneyDebit = side === "receivable";
  const line = (account: string, amount: bigint, debit: boolean): EntryLineInput => ({
    account,
    description,
    debit: debit ? centsToAmount(amount as Cents) : null,
    credit: debit ? null : centsToAmount(amount as Cents),
  });
  const lines: EntryLineInput[] = [];
  if (received > 0n) lines.push(line(accounts.money, received, moneyDebit));
  if (plan.applied > 0n) lines.push(line(accounts.control, plan.applied, !moneyDebit));
  if (plan.difference !== 0n && accounts.difference) {
    const over = plan.difference > 0n;
    const amount = over ? plan.difference : -plan.difference;
    // Over-payment on a cobro is a credit (like the control line); on a pago a debit.
    lines.push(line(accounts.difference, amount, over ? !moneyDebit : moneyDebit));
  }
  return lines;
}
