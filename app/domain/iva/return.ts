/**
 * The monthly IVA return from the month's receipts (Ley 9635; form 150 / D-104 by rate): débito
 * fiscal from issued receipts, crédito fiscal from received ones that count, the part that is not
 * creditable (cost or expense), and the result. Every figure keeps the receipts behind it.
 *
 * Céntimos: each receipt's amounts at one rate are added exactly in its currency, converted with its
 * TipoCambio and rounded once to céntimos (half away from zero); a figure is the sum of those.
 */
import { monthOf } from "../calendar";
import { AMOUNT_ONE, CENTIMO, cents, divideRounded, type Amount, type Cents } from "../money";
import { compareRateGroups, rateGroupLabel, rateGroupPercent, type RateGroupKey } from "./rates";
import { purchaseCreditRule } from "./credit-rule";
import type { IvaReceipt } from "./receipt";

/** One receipt's part of a figure, in céntimos, signed (a credit note subtracts). */
export interface IvaContribution {
  receiptId: string;
  kind: string;
  consecutivo: string;
  fecha: string;
  counterpart: string;
  moneda: string;
  base: Cents;
  tax: Cents;
  exonerated: Cents;
  creditable: Cents;
  nonCreditable: Cents;
  /** Why it is counted this way (condición del impuesto, sin respuesta …). */
  note: string;
  /** Received receipts: the CondicionImpuesto it counts under. */
  condition?: CreditCondition;
}

export interface IvaDebitRow {
  id: string;
  rate: RateGroupKey;
  label: string;
  percent: string;
  base: Cents;
  tax: Cents;
  exonerated: Cents;
  /** Tax − exonerated: what is declared as débito at this rate. */
  debit: Cents;
  receipts: IvaContribution[];
  /**
   * Credit notes of sales of earlier periods, as positive amounts: already inside the net figures above,
   * shown apart so that no box of the form is negative.
   */
  prior: { base: Cents; tax: Cents; exonerated: Cents; debit: Cents };
}

export interface IvaCreditRow {
  id: string;
  rate: RateGroupKey;
  label: string;
  percent: string;
  base: Cents;
  /** IVA paid (net of exoneration). */
  tax: Cents;
  creditable: Cents;
  nonCreditable: Cents;
  receipts: IvaContribution[];
  /** Credit notes received for purchases of earlier periods, as positive amounts (inside the net figures). */
  prior: { base: Cents; tax: Cents; creditable: Cents; nonCreditable: Cents };
}

export type CreditCondition = "01" | "02" | "03" | "04" | "05" | "sin-respuesta";

export interface IvaConditionRow {
  id: string;
  condition: CreditCondition;
  label: string;
  tax: Cents;
  creditable: Cents;
  nonCreditable: Cents;
  receipts: IvaContribution[];
}

export interface IvaExcludedReceipt {
  receiptId: string;
  kind: string;
  direction: "issued" | "received";
  consecutivo: string;
  fecha: string;
  counterpart: string;
  /** Tax of the receipt in colones (net of exoneration), signed. */
  tax: Cents;
  reason: string;
}

/**
 * A document with inconsistent arithmetic, left out until the accountant includes or excludes it; its
 * `tax` is what its lines would add if included.
 */
export type IvaPendingReceipt = IvaExcludedReceipt;

export interface IvaReturnOptions {
  /** Provisional prorrata in hundredths of a percent (7550 = 75,50 %), for condición 05. */
  prorrataBasisPoints: bigint;
  /** Saldo a favor carried from the previous month (≥ 0). */
  previousCreditBalance: Cents;
}

export interface IvaReturn {
  debit: IvaDebitRow[];
  credit: IvaCreditRow[];
  conditions: IvaConditionRow[];
  excluded: IvaExcludedReceipt[];
  pending: IvaPendingReceipt[];
  /** Received receipts counted without a receptor answer (Hacienda presumes acceptance). */
  unanswered: number;
  totals: {
    sales: Cents;
    debit: Cents;
    exonerated: Cents;
    purchases: Cents;
    creditPaid: Cents;
    credit: Cents;
    nonCreditable: Cents;
    previousCreditBalance: Cents;
    /** Débito − crédito − saldo anterior: positive is IVA por pagar, negative saldo a favor. */
    balance: Cents;
    payable: Cents;
    creditBalance: Cents;
  };
  prorrataBasisPoints: bigint;
}

