import { Button, Code, Image, List, Stack, Text } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { CodeForm } from "~/components/CodeForm";
import type { SubmissionResult } from "@conform-to/react";
import { codeSchema, SECRET_FIELDS } from "~/domain/auth/forms";
import { requirePasswordStage } from "~/utils/auth.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { returnToFrom, withReturnTo } from "~/utils/return-to";
import { confirmEnrollment, prepareEnrollment } from "~/utils/second-factor.server";
import { startSession, takeRecoveryCodes } from "~/utils/session.server";
import { clientAddress, ThrottledError } from "~/utils/throttle.server";

export const meta: MetaFunction = () => [{ title: "Configurar segundo factor · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const recoveryCodes = await takeRecoveryCodes(request);
  if (recoveryCodes) return json({ stage: "recovery-codes" as const, recoveryCodes, next: returnToFrom(request.url) });
  const { user, sessionId } = await requirePasswordStage(request);
  const factor = user.totpFactors[0];
  if (factor) throw redirect(withReturnTo(`/otp-verification?id=${factor._id}`, request.url));
  const enrollment = await prepareEnrollment(user, sessionId);
  return json({ stage: "enroll" as const, email: user.email, ...enrollment });
}

/**
 * A confirmed factor redirects back here with the complete session, whose record holds the recovery
 * codes until this page has shown them once: the same round trip with and without JavaScript, and a
 * document POST no longer re-runs the loader with the ended password-stage session.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, sessionId } = await requirePasswordStage(request);
  const submission = await readSubmission(request, codeSchema);
  if (submission.status !== "success") return replyWithErrors(submission, [], 400, { hideFields: SECRET_FIELDS });
  try {
    const result = await confirmEnrollment(user, sessionId, submission.value.code, clientAddress(request));
    if (!result.ok) return replyWithErrors(submission, { message: result.message }, 400, { hideFields: SECRET_FIELDS });
    const cookie = await startSession(request, user._id, "complete", undefined, {
      recoveryCodesToShow: result.recoveryCodes,
    });
    return redirect(withReturnTo("/otp", request.url), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof ThrottledError)
      return replyWithErrors(submission, { message: error.message }, 429, { hideFields: SECRET_FIELDS });
    throw error;
  }
}

/** Re-running the loader would find the codes already shown and leave the page. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate);

export default function OtpEnrollmentPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();

  if (data.stage === "recovery-codes") {
    return (
      <AuthLayout title="Segundo factor activado" subtitle="Guarde estos códigos de recuperación en un lugar seguro.">
        <Stack gap="md">
          <Text size="sm">
            Cada código sirve una sola vez para ingresar si pierde acceso a su aplicación de autenticación. No se
            volverán a mostrar.
          </Text>
          <List spacing={4} data-testid="recovery-codes" listStyleType="none">
            {data.recoveryCodes.map((code) => (
              <List.Item key={code}>
                <Code fz="md">{code}</Code>
              </List.Item>
            ))}
          </List>
          <Button component={Link} to={data.next} reloadDocument fullWidth>
            Continuar
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Configure su segundo factor"
      subtitle="Escanee el código QR con su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) e ingrese el código de 6 dígitos que muestra."
    >
      <Stack gap="md" align="center">
        <Image src={data.qrCode} alt={`Código QR para ${data.email}`} w={220} h={220} />
        <Stack gap={4} w="100%">
          <Text size="sm">Si no puede escanear el código, ingrese esta clave manualmente:</Text>
          <Code block data-testid="otp-secret" fz="md" style={{ wordBreak: "break-all" }}>
            {data.secret}
          </Code>
        </Stack>
      </Stack>
      <CodeForm label="Código de verificación" lastResult={result as SubmissionResult<string[]> | undefined} />
    </AuthLayout>
  );
}
