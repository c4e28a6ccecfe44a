/**
 * Which CondicionVenta each document the app issues may carry: the enumeration of its own v4.4 schema
 * (packages/hacienda-xsd/schemas/v4.4; a test reads the schemas and compares). The FE and the TE do
 * not accept 09 and 11 (payments of credit sales, only notes and the recibo carry them), and the TE
 * not 12 either. «Otros» (99) needs a CondicionVentaOtros text the form has no field for, so it is not
 * offered.
 */
import { CONDICION_VENTA_LABELS } from "../hacienda/codes";
import type { InvoiceKind } from "./types";

export const CONDICION_VENTA_BY_SCHEMA: Readonly<Record<InvoiceKind, readonly string[]>> = {
  FE: ["01", "02", "03", "04", "05", "06", "07", "08", "10", "12", "13", "14", "15", "99"],
  TE: ["01", "02", "03", "04", "05", "06", "07", "08", "10", "13", "14", "15", "99"],
  NC: ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "99"],
  ND: ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "99"],
};

const NOT_OFFERED: ReadonlySet<string> = new Set(["99"]);

/** The codes the form offers for a document kind (FE when the kind is not one the app issues). */
export function condicionesVentaFor(kind: string): string[] {
  const accepted = CONDICION_VENTA_BY_SCHEMA[kind as InvoiceKind] ?? CONDICION_VENTA_BY_SCHEMA.FE;
  return accepted.filter((code) => !NOT_OFFERED.has(code) && CONDICION_VENTA_LABELS[code] !== undefined);
}

export function condicionVentaAllowed(kind: string, code: string): boolean {
  return condicionesVentaFor(kind).includes(code);
}
