import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { z } from "zod";
import type { Refusal } from "~/domain/refusal";
import { HONEYPOT_FIELD } from "./honeypot";
import { badRequest } from "./http.server";

export const INVALID_FORM_MESSAGE = "El formulario enviado no es válido. Recargue la página e intente de nuevo.";

/** Reads the request body as a form; a malformed body answers 400 in Spanish instead of a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw badRequest(INVALID_FORM_MESSAGE);
  }
}

/** Bots fill every field; people never see this one. */
export function assertHoneypotEmpty(form: FormData): void {
  const value = form.get(HONEYPOT_FIELD);
  if (typeof value === "string" && value.length > 0) throw badRequest(INVALID_FORM_MESSAGE);
}

/**
 * The form read with its zod schema, the one the page's `useForm` validates with. Conform keeps repeated
 * fields (`lines[0].account`, `lines[1].account`, or a name posted twice) as arrays, and reads an empty
 * input as a missing value, so `required_error` messages apply to blank fields.
 */
export function parseSubmission<Schema extends z.ZodTypeAny>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema });
}

/** readForm + parseSubmission. */
export async function readSubmission<Schema extends z.ZodTypeAny>(request: Request, schema: Schema) {
  return parseSubmission(await readForm(request), schema);
}

export type ParsedSubmission = ReturnType<typeof parseSubmission>;

/**
 * Refusals as conform errors: a field's message under its name, a line's under `lines[i].field` (lines
 * count from 1 for people, lists from 0 for conform), and one without a field as the form's error.
 */
export function refusalErrors(
  refusals: Refusal[],
  listName = "lines",
): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const { field, line, message } of refusals) {
    const name = line === undefined ? field : `${listName}[${line - 1}]${field ? `.${field}` : ""}`;
    if (name === undefined) formErrors.push(message);
    else (fieldErrors[name] ??= []).push(message);
  }
  return { formErrors, fieldErrors };
}

/**
 * The answer to a submission that cannot be carried out: its errors (the schema's, plus the refusals)
 * and the submitted values, so the page re-renders the form as it was posted, with or without JavaScript.
 * `hideFields` keeps secrets (passwords, codes) out of the echoed values.
 */
export function replyWithErrors(
  submission: Pick<ParsedSubmission, "reply">,
  refusals: Refusal | Refusal[] = [],
  status = 400,
  options: { hideFields?: readonly string[] } = {},
) {
  const list = Array.isArray(refusals) ? refusals : [refusals];
  const hideFields = options.hideFields ? [...options.hideFields] : undefined;
  return json(submission.reply({ ...(list.length > 0 ? refusalErrors(list) : {}), hideFields }), { status });
}
