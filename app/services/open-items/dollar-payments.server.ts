/**
 * The dollar half of «Registrar cobro / pago» (docs/decisions/299-dollar-payments-realise-the-difference.md):
 * the rate of the payment's day, the plan of each item's dollars at its book rate and the entry lines
 * with the realised difference. registerPayment posts them with the settlement, as for colones.
 */
import { formatCalendarDate, type CalendarDate } from "~/domain/calendar";
import { EXCHANGE_DIFFERENCE_ACCOUNTS } from "~/domain/exchange-rates";
import type { EntryLineInput } from "~/domain/ledger";
import { centsToAmount, cents, type Amount, type Cents } from "~/domain/money";
import {
  bookRateOf,
  dollarPaymentEntryLines,
  dollarsOpenOf,
  planDollarPayment,
  type DollarPaymentPlan,
  type Side,
} from "~/domain/open-items";
import { rateOfDay } from "~/services/exchange-rates/rates.server";
import type { OpenItemRecord } from "~models/open-item";

export const DOLLAR_PAYMENT_SERVICE_MESSAGES = {
  noRate: (date: CalendarDate) =>
    `No hay tipo de cambio conocido para el ${formatCalendarDate(date)}: escríbalo en «Tipo de cambio».`,
  moneyInDollars: (account: string) =>
    `La cuenta ${account} se lleva en dólares: en ella se cobran o pagan solo documentos en dólares.`,
  differenceAccount:
    "En dólares la diferencia con el tipo de cambio del documento es diferencial cambiario: deje en blanco la cuenta para la diferencia.",
  rep: "Los documentos en dólares se cobran o pagan sin recibo electrónico de pago.",
} as const;

export interface DollarPaymentRequest {
  date: CalendarDate;
  moneyAccount: string;
  control: string;
  /** Dollars received or paid, in cents of a dollar; blank: what the applications add up to. */
  received?: Cents;
  /** Cents of a dollar per item; blank: all it owes. */
  applications: readonly { itemId: string; amount?: Cents }[];
  /** Colones per dollar; blank: the reference sell rate of the day. */
  rate?: Amount;
  description: string;
}

export type DollarPaymentParts =
  { ok: true; plan: DollarPaymentPlan; lines: EntryLineInput[] } | { ok: false; message: string };

/** Plans a cobro / pago of USD items: every check before anything is written. */
export async function dollarPaymentParts(
  side: Side,
  items: readonly OpenItemRecord[],
  labels: ReadonlyMap<string, string>,
  inDollars: ReadonlySet<string>,
  request: DollarPaymentRequest,
): Promise<DollarPaymentParts> {
  const rate = request.rate ?? (await rateOfDay(request.date)).rate?.sell;
  if (rate === undefined) return { ok: false, message: DOLLAR_PAYMENT_SERVICE_MESSAGES.noRate(request.date) };
  const forPayment = items.map((item) => ({
    id: String(item._id),
    label: labels.get(String(item._id)) ?? item.consecutivo,
    fecha: item.fecha,
    open: cents(item.balance),
    dollarsOpen: dollarsOpenOf(item),
    bookRate: bookRateOf(item),
  }));
  const openOf = new Map(forPayment.map((item) => [item.id, item.dollarsOpen]));
  const planned = planDollarPayment(forPayment, {
    date: request.date,
    applications: request.applications.map((application) => ({
      itemId: application.itemId,
      dollars:
        application.amount === undefined ? (openOf.get(application.itemId) ?? 0n) : centsToAmount(application.amount),
    })),
    ...(request.received === undefined ? {} : { received: centsToAmount(request.received) }),
    rate,
  });
  if (!planned.ok) return planned;
  const lines = dollarPaymentEntryLines(
    side,
    { money: request.moneyAccount, control: request.control, ...EXCHANGE_DIFFERENCE_ACCOUNTS, inDollars },
    planned.plan,
    request.description,
    labels,
  );
  return { ok: true, plan: planned.plan, lines };
}
