/**
 * Where a receipt's colones become céntimos (decision 105): once per receipt, here, and every list,
 * total, export and booking reads these céntimos. A month's totals are sums of them, so the totals
 * row equals the rows shown.
 */
import { amountToCents, cents, CENTIMO, type Amount, type Cents } from "../money";
import { countsInTotals, type ReceiptEffect } from "./effect";

/** The summary amounts a receipt stores, in its currency or in colones. */
export interface ReceiptSummaryAmounts {
  totalVentaNeta: Amount;
  totalImpuesto: Amount;
  totalOtrosCargos?: Amount;
  totalIVADevuelto?: Amount;
  totalComprobante: Amount;
}

/** A receipt's colones in céntimos, unsigned (as the document states them). */
export interface ReceiptCentimos {
  subtotal: Cents;
  iva: Cents;
  otrosCargos: Cents;
  ivaDevuelto: Cents;
  total: Cents;
}

/** Decision 002's tolerance for one computed value: a document within it "adds up". */
const TOLERANCE: Amount = CENTIMO;

function addsUp(amounts: ReceiptSummaryAmounts): boolean {
  const computed =
    amounts.totalVentaNeta +
    amounts.totalImpuesto +
    (amounts.totalOtrosCargos ?? 0n) -
    (amounts.totalIVADevuelto ?? 0n);
  const difference = computed - amounts.totalComprobante;
  return difference <= TOLERANCE && difference >= -TOLERANCE;
}

/**
 * The receipt's colones rounded to céntimos (half away from zero): the total, IVA, otros cargos and
 * IVA devuelto each from its own exact amount. When the document adds up (in its own currency, within
 * one céntimo), the subtotal is what the total leaves after IVA and otros cargos, so
 * subtotal + IVA + otros cargos − IVA devuelto = total holds in céntimos too (the subtotal moves by at
 * most a few céntimos from its own rounding; the total and the IVA never do). A document that does
 * not add up keeps its own subtotal: its row carries the arithmetic warning that explains it.
 */
export function receiptCentimos(receipt: {
  totals: ReceiptSummaryAmounts;
  colones: ReceiptSummaryAmounts;
}): ReceiptCentimos {
  const colones = receipt.colones;
  const total = amountToCents(colones.totalComprobante);
  const iva = amountToCents(colones.totalImpuesto);
  const otrosCargos = amountToCents(colones.totalOtrosCargos ?? 0n);
  const ivaDevuelto = amountToCents(colones.totalIVADevuelto ?? 0n);
  const subtotal = addsUp(receipt.totals)
    ? cents(total - iva - otrosCargos + ivaDevuelto)
    : amountToCents(colones.totalVentaNeta);
  return { subtotal, iva, otrosCargos, ivaDevuelto, total };
}

/** The céntimos as the receipt's row shows them: negative for a credit note. */
export function signedCentimos(receipt: {
  totals: ReceiptSummaryAmounts;
  colones: ReceiptSummaryAmounts;
  effect: ReceiptEffect;
}): ReceiptCentimos {
  const value = receiptCentimos(receipt);
  if (receipt.effect >= 0) return value;
  return {
    subtotal: cents(-value.subtotal),
    iva: cents(-value.iva),
    otrosCargos: cents(-value.otrosCargos),
    ivaDevuelto: cents(-value.ivaDevuelto),
    total: cents(-value.total),
  };
}

export interface CentimosTotals extends ReceiptCentimos {
  /** Receipts that count (credit notes subtract; payment receipts and Hacienda's rejections do not count). */
  counted: number;
}

export function emptyTotals(): CentimosTotals {
  return {
    counted: 0,
    subtotal: cents(0n),
    iva: cents(0n),
    otrosCargos: cents(0n),
    ivaDevuelto: cents(0n),
    total: cents(0n),
  };
}

/** Adds one receipt to a month's totals, exactly as its row shows it, if it counts. */
export function addToTotals(
  totals: CentimosTotals,
  receipt: {
    totals: ReceiptSummaryAmounts;
    colones: ReceiptSummaryAmounts;
    effect: ReceiptEffect;
    hacienda?: { estado?: string };
  },
): CentimosTotals {
  if (!countsInTotals({ effect: receipt.effect, haciendaEstado: receipt.hacienda?.estado })) return totals;
  const row = signedCentimos(receipt);
  return {
    counted: totals.counted + 1,
    subtotal: cents(totals.subtotal + row.subtotal),
    iva: cents(totals.iva + row.iva),
    otrosCargos: cents(totals.otrosCargos + row.otrosCargos),
    ivaDevuelto: cents(totals.ivaDevuelto + row.ivaDevuelto),
    total: cents(totals.total + row.total),
  };
}
