/**
 * The "Emisión de comprobantes" forms of the client page: parse → save, answering what the route
 * replies. The caller has already checked session, second factor, admin role and organization.
 */
import { consecutiveFormSchema, issuerFormSchema } from "~/domain/issuer/issuer-form";
import { refusal, type Refusal } from "~/domain/refusal";
import { parseSubmission, type ParsedSubmission } from "~/utils/form.server";
import { setNextConsecutive } from "./consecutive.server";
import { saveIssuerSettingsForm } from "./issuer-settings.server";
import { P12_TOO_LARGE, type PageSubmission } from "./issuer-upload.server";

// Secrets typed in the form never travel back to the page, not even in an error reply.
export const SECRET_FIELDS = ["apiPassword", "p12Pin"] as const;

export type IssuerActionOutcome =
  | { ok: true; message: string }
  | { ok: false; submission: ParsedSubmission; refusals: Refusal[]; hideSecrets: boolean };

export async function issuerAction(
  form: FormData,
  upload: Omit<PageSubmission, "form">,
  context: { organizationId: string; userId: string },
): Promise<IssuerActionOutcome> {
  if (form.get("intent") === "issuer-consecutive") {
    const submission = parseSubmission(form, consecutiveFormSchema);
    if (submission.status !== "success") return { ok: false, submission, refusals: [], hideSecrets: false };
    const refused = await setNextConsecutive(
      context.organizationId,
      submission.value.series,
      submission.value.next,
      context.userId,
    );
    // The series has already handed out that number (or a later one): a conflict with what is stored.
    if (refused) return { ok: false, submission, refusals: [{ ...refused, kind: "conflict" }], hideSecrets: false };
    return { ok: true, message: "Consecutivo actualizado." };
  }

  const submission = parseSubmission(form, issuerFormSchema);
  const failed = (refusals: Refusal[]) => ({ ok: false as const, submission, refusals, hideSecrets: true });
  if (upload.p12TooLarge) return failed([{ ...refusal(P12_TOO_LARGE, "p12"), kind: "too-large" }]);
  if (submission.status !== "success") return failed([]);
  const refused = await saveIssuerSettingsForm(context.organizationId, submission.value, upload.p12, context.userId);
  if (refused) return failed(refused);
  return { ok: true, message: "Datos de emisión guardados." };
}
