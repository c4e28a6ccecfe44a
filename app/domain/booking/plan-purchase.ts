import type { ReceiptFacts } from "../receipts/compact";
import { effectiveTipoCambio } from "../hacienda/colones";
import { ZERO, type Amount } from "../money";
import type { DefaultAccounts } from "./default-accounts";
import { creditableShares } from "./iva-treatment";
import { lineIvaByRate, lineOtherTaxes } from "./line-taxes";
import { LINE_DESCRIPTIONS, PLAN_MESSAGES } from "./messages";
import { PlanBuilder } from "./plan-builder";
import type { PartyAccounts, PlanLine } from "./plan-types";
import type { RuleMatch } from "./rule-match";

export interface PurchaseTreatment {
  condicionImpuesto: string;
  /** For CondicionImpuesto 02: the IVA to credit, in the document's currency. */
  creditable?: Amount;
}

/**
 * A received FE, ND, TE or an FEC (and, mirrored, a received NC): Dr the rule's account per line (no
 * rule: the supplier's purchase account, else por clasificar) / Dr IVA by the CondicionImpuesto (crédito by rate, bienes de capital,
 * prorrata, or the non-creditable part to expense) / Dr otros cargos / Cr payable.
 */
export function purchaseLines(
  document: ReceiptFacts,
  accounts: DefaultAccounts,
  match: RuleMatch | null,
  treatment: PurchaseTreatment,
  party?: PartyAccounts,
): PlanLine[] | string {
  const builder = new PlanBuilder(document.moneda, effectiveTipoCambio(document.moneda, document.tipoCambio));
  const description = match
    ? match.ruleName
    : party?.purchase
      ? LINE_DESCRIPTIONS.supplierAccount
      : LINE_DESCRIPTIONS.purchases;
  const ivaByRate = new Map<string, Amount>();
  for (const line of document.lines) {
    const account =
      match?.lineAccounts?.[line.numero] ?? match?.account ?? party?.purchase ?? accounts.unclassifiedPurchases;
    // Taxes other than IVA never give credit: they are part of what the purchase cost.
    builder.add("debit", account, line.subTotal + lineOtherTaxes(line).total, description, { base: true });
    for (const [rate, amount] of lineIvaByRate(line)) ivaByRate.set(rate, (ivaByRate.get(rate) ?? ZERO) + amount);
  }

  const totalIva = [...ivaByRate.values()].reduce((sum, amount) => sum + amount, ZERO);
  switch (treatment.condicionImpuesto) {
    case "03":
      builder.add("debit", accounts.ivaCreditCapitalGoods, totalIva, LINE_DESCRIPTIONS.ivaCapitalGoods);
      break;
    case "04":
      builder.add("debit", accounts.ivaNonCreditableExpense, totalIva, LINE_DESCRIPTIONS.ivaNonCreditable);
      break;
    case "05":
      builder.add("debit", accounts.ivaProrataPending, totalIva, LINE_DESCRIPTIONS.ivaProrata);
      break;
    default: {
      const creditable =
        treatment.condicionImpuesto === "02" ? creditableShares(ivaByRate, treatment.creditable) : ivaByRate;
      for (const [rate, amount] of ivaByRate) {
        const credit = creditable.get(rate) ?? ZERO;
        if (credit > ZERO) {
          const account = accounts.ivaCreditByRate[rate];
          if (!account) return PLAN_MESSAGES.noAccountForRate("IVA crédito", rate);
          builder.add("debit", account, credit, LINE_DESCRIPTIONS.ivaCredit(rate), { tax: { code: "01", rate } });
        }
        builder.add("debit", accounts.ivaNonCreditableExpense, amount - credit, LINE_DESCRIPTIONS.ivaNonCreditable);
      }
    }
  }

  for (const charge of document.otrosCargos) {
    builder.add("debit", match?.account ?? accounts.otherCharges, charge.monto, LINE_DESCRIPTIONS.otherCharges);
  }
  const lines = builder.finish(
    {
      side: "credit",
      account: match?.payableAccount ?? accounts.payable,
      description: LINE_DESCRIPTIONS.payable,
      total: document.resumen.totalComprobante,
    },
    { account: accounts.exchangeRounding, description: LINE_DESCRIPTIONS.rounding },
  );
  return lines ?? PLAN_MESSAGES.doesNotAddUp;
}
