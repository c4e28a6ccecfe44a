import { z } from "zod";

/**
 * The mailbox form of /admin/mailboxes, shared by the page and the action. The password is required
 * when a mailbox is created and optional when it is edited (blank keeps the stored one).
 */
const text = (missing: string, max: number, tooLong: string) =>
  z.string({ required_error: missing }).trim().min(1, missing).max(max, tooLong);

const FOLDER = /^[^\r\n\0*%]+$/;

export const mailboxFormSchema = z
  .object({
    mailboxId: z
      .string()
      .regex(/^[0-9a-f]{24}$/i, "El buzón no es válido.")
      .optional(),
    scope: z.enum(["organization", "firm"], { errorMap: () => ({ message: "Indique de quién es el buzón." }) }),
    label: text("Ponga un nombre al buzón.", 80, "El nombre admite hasta 80 caracteres."),
    host: text("Indique el servidor IMAP.", 253, "El servidor no es válido.").regex(
      /^[A-Za-z0-9.-]+$/,
      "El servidor debe ser un nombre (imap.ejemplo.com) o una dirección IP.",
    ),
    port: z.coerce
      .number({ required_error: "Indique el puerto.", invalid_type_error: "El puerto debe ser un número." })
      .int("El puerto debe ser un número entero.")
      .min(1, "El puerto va de 1 a 65535.")
      .max(65535, "El puerto va de 1 a 65535."),
    tls: z.enum(["on"]).optional(),
    user: text("Indique el usuario del buzón.", 254, "El usuario admite hasta 254 caracteres."),
    password: z.string().max(500, "La contraseña admite hasta 500 caracteres.").optional(),
    folder: text("Indique la carpeta que se lee.", 200, "La carpeta admite hasta 200 caracteres.").regex(
      FOLDER,
      "La carpeta no es válida.",
    ),
    afterProcessing: z.enum(["mark-read", "move"], {
      errorMap: () => ({ message: "Indique qué hacer con los mensajes leídos." }),
    }),
    moveTo: z
      .string()
      .trim()
      .max(200, "La carpeta admite hasta 200 caracteres.")
      .regex(FOLDER, "La carpeta no es válida.")
      .optional(),
    intervalMinutes: z.coerce
      .number({ invalid_type_error: "La frecuencia debe ser un número de minutos." })
      .int("La frecuencia debe ser un número entero de minutos.")
      .min(5, "La frecuencia va de 5 a 1440 minutos.")
      .max(1440, "La frecuencia va de 5 a 1440 minutos."),
  })
  .superRefine((form, context) => {
    if (!form.mailboxId && !form.password)
      context.addIssue({ code: "custom", path: ["password"], message: "Indique la contraseña del buzón." });
    if (form.afterProcessing === "move" && !form.moveTo)
      context.addIssue({ code: "custom", path: ["moveTo"], message: "Indique la carpeta a la que se mueven." });
    if (form.afterProcessing === "move" && form.moveTo === form.folder)
      context.addIssue({ code: "custom", path: ["moveTo"], message: "La carpeta destino debe ser otra que la leída." });
  });

export type MailboxForm = z.infer<typeof mailboxFormSchema>;

/** The form's fields as posted (blank inputs as missing), for the schema. */
export function mailboxFormInput(form: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (name in input) continue;
    input[name] = value;
  }
  return input;
}

export type MailboxFieldErrors = Partial<Record<keyof MailboxForm, string>>;

export function mailboxFieldErrors(error: z.ZodError): MailboxFieldErrors {
  const errors: MailboxFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof MailboxForm | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
