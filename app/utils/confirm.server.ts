import { json } from "@remix-run/node";
import { CONFIRMED_FIELD, CONFIRMED_VALUE } from "./confirm";
import type { ParsedSubmission } from "./form.server";

/** Whether an irreversible action's form carries the person's confirmation (ConfirmButton). */
export function isConfirmed(form: FormData): boolean {
  return form.get(CONFIRMED_FIELD) === CONFIRMED_VALUE;
}

/**
 * The answer to a valid but unconfirmed irreversible action: nothing is done, and the page shows the
 * form again (with the posted values) and its confirm step. This is the path without JavaScript.
 */
export function askConfirmation(submission: Pick<ParsedSubmission, "reply">) {
  return json({ ...submission.reply(), confirm: true as const });
}
