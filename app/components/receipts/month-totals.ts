import { countLabel } from "~/domain/text";

/** "Totales del mes (1 comprobante)" */
export function totalsHeading(counted: number): string {
  return `Totales del mes (${countLabel(counted, "comprobante", "comprobantes")})`;
}

/** Shown instead of a total that the month's totals leave out. */
export const NOT_COUNTED_NOTE = "no suma";
