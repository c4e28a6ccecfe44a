import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { CodeForm } from "~/components/CodeForm";
import type { SubmissionResult } from "@conform-to/react";
import { codeSchema, SECRET_FIELDS } from "~/domain/auth/forms";
import { requirePasswordStage } from "~/utils/auth.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { returnToFrom, withReturnTo } from "~/utils/return-to";
import { verifySecondFactor, INVALID_CODE_MESSAGE } from "~/utils/second-factor.server";
import { startSession } from "~/utils/session.server";
import { clientAddress, ThrottledError } from "~/utils/throttle.server";

export const meta: MetaFunction = () => [{ title: "Verificación en dos pasos · Contabilidad CR" }];

async function requireFactor(request: Request) {
  const stage = await requirePasswordStage(request);
  const factorId = new URL(request.url).searchParams.get("id") ?? "";
  const factor = stage.user.totpFactors.find((f) => String(f._id) === factorId);
  if (!factor) {
    const first = stage.user.totpFactors[0];
    throw redirect(withReturnTo(first ? `/otp-verification?id=${first._id}` : "/otp", request.url));
  }
  return { ...stage, factorId };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFactor(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, factorId } = await requireFactor(request);
  const submission = await readSubmission(request, codeSchema);
  if (submission.status !== "success") return replyWithErrors(submission, [], 400, { hideFields: SECRET_FIELDS });
  try {
    const valid = await verifySecondFactor(user, factorId, submission.value.code, clientAddress(request));
    if (!valid)
      return replyWithErrors(submission, { message: INVALID_CODE_MESSAGE }, 400, { hideFields: SECRET_FIELDS });
  } catch (error) {
    if (error instanceof ThrottledError)
      return replyWithErrors(submission, { message: error.message }, 429, { hideFields: SECRET_FIELDS });
    throw error;
  }
  const cookie = await startSession(request, user._id, "complete");
  return redirect(returnToFrom(request.url), { headers: { "Set-Cookie": cookie } });
}

export default function OtpVerificationPage() {
  const result = useActionData<typeof action>();
  return (
    <AuthLayout
      title="Verificación en dos pasos"
      subtitle="Ingrese el código de 6 dígitos de su aplicación de autenticación, o uno de sus códigos de recuperación."
    >
      {/* The person typed a password a moment ago; the code is all this page asks for. */}
      <CodeForm
        label="Código de verificación"
        lastResult={result as SubmissionResult<string[]> | undefined}
        focusOnLoad
      />
    </AuthLayout>
  );
}
