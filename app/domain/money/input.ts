/**
 * Money typed by a person. Costa Rica writes a decimal comma and groups thousands with spaces
 * ("1 234,56"), but people also paste "1234.56", "1.234.567,89" or "1,234,567.89". A number is read
 * only when one reading is possible: "1.234" or "1,234" may be a thousand or one and a bit, so they
 * are refused with a message saying how to write the amount.
 */
import { cents, parseDecimal, type Amount, type Cents } from "./amount";

export const MONEY_INPUT_MESSAGES = {
  invalid: "Escriba un monto válido, por ejemplo 1234,56.",
  ambiguous: "Escriba el monto con coma decimal, por ejemplo 1234,56.",
  negative: "El monto no puede ser negativo.",
  grouping: "Separe los miles en grupos de tres cifras, por ejemplo 1 234 567,89.",
  tooManyDecimals: (decimals: number) =>
    decimals === 2
      ? "El monto admite como máximo 2 decimales (céntimos)."
      : `El monto admite como máximo ${decimals} decimales.`,
} as const;

export type MoneyInputResult = { ok: true; amount: Amount } | { ok: false; message: string };

// Spaces people and spreadsheets use between thousands: plain, no-break, thin and narrow no-break.
const GROUP_SPACE = /[ \u00a0\u2009\u202f]/;
const CURRENCY_AFFIX = /^[₡$]\s*|\s*[₡$]$/gu;

function refuse(message: string): MoneyInputResult {
  return { ok: false, message };
}

function validGroups(groups: string[]): boolean {
  return /^[1-9]\d{0,2}$/.test(groups[0]) && groups.slice(1).every((group) => /^\d{3}$/.test(group));
}

/** Splits into integer digits and decimal digits, or a refusal. */
function split(text: string): { integer: string; fraction: string } | { message: string } {
  const hasDot = text.includes(".");
  const hasComma = text.includes(",");
  const hasSpace = GROUP_SPACE.test(text);
  if (hasDot && hasComma) {
    const decimalMark = text.lastIndexOf(".") > text.lastIndexOf(",") ? "." : ",";
    const groupMark = decimalMark === "." ? "," : ".";
    if (hasSpace) return { message: MONEY_INPUT_MESSAGES.grouping };
    const [integerPart, fraction, ...rest] = text.split(decimalMark);
    if (rest.length > 0) return { message: MONEY_INPUT_MESSAGES.invalid };
    if (!validGroups(integerPart.split(groupMark))) return { message: MONEY_INPUT_MESSAGES.grouping };
    return { integer: integerPart.split(groupMark).join(""), fraction };
  }
  const mark = hasDot ? "." : hasComma ? "," : null;
  let integerPart = text;
  let fraction = "";
  if (mark) {
    const parts = text.split(mark);
    // "1.234.567" or "1,234,567": grouping without a decimal mark reads as a decimal in the other convention.
    if (parts.length > 2) return { message: MONEY_INPUT_MESSAGES.ambiguous };
    [integerPart, fraction] = parts;
    // "1.234": a thousand (grouped) or one and 234 thousandths.
    if (!hasSpace && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integerPart))
      return { message: MONEY_INPUT_MESSAGES.ambiguous };
  }
  if (hasSpace) {
    const groups = integerPart.split(GROUP_SPACE);
    if (!validGroups(groups)) return { message: MONEY_INPUT_MESSAGES.grouping };
    integerPart = groups.join("");
  }
  return { integer: integerPart, fraction };
}

/** A non-negative amount typed by a person, with at most `decimals` decimals (2 for céntimos, up to 5). */
export function readMoneyInput(input: string, decimals = 5): MoneyInputResult {
  const text = input.trim().replace(CURRENCY_AFFIX, "").trim();
  if (text === "") return refuse(MONEY_INPUT_MESSAGES.invalid);
  if (/^-/.test(text)) return refuse(MONEY_INPUT_MESSAGES.negative);
  if (!/^\d[\d., \u00a0\u2009\u202f]*$/.test(text)) return refuse(MONEY_INPUT_MESSAGES.invalid);
  const parts = split(text);
  if ("message" in parts) return refuse(parts.message);
  const { integer, fraction } = parts;
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction)) return refuse(MONEY_INPUT_MESSAGES.invalid);
  if (fraction.length > decimals) return refuse(MONEY_INPUT_MESSAGES.tooManyDecimals(decimals));
  const amount = parseDecimal(fraction ? `${integer}.${fraction}` : integer, 5);
  return amount === null ? refuse(MONEY_INPUT_MESSAGES.invalid) : { ok: true, amount };
}

/** readMoneyInput with Hacienda's 5 decimals; null when it is not an amount. */
export function parseMoneyInput(text: string): Amount | null {
  const result = readMoneyInput(text);
  return result.ok ? result.amount : null;
}

/** Céntimos typed by a person (at most 2 decimals). */
export function readCentsInput(text: string): { ok: true; cents: Cents } | { ok: false; message: string } {
  const result = readMoneyInput(text, 2);
  return result.ok ? { ok: true, cents: cents(result.amount / 1_000n) } : result;
}
