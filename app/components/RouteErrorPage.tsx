import { Anchor, Button, Center, Code, Stack, Text, Title } from "@mantine/core";
import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

export const NOT_FOUND_TEXT = "Parece que estás perdido";

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
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  return (
    <Center mih="70vh" component="main">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1}>{status >= 500 ? "Algo salió mal" : "No se pudo completar la solicitud"}</Title>
        <Text c="dimmed">
          {status >= 500
            ? "Ocurrió un error inesperado. Intente de nuevo en unos minutos; si persiste, contacte a su contador."
            : detail ?? "La solicitud no es válida."}
        </Text>
        {status >= 500 && <Code>Error {status}</Code>}
        <Anchor component={Link} to="/">
          Volver a la página principal
        </Anchor>
      </Stack>
    </Center>
  );
}
