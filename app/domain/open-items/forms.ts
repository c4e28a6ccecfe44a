/**
 * The forms of the open-items screens (zod, shared by the page and the action), apart from the rest
 * of the domain so that a page that only shows items does not ship the validation library.
 */
import { z } from "zod";
import { dateInputSchema } from "../calendar-schema";
import { readTypedRate } from "../exchange-rates/rate-input";
import { readCentsInput } from "../money";
import { MAX_TERM_DAYS } from "./due-date";
import { MAX_PAYMENT_ITEMS } from "./payment";

const ACCOUNT = /^\d{2}(-\d{2}){4}$/;
const OBJECT_ID = /^[0-9a-f]{24}$/;
const CLAVE = /^\d{50}$/;
export const MAX_REFERENCE_LENGTH = 100;
export const MAX_NOTES_LENGTH = 2_000;
export const MAX_EMAIL_LENGTH = 254;

export const OPEN_ITEM_FORM_MESSAGES = {
  account: "Elija una cuenta del catálogo.",
  item: "El documento enviado no es válido. Recargue la página.",
  reference: `La referencia admite como máximo ${MAX_REFERENCE_LENGTH} caracteres.`,
  notes: `Las notas admiten como máximo ${MAX_NOTES_LENGTH} caracteres.`,
  term: `El plazo es un número entero de días entre 0 y ${MAX_TERM_DAYS}.`,
  settlement: "El cobro o pago enviado no es válido. Recargue la página.",
  rep: "El recibo electrónico de pago enviado no es válido. Recargue la página.",
  emailMissing: "Indique el correo electrónico al que se envía el estado de cuenta.",
  emailLong: `El correo electrónico admite como máximo ${MAX_EMAIL_LENGTH} caracteres.`,
  email: "Ingrese un correo electrónico válido.",
} as const;

const accountSchema = z
  .string({ required_error: OPEN_ITEM_FORM_MESSAGES.account })
  .trim()
  .regex(ACCOUNT, OPEN_ITEM_FORM_MESSAGES.account);

const centsSchema = z.string().transform((text, context) => {
  const result = readCentsInput(text);
  if (!result.ok) {
    context.addIssue({ code: z.ZodIssueCode.custom, message: result.message });
    return z.NEVER;
  }
  return result.cents;
});

/** The rate of a cobro / pago in dollars, as people type it (readTypedRate); blank: the day's. */
const rateSchema = z
  .string()
  .max(30)
  .transform((text, context) => {
    const result = readTypedRate(text);
    if (!result.ok) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: result.message });
      return z.NEVER;
    }
    return result.rate;
  });

/**
 * «Registrar cobro / pago»: one row per open item (`items[i].id`, a checkbox `items[i].selected`,
 * the amount `items[i].amount` in the item's currency, blank = all it owes); a blank «monto recibido» is
 * what the rows add up to. Documents in dollars take US$ amounts and the rate (blank: the day's).
 */
export const paymentFormSchema = z.object({
  intent: z.literal("register"),
  date: dateInputSchema,
  moneyAccount: accountSchema,
  received: centsSchema.optional(),
  differenceAccount: accountSchema.optional(),
  rate: rateSchema.optional(),
  reference: z.string().trim().max(MAX_REFERENCE_LENGTH, OPEN_ITEM_FORM_MESSAGES.reference).optional(),
  /** Set when the cobro / pago is registered from a recibo electrónico de pago (its clave). */
  rep: z.string().regex(CLAVE, OPEN_ITEM_FORM_MESSAGES.rep).optional(),
  items: z
    .array(
      z.object({
        id: z.string({ required_error: OPEN_ITEM_FORM_MESSAGES.item }).regex(OBJECT_ID, OPEN_ITEM_FORM_MESSAGES.item),
        selected: z.literal("on").optional(),
        amount: centsSchema.optional(),
      }),
    )
    .max(MAX_PAYMENT_ITEMS)
    .default([]),
});
export type PaymentFormValues = z.infer<typeof paymentFormSchema>;

export const undoFormSchema = z.object({
  intent: z.literal("undo"),
  settlementId: z.string().regex(OBJECT_ID, OPEN_ITEM_FORM_MESSAGES.settlement),
  date: dateInputSchema,
});

export const partySettingsSchema = z.object({
  intent: z.literal("settings"),
  paymentTermDays: z.coerce
    .number({ invalid_type_error: OPEN_ITEM_FORM_MESSAGES.term })
    .int(OPEN_ITEM_FORM_MESSAGES.term)
    .min(0, OPEN_ITEM_FORM_MESSAGES.term)
    .max(MAX_TERM_DAYS, OPEN_ITEM_FORM_MESSAGES.term)
    .optional(),
  salesAccount: accountSchema.optional(),
  purchaseAccount: accountSchema.optional(),
  notes: z.string().trim().max(MAX_NOTES_LENGTH, OPEN_ITEM_FORM_MESSAGES.notes).optional(),
});

/** «Enviar por correo»: one address, the counterparty's by default; the period is the page's. */
export const statementMailSchema = z.object({
  intent: z.literal("mail"),
  to: z
    .string({ required_error: OPEN_ITEM_FORM_MESSAGES.emailMissing })
    .trim()
    .min(1, OPEN_ITEM_FORM_MESSAGES.emailMissing)
    .max(MAX_EMAIL_LENGTH, OPEN_ITEM_FORM_MESSAGES.emailLong)
    .email(OPEN_ITEM_FORM_MESSAGES.email),
});

export const OPEN_ITEM_INTENTS = {
  register: paymentFormSchema,
  undo: undoFormSchema,
  settings: partySettingsSchema,
  mail: statementMailSchema,
} as const;
export type OpenItemIntent = keyof typeof OPEN_ITEM_INTENTS;
