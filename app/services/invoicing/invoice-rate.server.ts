/**
 * The TipoCambio an invoice in dollars starts with: the reference sell rate of the document's date
 * (the day it is issued, Costa Rica time; docs/domain/exchange-rates.md §4). A rate the user typed is
 * always kept; a document received from someone else keeps the rate its issuer wrote.
 */
import { formatCalendarDate, todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import { formatRate, rateInputText } from "~/domain/exchange-rates";
import type { InvoiceFormValues } from "~/domain/invoicing/form";
import type { InvoiceRateView } from "~/domain/invoicing/view";
import { rateOfDay } from "~/services/exchange-rates/rates.server";

/** The rate the form offers for USD today, with its warning when it is only the last known one. */
export async function invoiceRate(today: CalendarDate = todayInCostaRica(new Date())): Promise<InvoiceRateView | null> {
  const { rate, warning } = await rateOfDay(today, "USD");
  if (!rate) return warning ? { currency: "USD", text: "", hint: "", warning } : null;
  return {
    currency: "USD",
    text: rateInputText(rate),
    hint: `Venta de referencia del ${formatCalendarDate(today)}: ${formatRate(rate.sell)}`,
    warning,
  };
}

/**
 * The posted values with TipoCambio filled in when the invoice is in dollars and the field was left
 * blank (the form posted without JavaScript); `filled` is the text put in, null when nothing changed.
 */
export async function withInvoiceRate(
  values: InvoiceFormValues,
  today: CalendarDate = todayInCostaRica(new Date()),
): Promise<{ values: InvoiceFormValues; filled: string | null }> {
  if ((values.moneda ?? "").toUpperCase() !== "USD" || (values.tipoCambio ?? "").trim() !== "") {
    return { values, filled: null };
  }
  const rate = await invoiceRate(today);
  if (!rate?.text) return { values, filled: null };
  return { values: { ...values, tipoCambio: rate.text }, filled: rate.text };
}
