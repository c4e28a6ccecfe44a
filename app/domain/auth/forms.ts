import { z } from "zod";

/**
 * The sign-in forms, one schema each, read by the page (conform: native constraints, checks before
 * sending) and by the action (the same rules again on the server). What the person typed as a secret
 * (passwords, codes) is never sent back to the page: see SECRET_FIELDS.
 */

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

const email = (requiredMessage: string) =>
  z
    .string({ required_error: requiredMessage })
    .trim()
    .toLowerCase()
    .max(254, "El correo electrónico es demasiado largo.")
    .email("Ingrese un correo electrónico válido.");

/** /login. A failure of any kind answers with one toast (docs/spec/sign-in.md §5); the messages serve the page's own checks. */
export const loginSchema = z.object({
  email: email("Ingrese su correo electrónico."),
  password: z
    .string({ required_error: "Ingrese su contraseña." })
    .max(MAX_PASSWORD_LENGTH, "La contraseña es demasiado larga."),
});

/** /otp and /otp-verification: a 6-digit code or a recovery code such as 7KQ2-M9XD. */
export const codeSchema = z.object({
  code: z
    .string({ required_error: "Ingrese el código de verificación." })
    .trim()
    .min(1, "Ingrese el código de verificación.")
    .max(20, "El código no es válido o ya fue utilizado. Intente de nuevo."),
});

/** /forgot-password. */
export const forgotPasswordSchema = z.object({
  email: email("Ingrese su correo electrónico."),
});

/** /reset-password. */
export const resetPasswordSchema = z
  .object({
    password: z
      .string({ required_error: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.` })
      .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`)
      .max(MAX_PASSWORD_LENGTH, "La contraseña es demasiado larga."),
    confirmation: z.string({ required_error: "Confirme la contraseña." }),
  })
  .refine((value) => value.password === value.confirmation, {
    path: ["confirmation"],
    message: "Las contraseñas no coinciden.",
  });

/** Fields whose submitted value never goes back to the page, not even to refill the form after an error. */
export const SECRET_FIELDS = ["password", "confirmation", "code"] as const;
