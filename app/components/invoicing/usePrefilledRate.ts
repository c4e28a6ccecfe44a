import { useEffect } from "react";
import type { InvoiceRateView } from "~/domain/invoicing/view";

/**
 * When the user chooses the rate's currency and TipoCambio is blank, types the day's rate into it, as
 * if typed (so the live totals and conform see it). A value the user typed is never replaced. Without
 * JavaScript the action fills it instead.
 */
export function usePrefilledRate(formId: string, moneda: string | undefined, rate: InvoiceRateView | null) {
  useEffect(() => {
    if (!rate?.text || (moneda ?? "").toUpperCase() !== rate.currency) return;
    const form = document.getElementById(formId);
    const input = form?.querySelector<HTMLInputElement>('input[name="tipoCambio"]');
    if (!input || input.value.trim() !== "") return;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, rate.text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, [formId, moneda, rate]);
}
