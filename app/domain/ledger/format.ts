import { formatDecimal } from "../money";
import type { Centimos } from "./types";

/** "1234.56": the plain decimal text of céntimos (what exports and journals write). */
export function centimosText(value: Centimos): string {
  return formatDecimal(value, 2);
}

const colones = new Intl.NumberFormat("es-CR", { style: "currency", currency: "CRC", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "₡1 234,56", formatted from the exact decimal text so no binary float touches the amount. */
export function formatColonesCentimos(value: Centimos): string {
  // Intl formats a decimal string exactly; the cast is for TypeScript's older lib signature.
  return colones.format(centimosText(value) as unknown as number);
}
