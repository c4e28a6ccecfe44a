/** The books' amounts (whole céntimos) as the entries screens and files write them. */
import { formatRate } from "../exchange-rates/rate";
import { cents, centsToAmount, formatColones, formatDecimal, formatMoney, type Amount } from "../money";

/** "₡1 234,56" (es-CR), exact. */
export function colones(centimos: bigint): string {
  return formatColones(centsToAmount(cents(centimos)));
}

/** "-1234.56": the plain decimal the CSV writes and the XLSX cell is made from. */
export function plainDecimal(centimos: bigint): string {
  return formatDecimal(centimos, 2);
}

/** A dollar balance or amount as the screens write it, signed ("USD 1 234,56", "-USD 800,00"). */
export function dollars(amount: Amount): string {
  return formatMoney(amount, "USD");
}

/** A line's dollars and their rate («USD 1 000,00 × ₡510,00»); a line without a rate shows its dollars only. */
export function dollarLine(amount: Amount, rate: Amount | undefined): string {
  const positive = amount < 0n ? -amount : amount;
  return rate === undefined ? dollars(positive) : `${dollars(positive)} × ${formatRate(rate)}`;
}
