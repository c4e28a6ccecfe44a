import type { SubmissionResult } from "@conform-to/react";

const ROW_INTENTS = ["change-role", "revoke", "resend-invitation"];

/** A member row's refusal, shown on that row. */
export function rowMessage(result: SubmissionResult<string[]> | undefined) {
  const userId = result?.initialValue?.userId;
  const intent = result?.initialValue?.intent;
  if (typeof userId !== "string" || typeof intent !== "string" || !ROW_INTENTS.includes(intent)) return undefined;
  const message = Object.values(result?.error ?? {})
    .flat()
    .find(Boolean);
  return message ? { userId, message } : undefined;
}
