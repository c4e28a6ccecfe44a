import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { formErrorOf, inputProps, useSchemaForm } from "~/components/forms/conform";
import { FormError } from "~/components/FormError";
import { Honeypot } from "~/components/Honeypot";
import { MIN_PASSWORD_LENGTH, resetPasswordSchema, SECRET_FIELDS } from "~/domain/auth/forms";
import { assertHoneypotEmpty, parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { isResetTokenLive, resetPassword } from "~/utils/password-reset.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Nueva contraseña · Contabilidad CR" }];

const INVALID_LINK_MESSAGE = "El enlace no es válido, ya fue utilizado o expiró. Solicite uno nuevo.";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return json({ linkIsValid: token.length > 0 && (await isResetTokenLive(token)) });
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const form = await readForm(request);
  assertHoneypotEmpty(form);
  const submission = parseSubmission(form, resetPasswordSchema);
  if (submission.status !== "success") return replyWithErrors(submission, [], 400, { hideFields: SECRET_FIELDS });
  if (!token || !(await resetPassword(token, submission.value.password))) {
    return replyWithErrors(submission, { message: INVALID_LINK_MESSAGE }, 400, { hideFields: SECRET_FIELDS });
  }
  return redirectWithSuccess("/login", "Su contraseña fue actualizada. Ingrese con la nueva contraseña.");
}

export default function ResetPasswordPage() {
  const { linkIsValid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(resetPasswordSchema, { id: "reset-password", lastResult: result });
  if (!linkIsValid && !result) {
    return (
      <AuthLayout title="Enlace no válido">
        <Alert color="red" role="alert">
          {INVALID_LINK_MESSAGE}
        </Alert>
        <Anchor component={Link} to="/forgot-password">
          Solicitar un nuevo enlace
        </Anchor>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Defina su nueva contraseña" subtitle={`Use al menos ${MIN_PASSWORD_LENGTH} caracteres.`}>
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="md">
          <Honeypot />
          <FormError message={formErrorOf(form)} />
          <PasswordInput
            {...inputProps(fields.password, "password")}
            label="Nueva contraseña"
            autoComplete="new-password"
          />
          <PasswordInput
            {...inputProps(fields.confirmation, "password")}
            label="Confirme la contraseña"
            autoComplete="new-password"
          />
          <Button type="submit" loading={navigation.state !== "idle"} fullWidth>
            Guardar contraseña
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
