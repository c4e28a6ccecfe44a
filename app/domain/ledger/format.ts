import { formatDecimal } from "../money";

/** "1234.56": the plain decimal text of a count of céntimos (what exports and journals write). */
export function centimosText(value: bigint): string {
  return formatDecimal(value, 2);
}
