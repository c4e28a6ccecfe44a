import { cents, divideRounded, type Cents } from "../money";

/** The three pagos parciales of the next fiscal year (art. 22 LISR; Hacienda's «cálculo de los pagos parciales»). */
export interface Prepayments {
  /** The greater of the year's tax and the average of the last three years. */
  base: Cents;
  /** The average of the years known among the last three (this one included); null when none is. */
  average: Cents | null;
  /** Which figure was the greater: the year's own tax or the average. */
  basis: "year" | "average";
  /** 25 % of the base each, due the last business day of June, September and December of the next year. */
  instalments: { month: 6 | 9 | 12; amount: Cents }[];
}

/**
 * Each of the three pagos parciales is 25 % of the greater of the year's tax and the average tax of
 * the last three years; years before the organization was in the books do not count in the average.
 */
export function nextYearPrepayments(yearTax: Cents, lastThreeYears: readonly (Cents | null)[]): Prepayments {
  const known = lastThreeYears.filter((tax): tax is Cents => tax !== null);
  const average =
    known.length > 0
      ? cents(
          divideRounded(
            known.reduce((a, b) => a + b, 0n),
            BigInt(known.length),
          ),
        )
      : null;
  const ownTax = yearTax < 0n ? cents(0n) : yearTax;
  const basis = average !== null && average > ownTax ? "average" : "year";
  const base = basis === "average" && average !== null ? average : ownTax;
  const each = cents(divideRounded(base * 25n, 100n));
  return {
    base,
    average,
    basis,
    instalments: [6, 9, 12].map((month) => ({ month: month as 6 | 9 | 12, amount: each })),
  };
}
