/**
 * What the IVA return reads of one receipt: its identity, how it counts, the receptor's answer and
 * the IVA of its lines grouped by rate, exact in the document's currency (Amount units).
 */
import { parseClave } from "../hacienda/clave";
import { IVA_TAX_CODES } from "../hacienda/codes";
import { effectiveTipoCambio } from "../hacienda/colones";
import type { ReceiptFacts } from "../receipts/compact";
import type { Amount } from "../money";
import { NO_IVA_GROUP, rateCodeOf, type RateGroupKey } from "./rates";

export interface IvaRateAmounts {
  /** Taxable base (BaseImponible, else SubTotal) of the lines at this rate. */
  base: Amount;
  /** Impuesto/Monto: the tax at the rate, before exoneration. */
  tax: Amount;
  /** Exoneracion/MontoExoneracion: the part of the tax the buyer does not pay. */
  exonerated: Amount;
}

export interface IvaReceiptAnswer {
  /** MensajeReceptor: 1 accepted, 2 partly accepted, 3 rejected. */
  mensaje: 1 | 2 | 3;
  condicionImpuesto?: string;
  /** MontoTotalImpuestoAcreditar, in the document's currency. */
  montoAcreditar?: Amount;
}

export interface IvaReceipt {
  id: string;
  /** Hacienda's clave (50 digits): what a declaration records as its set of documents. */
  clave?: string;
  kind: string;
  direction: "issued" | "received";
  consecutivo: string;
  /** ISO date-time of issue. */
  fecha: string;
  counterpart: string;
  condicionVenta?: string;
  moneda: string;
  /** Colones per unit of the document's currency (1 for CRC), exact. */
  tipoCambio: Amount;
  haciendaEstado?: string;
  answer?: IvaReceiptAnswer;
  byRate: Record<RateGroupKey, IvaRateAmounts>;
  /** Months (AAAA-MM) of the documents a credit note references, read from their claves. */
  referencedMonths?: string[];
  /** The import's arithmetic warnings: lines and totals disagree (docs/domain/iva-credito-fiscal.md). */
  arithmeticWarnings?: string[];
  /** The accountant's decision on a document with inconsistent arithmetic. */
  review?: "include" | "exclude";
}

function add(target: Record<RateGroupKey, IvaRateAmounts>, key: RateGroupKey, amounts: IvaRateAmounts) {
  const current = target[key] ?? { base: 0n, tax: 0n, exonerated: 0n };
  target[key] = {
    base: current.base + amounts.base,
    tax: current.tax + amounts.tax,
    exonerated: current.exonerated + amounts.exonerated,
  };
}

/** The lines' IVA by rate (IVA codes 01, 07 and 08; other taxes are not IVA); a line without IVA is "no sujeto". */
export function ivaByRate(document: Pick<ReceiptFacts, "lines">): Record<RateGroupKey, IvaRateAmounts> {
  const byRate: Record<RateGroupKey, IvaRateAmounts> = {};
  for (const line of document.lines) {
    const base = line.baseImponible ?? line.subTotal;
    const ivaTaxes = line.impuestos.filter((impuesto) => IVA_TAX_CODES.has(impuesto.codigo));
    if (ivaTaxes.length === 0) {
      add(byRate, NO_IVA_GROUP, { base: line.subTotal, tax: 0n, exonerated: 0n });
      continue;
    }
    ivaTaxes.forEach((impuesto, index) => {
      add(byRate, rateCodeOf(impuesto.codigoTarifa, impuesto.tarifa), {
        // A line taxed twice (rare) counts its base once.
        base: index === 0 ? base : 0n,
        tax: impuesto.monto,
        exonerated: impuesto.exoneracion?.monto ?? 0n,
      });
    });
  }
  return byRate;
}

export interface StoredReceiptFacts {
  id: string;
  direction: "issued" | "received";
  counterpart: string;
  haciendaEstado?: string;
  answer?: IvaReceiptAnswer;
}

/** The Costa Rica months of the referenced documents whose reference is a clave (its digits 4–9 are ddmmaa). */
export function referencedMonthsOf(document: Pick<ReceiptFacts, "informacionReferencia">): string[] {
  const months = new Set<string>();
  for (const reference of document.informacionReferencia) {
    const parts = reference.numero ? parseClave(reference.numero) : null;
    if (parts) months.add(`20${parts.anio}-${parts.mes}`);
  }
  return [...months];
}

/** The IVA view of a parsed receipt plus what the app stored about it (Hacienda's and the receptor's answers). */
export function ivaReceiptOf(document: ReceiptFacts, stored: StoredReceiptFacts): IvaReceipt {
  return {
    id: stored.id,
    kind: document.kind,
    direction: stored.direction,
    consecutivo: document.consecutivo,
    fecha: document.fechaEmision,
    counterpart: stored.counterpart,
    condicionVenta: document.condicionVenta,
    moneda: document.moneda,
    tipoCambio: effectiveTipoCambio(document.moneda, document.tipoCambio),
    haciendaEstado: stored.haciendaEstado,
    answer: stored.answer,
    byRate: ivaByRate(document),
    referencedMonths: referencedMonthsOf(document),
  };
}
