/** The books' amounts (whole céntimos) as the entries screens and files write them. */
import { cents, centsToAmount, formatColones, formatDecimal } from "../money";

/** "₡1 234,56" (es-CR), exact. */
export function colones(centimos: bigint): string {
  return formatColones(centsToAmount(cents(centimos)));
}

/** "-1234.56": the plain decimal the CSV writes and the XLSX cell is made from. */
export function plainDecimal(centimos: bigint): string {
  return formatDecimal(centimos, 2);
}
