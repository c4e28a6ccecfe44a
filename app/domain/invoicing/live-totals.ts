/**
 * The totals the form shows while the user types: the lines read by the form's own reading
 * (`readInvoiceLines`) and summed by `computeInvoiceTotals`, the function «Recalcular», saving and
 * issuing use on the server, formatted by `totalsView`. Pure, so the browser runs the same code.
 * Only the lines and the currency matter for the totals; the rest of the form is judged on the server.
 */
import { computeInvoiceTotals, InvoiceTotalsError } from "../hacienda/invoice-totals";
import type { InvoiceFormValues } from "./form";
import { readInvoiceLines } from "./form";
import { totalsView, type TotalsView } from "./totals-view";
import { INVOICE_KINDS, type InvoiceKind } from "./types";
import { AMOUNT_ONE } from "../money";

export function liveTotals(values: Pick<InvoiceFormValues, "kind" | "moneda" | "lines">): TotalsView | null {
  const lines = readInvoiceLines(values.lines ?? []);
  if (!lines) return null;
  const moneda = (values.moneda || "CRC").toUpperCase();
  const kind = (INVOICE_KINDS as readonly string[]).includes(values.kind ?? "") ? (values.kind as InvoiceKind) : "FE";
  try {
    const computed = computeInvoiceTotals({
      kind,
      condicionVenta: "01",
      mediosPago: ["01"],
      moneda: /^[A-Z]{3}$/.test(moneda) ? moneda : "CRC",
      tipoCambio: AMOUNT_ONE,
      lines,
    });
    return totalsView(computed, moneda);
  } catch (error) {
    if (error instanceof InvoiceTotalsError) return null;
    throw error;
  }
}
