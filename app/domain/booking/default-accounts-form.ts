import { z } from "zod";
import { DEFAULT_ACCOUNT_FIELDS } from "./default-account-fields";

export const IMPORT_BOOKING_LABELS = {
  espera: "Esperar: contabilizar a mano desde la lista de comprobantes",
  borrador: "Contabilizar al importar, como borrador",
  contabilizado: "Contabilizar al importar, asentado",
} as const;

const account = z.string().trim().max(40, "El código no es válido.").optional();

/** The default-accounts form: one account field per `DEFAULT_ACCOUNT_FIELDS` entry, plus the import setting. */
export const DEFAULT_ACCOUNTS_FORM = z.object({
  ...Object.fromEntries(DEFAULT_ACCOUNT_FIELDS.map((field) => [field.name, account])),
  importBooking: z.enum(["espera", "borrador", "contabilizado"], {
    errorMap: () => ({ message: "Indique qué hace la importación con los comprobantes." }),
  }),
});

export type DefaultAccountsFormValue = Record<string, string | undefined> & {
  importBooking: "espera" | "borrador" | "contabilizado";
};