export const CONDITION_LABELS: Record<CreditCondition, string> = {
  "01": "01 · Genera crédito IVA",
  "02": "02 · Crédito parcial (monto indicado)",
  "03": "03 · Bienes de capital",
  "04": "04 · Gasto corriente, no genera crédito",
  "05": "05 · Proporcionalidad (prorrata)",
  "sin-respuesta": "Sin respuesta del receptor (cuenta completo)",
};

const CONDITION_ORDER: CreditCondition[] = ["01", "03", "02", "05", "04", "sin-respuesta"];

/** Issued documents that make débito; NC subtracts. REP carries the IVA of a condición-10 sale when paid. */
const DEBIT_KINDS = new Set(["FE", "TE", "ND", "NC", "FEE", "REP"]);

/** CondicionVenta 10: IVA on a credit sale of up to 90 days is due when paid (art. 27 LIVA), with its REP. */
export const DEFERRED_SALE_CONDITION = "10";

export const EXCLUDED_BY_REVIEW = "Excluido por el contador: su aritmética no cuadra";

const sign = (kind: string): 1n | -1n => (kind === "NC" ? -1n : 1n);

/**
 * A credit note corrects a document of an earlier period unless it references one of its own month
 * (a note whose reference cannot be read counts as earlier: it is shown apart, never netted into a box).
 */
export function correctsEarlierPeriod(receipt: IvaReceipt): boolean {
  if (receipt.kind !== "NC") return false;
  return !(receipt.referencedMonths ?? []).includes(monthOf(new Date(receipt.fecha)));
}

export const PRIOR_PERIOD_NOTE = "Nota de crédito de un período anterior";

/** amount × TipoCambio, both exact (Amount units), rounded once to céntimos (half away from zero). */
function colonesCents(amount: Amount, receipt: IvaReceipt): Cents {
  return cents(divideRounded(amount * receipt.tipoCambio, AMOUNT_ONE * CENTIMO));
}

function sumCents(values: Cents[]): Cents {
  return cents(values.reduce((total, value) => total + value, 0n));
}

function contribution(receipt: IvaReceipt, fields: Partial<IvaContribution>): IvaContribution {
  return {
    receiptId: receipt.id,
    kind: receipt.kind,
    consecutivo: receipt.consecutivo,
    fecha: receipt.fecha,
    counterpart: receipt.counterpart,
    moneda: receipt.moneda,
    base: cents(0n),
    tax: cents(0n),
    exonerated: cents(0n),
    creditable: cents(0n),
    nonCreditable: cents(0n),
    note: "",
    ...fields,
  };
}

function receiptTaxCents(receipt: IvaReceipt): Cents {
  let total = 0n;
  for (const amounts of Object.values(receipt.byRate))
    total += colonesCents(amounts.tax, receipt) - colonesCents(amounts.exonerated, receipt);
  return cents(total * sign(receipt.kind));
}

function exclusionReason(receipt: IvaReceipt): string | null {
  if (receipt.haciendaEstado === "rechazado") return "Rechazado por Hacienda";
  if (receipt.direction === "issued") {
    if (!DEBIT_KINDS.has(receipt.kind)) return "Este tipo de comprobante no genera débito fiscal";
    if (receipt.kind !== "REP" && receipt.condicionVenta === DEFERRED_SALE_CONDITION)
      return "Venta a crédito hasta 90 días (condición 10): el IVA se declara con el recibo de pago";
    return null;
  }
  if (receipt.answer?.mensaje === 3) return "Rechazado por el receptor";
  const rule = purchaseCreditRule(receipt.kind);
  if (!rule.gives) return rule.reason;
  if (receipt.kind !== "REP" && receipt.condicionVenta === DEFERRED_SALE_CONDITION)
    return "Compra a crédito hasta 90 días (condición 10): el crédito se toma con el recibo de pago";
  return null;
}

function conditionOf(receipt: IvaReceipt): CreditCondition {
  const condition = receipt.answer?.condicionImpuesto;
  if (!receipt.answer) return "sin-respuesta";
  if (condition === "02" || condition === "03" || condition === "04" || condition === "05") return condition;
  return "01";
}

/**
 * The creditable part of each rate's IVA for one receipt, unsigned. 02 spreads the stated amount over
 * the rates in proportion to their IVA (the last rate takes the rounding), capped at the IVA paid.
 */
