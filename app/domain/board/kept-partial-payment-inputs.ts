import type { PartialPaymentInputs, PreviousTax } from "../income-tax/partial-payments";
import { cents } from "../money";

/**
 * A client's pago-parcial inputs as the board keeps them in the database (decision 312): amounts as
 * decimal text (a document carries no bigint). Reading them back checks every field, so a record of
 * another shape (written by an older version) reads as missing and is recomputed, never misread.
 */
export interface KeptPreviousTax {
  year: number;
  tax: string | null;
  noTable?: boolean;
}

export interface KeptPartialPaymentInputs {
  previous: [KeptPreviousTax, KeptPreviousTax, KeptPreviousTax];
  paidInYear: string;
}

const INTEGER = /^-?\d{1,30}$/;

function keptTax(previous: PreviousTax): KeptPreviousTax {
  return {
    year: previous.year,
    tax: previous.tax === null ? null : String(previous.tax),
    ...(previous.noTable ? { noTable: true } : {}),
  };
}

export function keepInputs(inputs: PartialPaymentInputs): KeptPartialPaymentInputs {
  return {
    previous: [keptTax(inputs.previous[0]), keptTax(inputs.previous[1]), keptTax(inputs.previous[2])],
    paidInYear: String(inputs.paidInYear),
  };
}

function readTax(value: unknown): PreviousTax | null {
  if (value === null || typeof value !== "object") return null;
  const { year, tax, noTable } = value as Record<string, unknown>;
  if (typeof year !== "number" || !Number.isInteger(year)) return null;
  if (tax !== null && (typeof tax !== "string" || !INTEGER.test(tax))) return null;
  if (noTable !== undefined && typeof noTable !== "boolean") return null;
  return { year, tax: tax === null ? null : cents(BigInt(tax)), ...(noTable ? { noTable: true } : {}) };
}

/** The inputs a kept record holds, or null when it is not one this version wrote. */
export function readKeptInputs(value: unknown): PartialPaymentInputs | null {
  if (value === null || typeof value !== "object") return null;
  const { previous, paidInYear } = value as Record<string, unknown>;
  if (!Array.isArray(previous) || previous.length !== 3) return null;
  if (typeof paidInYear !== "string" || !INTEGER.test(paidInYear)) return null;
  const [first, second, third] = previous.map(readTax);
  if (!first || !second || !third) return null;
  return { previous: [first, second, third], paidInYear: cents(BigInt(paidInYear)) };
}
