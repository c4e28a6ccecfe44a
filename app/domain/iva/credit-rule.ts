/**
 * The one rule deciding whether a purchase document gives crédito fiscal (docs/domain/iva-credito-fiscal.md).
 * The IVA return and receipt booking both ask it, so the crédito declared and the crédito booked
 * come from the same answer.
 */

export type CreditRuleOutcome = { gives: true } | { gives: false; reason: string };

export const NO_CREDIT_REASONS = {
  TE: "Tiquete electrónico: no identifica al comprador, no da crédito fiscal",
  FEC: "Factura electrónica de compra: la emite el propio comprador, no da crédito fiscal",
  FEE: "Factura de exportación: no da crédito fiscal a quien la recibe",
  other: "Este tipo de comprobante no genera crédito fiscal",
} as const;

/** Documents whose IVA a supplier charged to this buyer, named as receptor (REP: the paid part of a condición-10 purchase). */
const CREDIT_KINDS = new Set(["FE", "ND", "NC", "REP"]);

/**
 * Whether the IVA of a purchase document (received, or the buyer's own FEC) gives crédito fiscal. A
 * credit note follows the rule of its own kind: it subtracts from the crédito.
 */
export function purchaseCreditRule(kind: string): CreditRuleOutcome {
  if (CREDIT_KINDS.has(kind)) return { gives: true };
  if (kind === "TE" || kind === "FEC" || kind === "FEE") return { gives: false, reason: NO_CREDIT_REASONS[kind] };
  return { gives: false, reason: NO_CREDIT_REASONS.other };
}
