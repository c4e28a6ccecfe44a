import { getFormProps } from "@conform-to/react";
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { IDLE_LOGOUT_MESSAGE, IDLE_LOGOUT_REASON } from "~/components/IdleLogout";
import { inputProps, useSchemaForm } from "~/components/forms/conform";
import { Honeypot } from "~/components/Honeypot";
import { loginSchema } from "~/domain/auth/forms";
import { authenticator, getSignedInUser, InvalidCredentialsError, SIGN_IN_FAILED_MESSAGE } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { returnToFrom, withReturnTo } from "~/utils/return-to";
import { endSession, startSession } from "~/utils/session.server";
import { ThrottledError } from "~/utils/throttle.server";
import { redirectWithError } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Iniciar sesión · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSignedInUser(request)) throw redirect(returnToFrom(request.url));
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  // The strategy parses the body itself (loginSchema, in its verify callback); a body that is not a form
  // is refused here first, with the 400 every form answers.
  await readForm(request.clone());
  let user;
  try {
    user = await authenticator.authenticate("password", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof InvalidCredentialsError || error instanceof ThrottledError)) throw error;
    // A failed attempt also drops any half-finished sign-in: the next try starts from scratch.
    const headers = new Headers({ "Set-Cookie": await endSession(request) });
    const message = error instanceof ThrottledError ? error.message : SIGN_IN_FAILED_MESSAGE;
    return redirectWithError(withReturnTo("/login", url), message, { headers });
  }
  const cookie = await startSession(request, user._id, "password");
  const factor = user.totpFactors[0];
  const next = factor ? `/otp-verification?id=${factor._id}` : "/otp";
  return redirect(withReturnTo(next, url), { headers: { "Set-Cookie": cookie } });
}

export default function LoginPage() {
  const navigation = useNavigation();
  const location = useLocation();
  // Every failed sign-in answers with a toast (docs/spec/sign-in.md §5), so the form has no server reply to show.
  const [form, fields] = useSchemaForm(loginSchema, { id: "login" });
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <AuthLayout title="Iniciar sesión" subtitle="Ingrese con su correo electrónico y contraseña.">
      {new URLSearchParams(location.search).get("reason") === IDLE_LOGOUT_REASON && (
        <Alert color="blue" role="status" mb="md" data-testid="idle-logout-notice">
          {IDLE_LOGOUT_MESSAGE}
        </Alert>
      )}
      <Form method="post" replace {...getFormProps(form)}>
        <Stack gap="md">
          <Honeypot />
          <TextInput
            {...inputProps(fields.email, "email")}
            label="Correo electrónico"
            autoComplete="username"
            // The page has one purpose and the heading says it; the field is where the person starts.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          <PasswordInput
            {...inputProps(fields.password, "password")}
            label="Contraseña"
            autoComplete="current-password"
          />
          <Button type="submit" loading={submitting} fullWidth>
            Ingresar
          </Button>
          <Anchor component={Link} to={`/forgot-password${location.search}`} size="sm" ta="center">
            ¿Olvidó su contraseña?
          </Anchor>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
