import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { z } from "zod";
import type { Refusal } from "~/domain/refusal";
import { HONEYPOT_FIELD } from "./honeypot";
import { badRequest, refusalStatus } from "./http.server";

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
 * The most rows (`name[i]` with i from 0) a form without a maximum of its own accepts. Forms with longer
 * lists (entries, invoices) pass theirs to `parseSubmission` (decision 197).
 */
export const DEFAULT_MAX_ROWS = 100;
export const TOO_MANY_ROWS_MESSAGE =
  "El formulario trae más filas de las que admite. Recargue la página e intente de nuevo.";

const LIST_INDEX = /\[\s*(\d+)\s*\]/g;

/** The largest list index in the field names (`lines[7].account` → 7), or -1 without one. */
export function largestListIndex(names: Iterable<string>): number {
  let largest = -1;
  for (const name of names) {
    for (const match of name.matchAll(LIST_INDEX)) {
      // A long run of digits is refused without converting it (Number("9".repeat(400)) is Infinity anyway).
      const index = match[1].length > 9 ? Number.MAX_SAFE_INTEGER : Number(match[1]);
      if (index > largest) largest = index;
    }
  }
  return largest;
}

/**
 * Refuses (400, Spanish) a form whose field names carry a list index at or beyond `maxRows`, before
 * conform builds its arrays: `lines[100000].account` alone would otherwise become a 100 001-element
 * array and an error page with as many rows.
 */
export function assertRowsWithin(form: FormData | URLSearchParams, maxRows: number = DEFAULT_MAX_ROWS): void {
  // Conform's «update» intent names a field in its value (`{"name":"lines[100000]",…}`): it counts too.
  const intents = form.getAll(CONFORM_INTENT).filter((value): value is string => typeof value === "string");
  if (largestListIndex([...form.keys(), ...intents]) >= maxRows) throw badRequest(TOO_MANY_ROWS_MESSAGE);
}

const CONFORM_INTENT = "__intent__";

export interface SubmissionLimits {
  /** The most rows of the form's repeated fields (its largest list index + 1); default `DEFAULT_MAX_ROWS`. */
  maxRows?: number;
}

/**
 * The form read with its zod schema, the one the page's `useForm` validates with. Conform keeps repeated
 * fields (`lines[0].account`, `lines[1].account`, or a name posted twice) as arrays, and reads an empty
 * input as a missing value, so `required_error` messages apply to blank fields. A list index beyond the
 * form's maximum is refused first (`assertRowsWithin`).
 */
export function parseSubmission<Schema extends z.ZodTypeAny>(
  form: FormData | URLSearchParams,
  schema: Schema,
  limits: SubmissionLimits = {},
) {
  assertRowsWithin(form, limits.maxRows);
  try {
    return parseWithZod(form, { schema });
  } catch {
    // A forged intent that is not JSON or not one of conform's.
    throw badRequest(INVALID_FORM_MESSAGE);
  }
}

/** readForm + parseSubmission. */
export async function readSubmission<Schema extends z.ZodTypeAny>(
  request: Request,
  schema: Schema,
  limits: SubmissionLimits = {},
) {
  return parseSubmission(await readForm(request), schema, limits);
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
 * The status is the refusals' (400 unless one says otherwise, decision 260).
 * `hideFields` keeps secrets (passwords, codes) out of the echoed values.
 */
export function replyWithErrors(
  submission: Pick<ParsedSubmission, "reply">,
  refusals: Refusal | Refusal[] = [],
  status = refusalStatus(refusals),
  options: { hideFields?: readonly string[] } = {},
) {
  const list = Array.isArray(refusals) ? refusals : [refusals];
  const hideFields = options.hideFields ? [...options.hideFields] : undefined;
  return json(submission.reply({ ...(list.length > 0 ? refusalErrors(list) : {}), hideFields }), { status });
}
