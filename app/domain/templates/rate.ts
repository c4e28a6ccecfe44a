/** Percentages typed in a template: «9,25», «0.8333», «100»; at most 4 decimals, never a float. */
import { formatDecimal, parseDecimal } from "../money";
import { RATE_DECIMALS, RATE_SCALE, type Rate } from "./types";

/** 1 000 %: enough for a base without tax grossed up, and a guard against a slipped digit. */
export const MAX_RATE: Rate = 1_000 * RATE_SCALE;

export const RATE_MESSAGES = {
  invalid: "Escriba el porcentaje con hasta 4 decimales, por ejemplo 9,25.",
  notPositive: "El porcentaje debe ser mayor que cero.",
  tooLarge: "El porcentaje no puede superar 1000 %.",
} as const;

export type RateResult = { ok: true; rate: Rate } | { ok: false; message: string };

export function readRate(input: string): RateResult {
  const text = input.trim().replace(/\s*%$/, "");
  if (!/^\d+([.,]\d+)?$/.test(text)) return { ok: false, message: RATE_MESSAGES.invalid };
  const scaled = parseDecimal(text.replace(",", "."), RATE_DECIMALS);
  if (scaled === null) return { ok: false, message: RATE_MESSAGES.invalid };
  if (scaled <= 0n) return { ok: false, message: RATE_MESSAGES.notPositive };
  if (scaled > BigInt(MAX_RATE)) return { ok: false, message: RATE_MESSAGES.tooLarge };
  return { ok: true, rate: Number(scaled) };
}

/** «9,25» as the input shows it (trailing zeros dropped). */
export function formatRateInput(rate: Rate): string {
  const text = formatDecimal(BigInt(rate), RATE_DECIMALS).replace(/0+$/, "").replace(/\.$/, "");
  return text.replace(".", ",");
}

/** «9,25 %» as the pages show it. */
export function formatRate(rate: Rate): string {
  return `${formatRateInput(rate)} %`;
}
