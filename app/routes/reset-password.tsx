import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AuthLayout } from "~/components/AuthLayout";
import { Honeypot } from "~/components/Honeypot";
import { assertHoneypotEmpty, readForm } from "~/utils/form.server";
import { isResetTokenLive, MIN_PASSWORD_LENGTH, resetPassword } from "~/utils/password-reset.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { FormError } from "~/components/FormError";

export const meta: MetaFunction = () => [{ title: "Nueva contraseña · Contabilidad CR" }];

const INVALID_LINK_MESSAGE = "El enlace no es válido, ya fue utilizado o expiró. Solicite uno nuevo.";

const schema = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`).max(200, "La contraseña es demasiado larga."),
    confirmation: z.string(),
  })
  .refine((value) => value.password === value.confirmation, {
    path: ["confirmation"],
    message: "Las contraseñas no coinciden.",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return json({ linkIsValid: token.length > 0 && (await isResetTokenLive(token)) });
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const form = await readForm(request);
  assertHoneypotEmpty(form);
  const parsed = schema.safeParse({ password: form.get("password"), confirmation: form.get("confirmation") });
  if (!parsed.success) return json({ error: parsed.error.issues[0].message }, { status: 400 });
  if (!token || !(await resetPassword(token, parsed.data.password))) {
    return json({ error: INVALID_LINK_MESSAGE }, { status: 400 });
  }
  return redirectWithSuccess("/login", "Su contraseña fue actualizada. Ingrese con la nueva contraseña.");
}

export default function ResetPasswordPage() {
  const { linkIsValid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
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
      <Form method="post">
        <Stack gap="md">
          <Honeypot />
          <FormError message={result?.error} />
          <PasswordInput id="new-password" label="Nueva contraseña" name="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} autoFocus />
          <PasswordInput id="password-confirmation" label="Confirme la contraseña" name="confirmation" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
          <Button type="submit" loading={navigation.state !== "idle"} fullWidth>
            Guardar contraseña
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
