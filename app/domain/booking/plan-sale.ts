import type { ReceiptFacts } from "../receipts/compact";
import { effectiveTipoCambio } from "../hacienda/colones";
import type { DefaultAccounts } from "./default-accounts";
import { isServiceLine, lineIvaByRate, lineOtherTaxes, lineRateCode } from "./line-taxes";
import { LINE_DESCRIPTIONS, PLAN_MESSAGES } from "./messages";
import { PlanBuilder } from "./plan-builder";
import type { PartyAccounts, PlanLine } from "./plan-types";

const CONTADO = "01";

/**
 * An issued FE, TE, ND or FEE (and, mirrored, an issued NC): Dr receivable (or cash when contado and
 * a cash account is set) / Cr the customer's sales account when the accountant set one, else sales by
 * rate, goods or services by the line's unit / Cr IVA débito by
 * rate / Cr otros cargos.
 */
export function saleLines(
  document: ReceiptFacts,
  accounts: DefaultAccounts,
  party?: PartyAccounts,
): PlanLine[] | string {
  const builder = new PlanBuilder(document.moneda, effectiveTipoCambio(document.moneda, document.tipoCambio));
  for (const line of document.lines) {
    const others = lineOtherTaxes(line);
    if (others.total > 0n) return PLAN_MESSAGES.otherTaxesOnSale(others.codes);
    const rate = lineRateCode(line);
    const service = isServiceLine(line);
    const account = party?.sales ?? (service ? accounts.salesServicesByRate : accounts.salesGoodsByRate)[rate];
    if (!account) return PLAN_MESSAGES.noAccountForRate(service ? "ventas de servicios" : "ventas de mercancías", rate);
    const description = party?.sales
      ? LINE_DESCRIPTIONS.customerAccount(rate)
      : service
        ? LINE_DESCRIPTIONS.salesServices(rate)
        : LINE_DESCRIPTIONS.salesGoods(rate);
    builder.add("credit", account, line.subTotal, description, { tax: { code: "01", rate }, base: true });
    for (const [ivaRate, amount] of lineIvaByRate(line)) {
      if (amount === 0n) continue;
      const ivaAccount = accounts.ivaDebitByRate[ivaRate];
      if (!ivaAccount) return PLAN_MESSAGES.noAccountForRate("IVA débito", ivaRate);
      builder.add("credit", ivaAccount, amount, LINE_DESCRIPTIONS.ivaDebit(ivaRate), {
        tax: { code: "01", rate: ivaRate },
      });
    }
  }
  for (const charge of document.otrosCargos) {
    builder.add("credit", accounts.otherChargesIncome, charge.monto, LINE_DESCRIPTIONS.otherCharges);
  }
  const contado = document.condicionVenta === CONTADO && accounts.cash;
  const lines = builder.finish(
    {
      side: "debit",
      account: contado ? accounts.cash! : accounts.receivable,
      description: contado ? LINE_DESCRIPTIONS.cash : LINE_DESCRIPTIONS.receivable,
      total: document.resumen.totalComprobante,
    },
    { account: accounts.exchangeRounding, description: LINE_DESCRIPTIONS.rounding },
  );
  return lines ?? PLAN_MESSAGES.doesNotAddUp;
}
