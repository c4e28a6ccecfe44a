/**
 * A rate typed by a person (the super admin's rate form, a dollar line of an entry): colones per
 * dollar written the Costa Rican way («512,34», «₡512,34», «1 020,5») or with a decimal point
 * («512.34»). «512,345» and «512.345» have two readings (a decimal or thousands); the one inside
 * the typed range is taken, and a text with both readings inside it is refused
 * (docs/decisions/298-typed-exchange-rates.md).
 */
import { MONEY_INPUT_MESSAGES, parseDecimal, readMoneyInput, type Amount } from "../money";

/** A typed rate must lie in [₡1, ₡10 000] per unit of the currency: today the dollar is about ₡500 and the euro ₡590; one wording serves both. */
export const TYPED_RATE_MIN: Amount = 1n * 100_000n;
export const TYPED_RATE_MAX: Amount = 10_000n * 100_000n;
/** Five decimals: the precision of a comprobante's TipoCambio and of the stored rates. */
export const TYPED_RATE_DECIMALS = 5;
export const TYPED_RATE_MAX_LENGTH = 30;

export const RATE_INPUT_MESSAGES = {
  invalid: "Escriba el tipo de cambio en colones, por ejemplo 512,34.",
  tooManyDecimals: "El tipo de cambio admite como máximo cinco decimales.",
  outOfRange: "El tipo de cambio debe estar entre ₡1 y ₡10 000.",
  ambiguous: (text: string) =>
    `«${text}» puede leerse como decimales o como miles: escriba el tipo de cambio con coma decimal y sin separar los miles, por ejemplo 512,34.`,
} as const;

export type TypedRateResult = { ok: true; rate: Amount } | { ok: false; message: string };

const inRange = (rate: Amount) => rate >= TYPED_RATE_MIN && rate <= TYPED_RATE_MAX;

/** The readings of a text: one, or two for a single mark followed by exactly three digits. */
function readings(text: string): Amount[] | string {
  const read = readMoneyInput(text, TYPED_RATE_DECIMALS);
  if (read.ok) return [read.amount];
  const twoWays = /^[₡\s]*(\d{1,3})[.,](\d{3})[\s₡]*$/u.exec(text);
  if (twoWays) {
    const decimal = parseDecimal(`${twoWays[1]}.${twoWays[2]}`, 5);
    const thousands = parseDecimal(`${twoWays[1]}${twoWays[2]}`, 5);
    if (decimal !== null && thousands !== null) return [decimal, thousands];
  }
  if (read.message === MONEY_INPUT_MESSAGES.tooManyDecimals(TYPED_RATE_DECIMALS))
    return RATE_INPUT_MESSAGES.tooManyDecimals;
  return RATE_INPUT_MESSAGES.invalid;
}

export function readTypedRate(input: string): TypedRateResult {
  const text = input.trim();
  // A dollar sign would say the figure is in dollars: a rate is colones per dollar.
  if (text === "" || text.length > TYPED_RATE_MAX_LENGTH || text.includes("$"))
    return { ok: false, message: RATE_INPUT_MESSAGES.invalid };
  const found = readings(text);
  if (typeof found === "string") return { ok: false, message: found };
  const fitting = found.filter(inRange);
  if (fitting.length === 0) return { ok: false, message: RATE_INPUT_MESSAGES.outOfRange };
  if (fitting.length > 1) return { ok: false, message: RATE_INPUT_MESSAGES.ambiguous(text) };
  return { ok: true, rate: fitting[0] };
}
