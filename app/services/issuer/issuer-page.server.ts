/**
 * The "Emisión de comprobantes" forms of the client page: parse → save → respond. The caller has
 * already checked session, second factor, admin role and organization.
 */
import { consecutiveFormSchema, issuerFormSchema } from "~/domain/issuer/issuer-form";
import { refusal } from "~/domain/refusal";
import { parseSubmission, replyWithErrors } from "~/utils/form.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { setNextConsecutive } from "./consecutive.server";
import { saveIssuerSettingsForm } from "./issuer-settings.server";
import { P12_TOO_LARGE, type PageSubmission } from "./issuer-upload.server";

// Secrets typed in the form never travel back to the page, not even in an error reply.
const SECRET_FIELDS = ["apiPassword", "p12Pin"] as const;

export async function issuerAction(
  form: FormData,
  upload: Omit<PageSubmission, "form">,
  context: { organizationId: string; userId: string; here: string },
): Promise<Response> {
  if (form.get("intent") === "issuer-consecutive") {
    const submission = parseSubmission(form, consecutiveFormSchema);
    if (submission.status !== "success") return replyWithErrors(submission);
    const refused = await setNextConsecutive(
      context.organizationId,
      submission.value.series,
      submission.value.next,
      context.userId,
    );
    if (refused) return replyWithErrors(submission, refused, 409);
    return redirectWithSuccess(context.here, "Consecutivo actualizado.");
  }

  const submission = parseSubmission(form, issuerFormSchema);
  const options = { hideFields: SECRET_FIELDS };
  if (upload.p12TooLarge) return replyWithErrors(submission, refusal(P12_TOO_LARGE, "p12"), 413, options);
  if (submission.status !== "success") return replyWithErrors(submission, [], 400, options);
  const refused = await saveIssuerSettingsForm(context.organizationId, submission.value, upload.p12, context.userId);
  if (refused) return replyWithErrors(submission, refused, 400, options);
  return redirectWithSuccess(context.here, "Datos de emisión guardados.");
}
