import { Anchor, Button, Stack, TextInput } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AuthLayout } from "~/components/AuthLayout";
import { Honeypot } from "~/components/Honeypot";
import { assertHoneypotEmpty, readForm } from "~/utils/form.server";
import { requestPasswordReset, RESET_FAILED_MESSAGE, RESET_SENT_MESSAGE } from "~/utils/password-reset.server";
import { withReturnTo } from "~/utils/return-to";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { FormError } from "~/components/FormError";

export const meta: MetaFunction = () => [{ title: "Recuperar contraseña · Contabilidad CR" }];

const schema = z.object({ email: z.string().trim().email("Ingrese un correo electrónico válido.") });

export async function loader(_args: LoaderFunctionArgs) {
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  assertHoneypotEmpty(form);
  const parsed = schema.safeParse({ email: form.get("email") });
  if (!parsed.success) return json({ error: parsed.error.issues[0].message }, { status: 400 });
  const url = new URL(request.url);
  try {
    await requestPasswordReset(parsed.data.email);
  } catch (error) {
    console.error("password reset mail failed", error);
    return redirectWithError(withReturnTo("/forgot-password", url), RESET_FAILED_MESSAGE);
  }
  return redirectWithSuccess(withReturnTo("/login", url), RESET_SENT_MESSAGE);
}

export default function ForgotPasswordPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <AuthLayout
      title="Recuperar contraseña"
      subtitle="Le enviaremos un enlace para definir una nueva contraseña. El enlace vence en 1 hora."
    >
      <Form method="post">
        <Stack gap="md">
          <Honeypot />
          <FormError message={result?.error} />
          <TextInput label="Correo electrónico" name="email" type="email" autoComplete="email" required autoFocus />
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
