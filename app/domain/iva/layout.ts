/**
 * The return as lines, in the order of form 150 (D-104 by rate): sales and débito by rate, purchases
 * and crédito by rate, then the settlement. The screen, the XLSX and the PDF print these same lines;
 * `figure` names the row whose receipts a line drills into.
 */
import { monthLabel, type MonthKey } from "../calendar";
import { cents, centsToAmount, formatColones, type Cents } from "../money";
import { countLabel, plural } from "../text";
import { formatBasisPoints, type IvaReturn } from "./return";

export interface IvaReturnLine {
  section: "debito" | "credito" | "resultado";
  label: string;
  base: Cents | null;
  tax: Cents | null;
  /** Exonerated (débito) or not creditable (crédito). */
  other: Cents | null;
  /** What the line declares. */
  amount: Cents;
  bold?: boolean;
  figure?: string;
}

export const IVA_RETURN_COLUMNS = {
  debito: ["Ventas por tarifa", "Base imponible", "IVA", "Exonerado", "Débito fiscal"],
  credito: ["Compras por tarifa", "Base imponible", "IVA pagado", "No acreditable", "Crédito fiscal"],
  resultado: ["Liquidación", "", "", "", "Monto"],
} as const;

export const IVA_SECTION_TITLES = {
  debito: "Débito fiscal (comprobantes emitidos)",
  credito: "Crédito fiscal (comprobantes recibidos)",
  resultado: "Liquidación del impuesto",
} as const;

export function ivaReturnTitle(month: MonthKey): string {
  return `Declaración del IVA de ${monthLabel(month)}`;
}

export function ivaResultLabel(ivaReturn: IvaReturn): string {
  return ivaReturn.totals.creditBalance > 0n ? "Saldo a favor" : "Impuesto por pagar";
}

const add = (a: Cents, b: Cents) => cents(a + b);
const positive = (value: Cents) => (value > 0n ? value : cents(0n));
const PRIOR_LABEL = "Menos: notas de crédito de períodos anteriores";

/**
 * A box of the form is never negative: each rate shows the month's documents (and the credit notes of
 * documents of the same month), and the credit notes of earlier periods follow on their own lines, as
 * positive amounts to subtract. When they exceed the month's débito (or crédito), the total is zero and
 * the excess is carried to the result.
 */
export function ivaReturnLines(ivaReturn: IvaReturn): IvaReturnLine[] {
  const { totals } = ivaReturn;
  const lines: IvaReturnLine[] = [];
  for (const row of ivaReturn.debit)
    lines.push({
      section: "debito",
      label: row.label,
      base: add(row.base, row.prior.base),
      tax: add(row.tax, row.prior.tax),
      other: add(row.exonerated, row.prior.exonerated),
      amount: add(row.debit, row.prior.debit),
      figure: row.id,
    });
  for (const row of ivaReturn.debit.filter((candidate) => candidate.prior.debit !== 0n || candidate.prior.base !== 0n))
    lines.push({
      section: "debito",
      label: `${PRIOR_LABEL} · ${row.label}`,
      base: row.prior.base,
      tax: row.prior.tax,
      other: row.prior.exonerated,
      amount: row.prior.debit,
      figure: row.id,
    });
  lines.push({
    section: "debito",
    label: "Total débito fiscal",
    base: positive(totals.sales),
    tax: positive(cents(totals.debit + totals.exonerated)),
    other: positive(totals.exonerated),
    amount: positive(totals.debit),
    bold: true,
  });
  for (const row of ivaReturn.credit)
    lines.push({
      section: "credito",
      label: row.label,
      base: add(row.base, row.prior.base),
      tax: add(row.tax, row.prior.tax),
      other: add(row.nonCreditable, row.prior.nonCreditable),
      amount: add(row.creditable, row.prior.creditable),
      figure: row.id,
    });
  for (const row of ivaReturn.credit.filter((candidate) => candidate.prior.tax !== 0n || candidate.prior.base !== 0n))
    lines.push({
      section: "credito",
      label: `${PRIOR_LABEL} · ${row.label}`,
      base: row.prior.base,
      tax: row.prior.tax,
      other: row.prior.nonCreditable,
      amount: row.prior.creditable,
      figure: row.id,
    });
  lines.push({
    section: "credito",
    label: "Total crédito fiscal",
    base: positive(totals.purchases),
    tax: positive(totals.creditPaid),
    other: positive(totals.nonCreditable),
    amount: positive(totals.credit),
    bold: true,
  });
  const result = (label: string, amount: Cents, bold = false): IvaReturnLine => ({
    section: "resultado",
    label,
    base: null,
    tax: null,
    other: null,
    amount,
    bold,
  });
  lines.push(result("Débito fiscal del mes", positive(totals.debit)));
  lines.push(result("Menos: crédito fiscal del mes", positive(totals.credit)));
  if (totals.debit < 0n)
    lines.push(result("Menos: notas de crédito emitidas que exceden el débito del mes", cents(-totals.debit)));
  if (totals.credit < 0n)
    lines.push(result("Más: notas de crédito recibidas que exceden el crédito del mes", cents(-totals.credit)));
  lines.push(result("Menos: saldo a favor del período anterior", totals.previousCreditBalance));
  lines.push(
    result(ivaResultLabel(ivaReturn), totals.creditBalance > 0n ? totals.creditBalance : totals.payable, true),
  );
  return lines;
}

/** «1 comprobante del mes no entra en la declaración», «3 comprobantes del mes no entran…». */
export function excludedText(count: number): string {
  return `${countLabel(count, "comprobante", "comprobantes")} del mes ${plural(count, "no entra", "no entran")} en la declaración`;
}

/** «1 comprobante de la declaración sin asiento contable», «2 comprobantes de la declaración…». */
export function unbookedText(count: number): string {
  return `${countLabel(count, "comprobante", "comprobantes")} de la declaración sin asiento contable`;
}

/** Notes printed under the return: the prorrata used and what is left out. */
export function ivaReturnNotes(ivaReturn: IvaReturn): string[] {
  const notes = [
    `Prorrata provisional aplicada a la condición 05: ${formatBasisPoints(ivaReturn.prorrataBasisPoints)} %.`,
    "Montos en colones; los comprobantes en otra moneda se convierten con su tipo de cambio.",
  ];
  if (ivaReturn.excluded.length > 0) notes.push(`${excludedText(ivaReturn.excluded.length)} (ver el detalle).`);
  return notes;
}

/** "₡1 234,56", negatives with a sign. */
export function formatIvaAmount(value: bigint): string {
  return value < 0n ? `-${formatColones(centsToAmount(cents(-value)))}` : formatColones(centsToAmount(cents(value)));
}
