import { Anchor, Button, Center, Code, Stack, Text, Title } from "@mantine/core";
import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

export const NOT_FOUND_TEXT = "Parece que se ha perdido";

export function NotFoundPage() {
  return (
    <Center mih="70vh" component="main">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>{NOT_FOUND_TEXT}</Title>
        <Text c="dimmed">La página que busca no existe o no tiene acceso a ella.</Text>
        <Button component={Link} to="/">
          Volver a la página principal
        </Button>
      </Stack>
    </Center>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = refusalMessage(error);
  return (
    <Center mih="70vh" component="main">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1}>{status >= 500 ? "Algo salió mal" : "No se pudo completar la solicitud"}</Title>
        <Text c="dimmed">
          {status >= 500
            ? "Ocurrió un error inesperado. Intente de nuevo en unos minutos; si persiste, contacte a su contador."
            : (detail ?? "La solicitud no es válida.")}
        </Text>
        {status >= 500 && <Code>Error {status}</Code>}
        <Anchor component={Link} to="/">
          Volver a la página principal
        </Anchor>
      </Stack>
    </Center>
  );
}

/** The Spanish message a thrown refusal carries ({ message }), if any; never an exception's own text. */
function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  if (typeof error.data === "string") return error.data;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}

/** A page's error inside the shell: the refusal's message for 4xx, a plain apology for anything else. */
export function PageError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status < 500 ? refusalMessage(error) : null;
  return (
    <Stack align="center" gap="md" maw={560} mx="auto" mt="xl" ta="center" data-testid="page-error">
      <Title order={1}>
        {status === 404 ? NOT_FOUND_TEXT : status >= 500 ? "Algo salió mal" : "No se pudo completar la solicitud"}
      </Title>
      {/* A 404 says what was not found ("Organización no encontrada", "Comprobante no encontrado") under the page's own title. */}
      {status === 404 && message && (
        <Title order={2} size="h3">
          {message}
        </Title>
      )}
      <Text c="dimmed">
        {status === 404
          ? "La página que busca no existe o no tiene acceso a ella."
          : status >= 500
            ? "Ocurrió un error inesperado. Intente de nuevo en unos minutos; si persiste, contacte a su contador."
            : (message ?? "La solicitud no es válida.")}
      </Text>
      <Anchor component={Link} to="/">
        Volver a la página principal
      </Anchor>
    </Stack>
  );
}
