/**
 * The form a super admin enters or corrects a day's rate with (zod, shared by the page and the action):
 * the currency (the dollar when absent), the day, buy and sell as people type them (readTypedRate), and why.
 */
import { z } from "zod";
import { dateInputSchema } from "../calendar-schema";
import type { Amount } from "../money";
import { RATE_CURRENCIES } from "./rate";
import { RATE_INPUT_MESSAGES, readTypedRate, TYPED_RATE_MAX_LENGTH } from "./rate-input";

export const RATE_FORM_MESSAGES = {
  buyAboveSell: "El tipo de compra no puede ser mayor que el de venta.",
  reason: "Escriba el motivo del cambio (de 3 a 200 caracteres).",
  forbidden: "Solo un superadministrador puede ingresar o corregir el tipo de cambio.",
} as const;

const rateField = z
  .string({ required_error: RATE_INPUT_MESSAGES.invalid, invalid_type_error: RATE_INPUT_MESSAGES.invalid })
  .max(TYPED_RATE_MAX_LENGTH, RATE_INPUT_MESSAGES.invalid)
  .transform((text, context): Amount => {
    const result = readTypedRate(text);
    if (!result.ok) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: result.message });
      return z.NEVER;
    }
    return result.rate;
  });

export const rateEntrySchema = z
  .object({
    currency: z.enum(RATE_CURRENCIES, { errorMap: () => ({ message: "Elija el dólar o el euro." }) }).default("USD"),
    date: dateInputSchema,
    buy: rateField,
    sell: rateField,
    reason: z
      .string({ required_error: RATE_FORM_MESSAGES.reason })
      .trim()
      .min(3, RATE_FORM_MESSAGES.reason)
      .max(200, RATE_FORM_MESSAGES.reason),
  })
  .superRefine((value, context) => {
    if (value.buy > value.sell) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["buy"], message: RATE_FORM_MESSAGES.buyAboveSell });
    }
  });

export type RateEntry = z.output<typeof rateEntrySchema>;

/** Who may enter or correct a rate: a super admin (or root). Admins read. */
export function canEditRates(flags: { isRoot: boolean; isSuperAdmin: boolean }): boolean {
  return flags.isRoot || flags.isSuperAdmin;
}