function creditableByRate(
  receipt: IvaReceipt,
  paid: Array<{ rate: RateGroupKey; tax: Cents }>,
  condition: CreditCondition,
  prorrata: bigint,
): Cents[] {
  switch (condition) {
    case "04":
      return paid.map(() => cents(0n));
    case "05":
      return paid.map(({ tax }) => cents(divideRounded(tax * prorrata, 10_000n)));
    case "02": {
      const total = sumCents(paid.map(({ tax }) => tax));
      const stated = receipt.answer?.montoAcreditar;
      if (stated === undefined || total <= 0n) return paid.map(({ tax }) => tax);
      let amount: bigint = colonesCents(stated, receipt);
      if (amount > total) amount = total;
      if (amount < 0n) amount = 0n;
      let left = amount;
      return paid.map(({ tax }, index) => {
        const share = index === paid.length - 1 ? left : (amount * tax) / total;
        left -= share;
        return cents(share);
      });
    }
    default:
      return paid.map(({ tax }) => tax);
  }
}

function conditionNote(condition: CreditCondition, prorrata: bigint): string {
  if (condition === "05") return `${CONDITION_LABELS[condition]}: ${formatBasisPoints(prorrata)} %`;
  return CONDITION_LABELS[condition];
}

/** 7550 → "75,50". */
export function formatBasisPoints(value: bigint): string {
  const whole = value / 100n;
  const fraction = (value % 100n).toString().padStart(2, "0");
  return `${whole},${fraction}`;
}

