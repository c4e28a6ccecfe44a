import { cents, centsToAmount, formatColones, formatDecimal } from "../money";

/** "1234.56": the plain decimal text of a count of céntimos (what exports and journals write). */
export function centimosText(value: bigint): string {
  return formatDecimal(value, 2);
}

/**
 * @deprecated Use the app's one colones display: `formatColones(centsToAmount(value))`. Kept only for
 * screens written before the books moved onto `Cents`.
 */
export function formatColonesCentimos(value: bigint): string {
  return formatColones(centsToAmount(cents(value)));
}
