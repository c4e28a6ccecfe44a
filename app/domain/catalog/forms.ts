import { z } from "zod";

/** The forms of the catalog screen, by the `intent` each one posts, shared by the page and the action. Codes are checked by the catalog rules. */

const code = z
  .string({ required_error: "Falta la cuenta." })
  .trim()
  .min(1, "Falta la cuenta.")
  .max(40, "El código no es válido.");
const label = z
  .string({ required_error: "El nombre de la cuenta es obligatorio." })
  .max(500, "El nombre de la cuenta es demasiado largo.");

export const CATALOG_INTENTS = {
  rename: z.object({ intent: z.literal("rename"), code, label }),
  "reset-label": z.object({ intent: z.literal("reset-label"), code }),
  add: z.object({
    intent: z.literal("add"),
    parent: code,
    code: z.string({ required_error: "El código de cuenta es obligatorio." }).trim().max(40, "El código no es válido."),
    label,
  }),
  disable: z.object({
    intent: z.literal("disable"),
    code,
    disabled: z.enum(["true", "false"], { errorMap: () => ({ message: "Indique si la cuenta queda deshabilitada." }) }),
  }),
  remove: z.object({ intent: z.literal("remove"), code }),
  currency: z.object({
    intent: z.literal("currency"),
    code,
    currency: z.enum(["CRC", "USD"], { errorMap: () => ({ message: "Elija la moneda de la cuenta." }) }),
  }),
} as const;

export type CatalogIntent = keyof typeof CATALOG_INTENTS;
