import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Anchor, Button, Stack, TextInput } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { formErrorOf, inputProps, useSchemaForm } from "~/components/forms/conform";
import { FormError } from "~/components/FormError";
import { Honeypot } from "~/components/Honeypot";
import { forgotPasswordSchema } from "~/domain/auth/forms";
import { assertHoneypotEmpty, parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { requestPasswordReset, RESET_FAILED_MESSAGE, RESET_SENT_MESSAGE } from "~/utils/password-reset.server";
import { withReturnTo } from "~/utils/return-to";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Recuperar contraseña · Contabilidad CR" }];

export async function loader(_args: LoaderFunctionArgs) {
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  assertHoneypotEmpty(form);
  const submission = parseSubmission(form, forgotPasswordSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const url = new URL(request.url);
  try {
    await requestPasswordReset(submission.value.email);
  } catch (error) {
    console.error("password reset mail failed", error);
    return redirectWithError(withReturnTo("/forgot-password", url), RESET_FAILED_MESSAGE);
  }
  return redirectWithSuccess(withReturnTo("/login", url), RESET_SENT_MESSAGE);
}

export default function ForgotPasswordPage() {
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { id: "forgot-password", lastResult: result });
  return (
    <AuthLayout
      title="Recuperar contraseña"
      subtitle="Le enviaremos un enlace para definir una nueva contraseña. El enlace vence en 1 hora."
    >
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="md">
          <Honeypot />
          <FormError message={formErrorOf(form)} />
          <TextInput {...inputProps(fields.email, "email")} label="Correo electrónico" autoComplete="email" />
          <Button type="submit" loading={navigation.state !== "idle"} fullWidth>
            Enviar instrucciones
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Volver a iniciar sesión
          </Anchor>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
