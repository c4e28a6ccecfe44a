import { scaleAmount, ZERO, type Amount } from "../money";
import type { IvaTreatment, RuleMatch } from "./rule-match";
import type { ReceptorAnswerInput } from "./plan-types";

const CONDICION_BY_TREATMENT: Record<IvaTreatment, string> = {
  acreditable: "01",
  "no-acreditable": "04",
  proporcional: "05",
};

/**
 * The CondicionImpuesto a received receipt's IVA is booked under: the receptor's answer when it states
 * one, else the one the rule's automatic answer will state, else the rule's IVA treatment, else "01"
 * (no answer is an acceptance, as Hacienda presumes, and its IVA is creditable).
 */
export function condicionImpuestoOf(answer: ReceptorAnswerInput | undefined, match: RuleMatch | null): string {
  return (
    answer?.condicionImpuesto ??
    match?.autoAnswer?.condicionImpuesto ??
    (match ? CONDICION_BY_TREATMENT[match.ivaTreatment] : undefined) ??
    "01"
  );
}

/**
 * The creditable part of each rate's IVA for a partial credit (CondicionImpuesto 02): the answer's
 * MontoTotalImpuestoAcreditar shared among the rates in proportion to their IVA, the last rate taking
 * what the shares' rounding leaves. Without an amount the whole IVA is creditable.
 */
export function creditableShares(
  ivaByRate: ReadonlyMap<string, Amount>,
  creditable: Amount | undefined,
): Map<string, Amount> {
  const total = [...ivaByRate.values()].reduce((sum, amount) => sum + amount, ZERO);
  if (creditable === undefined || creditable >= total) return new Map(ivaByRate);
  const shares = new Map<string, Amount>();
  if (creditable <= ZERO || total === ZERO) {
    for (const rate of ivaByRate.keys()) shares.set(rate, ZERO);
    return shares;
  }
  const rates = [...ivaByRate.keys()];
  let left = creditable;
  rates.forEach((rate, index) => {
    const share = index === rates.length - 1 ? left : scaleAmount(ivaByRate.get(rate)!, creditable, total);
    shares.set(rate, share);
    left -= share;
  });
  return shares;
}
