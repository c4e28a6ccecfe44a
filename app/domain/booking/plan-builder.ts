import { amountToCents, cents, CENTIMO, convertToColones, ZERO, type Amount, type Cents } from "../money";
import type { PlanLine } from "./plan-types";

export type Side = "debit" | "credit";

interface Bucket {
  side: Side;
  account: string;
  description: string;
  taxCode?: string;
  taxRate?: string;
  amount: Amount;
  /** A sales or expense amount (not a tax): may take the céntimos rounding leaves. */
  base: boolean;
}

export interface Counterpart {
  side: Side;
  account: string;
  description: string;
  /** TotalComprobante, in the document's currency. */
  total: Amount;
}

/** The lines of a plan, added up in the document's currency and converted to céntimos once per account. */
export class PlanBuilder {
  private readonly buckets = new Map<string, Bucket>();
  private parts = 0;

  constructor(
    private readonly currency: string,
    private readonly tipoCambio: Amount,
  ) {}

  add(
    side: Side,
    account: string,
    amount: Amount,
    description: string,
    options: { tax?: { code: string; rate: string }; base?: boolean } = {},
  ): void {
    this.parts++;
    if (amount === ZERO) return;
    const { tax, base = false } = options;
    const key = [side, account, description, tax?.code ?? "", tax?.rate ?? "", base].join("|");
    const bucket = this.buckets.get(key);
    if (bucket) bucket.amount += amount;
    else
      this.buckets.set(key, {
        side,
        account,
        description,
        amount,
        base,
        ...(tax ? { taxCode: tax.code, taxRate: tax.rate } : {}),
      });
  }

  private toCents(amount: Amount): Cents {
    return amountToCents(this.currency === "CRC" ? amount : convertToColones(amount, this.tipoCambio));
  }

  private line(side: Side, account: string, description: string, amount: Amount, value: Cents): PlanLine {
    const zero = cents(0n);
    return {
      account,
      description,
      debit: side === "debit" ? value : zero,
      credit: side === "credit" ? value : zero,
      ...(this.currency === "CRC" ? {} : { currency: this.currency, foreignAmount: amount, rate: this.tipoCambio }),
    };
  }

  /**
   * The balanced lines: the buckets, the counterpart for the document's total, and the céntimos that
   * conversion and rounding leave (decision 131). Null when the document's own amounts do not add up
   * to its total (beyond one céntimo per amount).
   */
  finish(counterpart: Counterpart, rounding: { account: string; description: string }): PlanLine[] | null {
    const buckets = [...this.buckets.values()];
    const signed = (bucket: Bucket) => (bucket.side === counterpart.side ? -bucket.amount : bucket.amount);
    const documentDifference = buckets.reduce((sum, bucket) => sum + signed(bucket), ZERO) - counterpart.total;
    const tolerance = CENTIMO * BigInt(this.parts + 1);
    if (documentDifference > tolerance || documentDifference < -tolerance) return null;

    const lines = buckets.map((bucket) => {
      const line = this.line(
        bucket.side,
        bucket.account,
        bucket.description,
        bucket.amount,
        this.toCents(bucket.amount),
      );
      return { ...line, ...(bucket.taxCode ? { taxCode: bucket.taxCode, taxRate: bucket.taxRate } : {}) };
    });
    const total = this.toCents(counterpart.total);
    lines.push(this.line(counterpart.side, counterpart.account, counterpart.description, counterpart.total, total));

    const debit = lines.reduce((sum, line) => sum + line.debit, 0n);
    const credit = lines.reduce((sum, line) => sum + line.credit, 0n);
    const difference = debit - credit;
    if (difference !== 0n) {
      const bases = buckets.flatMap((bucket, index) => (bucket.base ? [lines[index]] : []));
      if (this.currency === "CRC" && absorb(bases, counterpart.side, difference)) return withoutZeros(lines);
      const value = cents(difference < 0n ? -difference : difference);
      lines.push(this.line(difference < 0n ? "debit" : "credit", rounding.account, rounding.description, ZERO, value));
      const last = lines[lines.length - 1];
      delete last.currency;
      delete last.foreignAmount;
      delete last.rate;
    }
    return withoutZeros(lines);
  }
}

/**
 * Colones receipts: the céntimos that rounding each account leaves go to the largest sales or expense
 * line, as the month's list puts them in the subtotal (decision 105): the total and the IVA never move
 * and the entry needs no rounding line.
 */
function absorb(bases: PlanLine[], counterpartSide: Side, difference: bigint): boolean {
  const mainSide: Side = counterpartSide === "debit" ? "credit" : "debit";
  let largest: PlanLine | undefined;
  for (const line of bases) {
    if (line[mainSide] > (largest?.[mainSide] ?? 0n)) largest = line;
  }
  if (!largest) return false;
  // More debit than credit: a debit line shrinks, or a credit line grows.
  const change = mainSide === "debit" ? -difference : difference;
  const next = largest[mainSide] + change;
  if (next <= 0n) return false;
  largest[mainSide] = cents(next);
  return true;
}

function withoutZeros(lines: PlanLine[]): PlanLine[] {
  return lines.filter((line) => line.debit !== 0n || line.credit !== 0n);
}
