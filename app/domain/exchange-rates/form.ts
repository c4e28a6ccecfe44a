/**
 * The form a super admin enters or corrects a day's rate with (zod, shared by the page and the action):
 * the day, buy and sell as people type them (decimal comma or point, up to five decimals), and why.
 */
import { z } from "zod";
import { dateInputSchema } from "../calendar-schema";
import { readMoneyInput, type Amount } from "../money";
import { MAX_RATE } from "./rate";

export const RATE_FORM_MESSAGES = {
  rate: "Escriba el tipo de cambio en colones por dólar, mayor que cero y de hasta cinco decimales, por ejemplo 512,34.",
  tooLarge: "El tipo de cambio no puede pasar de ₡100 000 por dólar.",
  buyAboveSell: "El tipo de compra no puede ser mayor que el de venta.",
  reason: "Escriba el motivo del cambio (de 3 a 200 caracteres).",
  forbidden: "Solo un superadministrador puede ingresar o corregir el tipo de cambio.",
} as const;

const rateField = z
  .string({ required_error: RATE_FORM_MESSAGES.rate, invalid_type_error: RATE_FORM_MESSAGES.rate })
  .max(30, RATE_FORM_MESSAGES.rate)
  .transform((text, context): Amount => {
    const result = readMoneyInput(text, 5);
    if (!result.ok || result.amount <= 0n) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: RATE_FORM_MESSAGES.rate });
      return z.NEVER;
    }
    if (result.amount > MAX_RATE) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: RATE_FORM_MESSAGES.tooLarge });
      return z.NEVER;
    }
    return result.amount;
  });

export const rateEntrySchema = z
  .object({
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
