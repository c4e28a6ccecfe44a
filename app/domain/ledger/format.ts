import { cents, centsToAmount, formatColones, formatDecimal } from "../money";
import type { Centimos } from "./types";

/** "1234.56": the plain decimal text of céntimos (what exports and journals write). */
export function centimosText(value: Centimos): string {
  return formatDecimal(value, 2);
}

/** "₡1 234,56", the money display the rest of the app uses. */
export function formatColonesCentimos(value: Centimos): string {
  return formatColones(centsToAmount(cents(value)));
}
