import { Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/AuthLayout";
import { Honeypot } from "~/components/Honeypot";
import { authenticator, getSignedInUser, InvalidCredentialsError, SIGN_IN_FAILED_MESSAGE } from "~/utils/auth.server";
import { badRequest, INVALID_FORM_MESSAGE } from "~/utils/form.server";
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
  let user;
  try {
    user = await authenticator.authenticate("password", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof InvalidCredentialsError || error instanceof ThrottledError)) {
      if (error instanceof TypeError) throw badRequest(INVALID_FORM_MESSAGE);
      throw error;
    }
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
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <AuthLayout title="Iniciar sesión" subtitle="Ingrese con su correo electrónico y contraseña.">
      <Form method="post" replace>
        <Stack gap="md">
          <Honeypot />
          <TextInput
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
          />
          <PasswordInput id="password" label="Contraseña" name="password" autoComplete="current-password" required />
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