export function computeIvaReturn(receipts: IvaReceipt[], options: IvaReturnOptions): IvaReturn {
  const debit = new Map<RateGroupKey, IvaDebitRow>();
  const credit = new Map<RateGroupKey, IvaCreditRow>();
  const conditions = new Map<CreditCondition, IvaConditionRow>();
  const excluded: IvaExcludedReceipt[] = [];
  const prorrata = options.prorrataBasisPoints;

  const pending: IvaPendingReceipt[] = [];
  let unanswered = 0;
  for (const receipt of receipts) {
    const warnings = receipt.arithmeticWarnings ?? [];
    if (warnings.length > 0 && receipt.review === undefined && exclusionReason(receipt) === null) {
      pending.push({
        receiptId: receipt.id,
        kind: receipt.kind,
        direction: receipt.direction,
        consecutivo: receipt.consecutivo,
        fecha: receipt.fecha,
        counterpart: receipt.counterpart,
        tax: receiptTaxCents(receipt),
        reason: warnings.join(" "),
      });
      continue;
    }
    const reason = receipt.review === "exclude" ? EXCLUDED_BY_REVIEW : exclusionReason(receipt);
    if (reason) {
      excluded.push({
        receiptId: receipt.id,
        kind: receipt.kind,
        direction: receipt.direction,
        consecutivo: receipt.consecutivo,
        fecha: receipt.fecha,
        counterpart: receipt.counterpart,
        tax: receiptTaxCents(receipt),
        reason,
      });
      continue;
    }
    const s = sign(receipt.kind);
    const rates = Object.keys(receipt.byRate).sort(compareRateGroups);
    if (receipt.direction === "issued") {
      for (const rate of rates) {
        const amounts = receipt.byRate[rate];
        const base = cents(colonesCents(amounts.base, receipt) * s);
        const tax = cents(colonesCents(amounts.tax, receipt) * s);
        const exonerated = cents(colonesCents(amounts.exonerated, receipt) * s);
        const row = debit.get(rate) ?? emptyDebitRow(rate);
        row.base = cents(row.base + base);
        row.tax = cents(row.tax + tax);
        row.exonerated = cents(row.exonerated + exonerated);
        row.debit = cents(row.tax - row.exonerated);
        const prior = correctsEarlierPeriod(receipt);
        if (prior)
          row.prior = {
            base: cents(row.prior.base - base),
            tax: cents(row.prior.tax - tax),
            exonerated: cents(row.prior.exonerated - exonerated),
            debit: cents(row.prior.debit - (tax - exonerated)),
          };
        row.receipts.push(
          contribution(receipt, { base, tax, exonerated, ...(prior ? { note: PRIOR_PERIOD_NOTE } : {}) }),
        );
        debit.set(rate, row);
      }
      continue;
    }
    const condition = conditionOf(receipt);
    if (condition === "sin-respuesta") unanswered += 1;
    const paid = rates.map((rate) => ({
      rate,
      base: colonesCents(receipt.byRate[rate].base, receipt),
      tax: cents(
        colonesCents(receipt.byRate[rate].tax, receipt) - colonesCents(receipt.byRate[rate].exonerated, receipt),
      ),
    }));
    const creditable = creditableByRate(receipt, paid, condition, prorrata);
    const note = conditionNote(condition, prorrata);
    const byCondition = conditions.get(condition) ?? emptyConditionRow(condition);
    paid.forEach(({ rate, base, tax }, index) => {
      const part = {
        base: cents(base * s),
        tax: cents(tax * s),
        creditable: cents(creditable[index] * s),
        nonCreditable: cents((tax - creditable[index]) * s),
      };
      const row = credit.get(rate) ?? emptyCreditRow(rate);
      row.base = cents(row.base + part.base);
      row.tax = cents(row.tax + part.tax);
      row.creditable = cents(row.creditable + part.creditable);
      row.nonCreditable = cents(row.nonCreditable + part.nonCreditable);
      if (correctsEarlierPeriod(receipt))
        row.prior = {
          base: cents(row.prior.base - part.base),
          tax: cents(row.prior.tax - part.tax),
          creditable: cents(row.prior.creditable - part.creditable),
          nonCreditable: cents(row.prior.nonCreditable - part.nonCreditable),
        };
      row.receipts.push(contribution(receipt, { ...part, note, condition }));
      credit.set(rate, row);
    });
    const receiptPart = {
      base: sumCents(paid.map(({ base }) => cents(base * s))),
      tax: sumCents(paid.map(({ tax }) => cents(tax * s))),
      creditable: sumCents(creditable.map((value) => cents(value * s))),
    };
    const nonCreditable = cents(receiptPart.tax - receiptPart.creditable);
    byCondition.tax = cents(byCondition.tax + receiptPart.tax);
    byCondition.creditable = cents(byCondition.creditable + receiptPart.creditable);
    byCondition.nonCreditable = cents(byCondition.nonCreditable + nonCreditable);
    byCondition.receipts.push(contribution(receipt, { ...receiptPart, nonCreditable, note, condition }));
    conditions.set(condition, byCondition);
  }

  const debitRows = [...debit.values()].sort((a, b) => compareRateGroups(a.rate, b.rate));
  const creditRows = [...credit.values()].sort((a, b) => compareRateGroups(a.rate, b.rate));
  const conditionRows = CONDITION_ORDER.flatMap((condition) => conditions.get(condition) ?? []);
  const totalDebit = sumCents(debitRows.map((row) => row.debit));
  const totalCredit = sumCents(creditRows.map((row) => row.creditable));
  const previous = options.previousCreditBalance > 0n ? options.previousCreditBalance : cents(0n);
  const balance = cents(totalDebit - totalCredit - previous);
  return {
    debit: debitRows,
    credit: creditRows,
    conditions: conditionRows,
    excluded,
    pending,
    unanswered,
    totals: {
      sales: sumCents(debitRows.map((row) => row.base)),
      debit: totalDebit,
      exonerated: sumCents(debitRows.map((row) => row.exonerated)),
      purchases: sumCents(creditRows.map((row) => row.base)),
      creditPaid: sumCents(creditRows.map((row) => row.tax)),
      credit: totalCredit,
      nonCreditable: sumCents(creditRows.map((row) => row.nonCreditable)),
      previousCreditBalance: previous,
      balance,
      payable: balance > 0n ? balance : cents(0n),
      creditBalance: balance < 0n ? cents(-balance) : cents(0n),
    },
    prorrataBasisPoints: prorrata,
  };
}

function emptyDebitRow(rate: RateGroupKey): IvaDebitRow {
  const zero = cents(0n);
  return {
    id: `debito-${rate}`,
    rate,
    label: rateGroupLabel(rate),
    percent: rateGroupPercent(rate),
    base: zero,
    tax: zero,
    exonerated: zero,
    debit: zero,
    receipts: [],
    prior: { base: zero, tax: zero, exonerated: zero, debit: zero },
  };
}

function emptyCreditRow(rate: RateGroupKey): IvaCreditRow {
  const zero = cents(0n);
  return {
    id: `credito-${rate}`,
    rate,
    label: rateGroupLabel(rate),
    percent: rateGroupPercent(rate),
    base: zero,
    tax: zero,
    creditable: zero,
    nonCreditable: zero,
    receipts: [],
    prior: { base: zero, tax: zero, creditable: zero, nonCreditable: zero },
  };
}

function emptyConditionRow(condition: CreditCondition): IvaConditionRow {
  const zero = cents(0n);
  return {
    id: `condicion-${condition}`,
    condition,
    label: CONDITION_LABELS[condition],
    tax: zero,
    creditable: zero,
    nonCreditable: zero,
    receipts: [],
  };
}
