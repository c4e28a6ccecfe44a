import { json } from "@remix-run/node";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "./honeypot";

export const INVALID_FORM_MESSAGE = "El formulario enviado no es válido. Recargue la página e intente de nuevo.";

/** Reads the request body as a form; a malformed body answers 400 in Spanish instead of a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw badRequest(INVALID_FORM_MESSAGE);
  }
}

export function badRequest(message: string) {
  return json({ formError: message }, { status: 400 });
}

/** Bots fill every field; people never see this one. */
export function assertHoneypotEmpty(form: FormData): void {
  const value = form.get(HONEYPOT_FIELD);
  if (typeof value === "string" && value.length > 0) throw badRequest(INVALID_FORM_MESSAGE);
}

export type FieldErrors = Record<string, string[] | undefined>;

export function parseForm<T extends z.ZodTypeAny>(
  schema: T,
  form: FormData,
): { success: true; data: z.infer<T> } | { success: false; fieldErrors: FieldErrors } {
  const result = schema.safeParse(Object.fromEntries(form));
  if (result.success) return { success: true, data: result.data };
  return { success: false, fieldErrors: result.error.flatten().fieldErrors as FieldErrors };
}
