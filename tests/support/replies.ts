import type { SubmissionResult } from "@conform-to/react";

/** A form action's reply (conform's `submission.reply()`): the errors by field, "" for the form's own. */
export async function errorsOf(response: Response): Promise<Record<string, string[] | null> | undefined> {
  return ((await response.clone().json()) as SubmissionResult<string[]>).error ?? undefined;
}

/** The values a reply gives back to refill the form. */
export async function submittedValuesOf(response: Response): Promise<Record<string, unknown> | undefined> {
  return ((await response.clone().json()) as SubmissionResult<string[]>).initialValue ?? undefined;
}
