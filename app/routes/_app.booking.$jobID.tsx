import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Table, Text, Title } from "@mantine/core";
import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { detailHref, monthHref } from "~/components/receipts/links";
import { appHref } from "~/components/shell/links";
import { loadBookingJob } from "~/services/booking/booking-jobs.server";
import { pendingReceipts } from "~/services/booking/booking.server";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

export const meta: MetaFunction = () => [{ title: "Contabilización de comprobantes · Contabilidad CR" }];

const REFRESH_SECONDS = 2;

/** The progress of a month's booking and each receipt's result; without JavaScript the page refreshes itself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const job = await loadBookingJob(organization.id, params.jobID);
  if (!job) throw notFound("Contabilización no encontrada");
  const running = job.status === "procesando";
  const pending = running ? 0 : (await pendingReceipts(organization.id, job.month)).length;
  return json(
    { organization: { cedula: organization.cedula, name: organization.name }, job, running, pending },
    { headers: { "Cache-Control": "private, no-store", ...(running ? { Refresh: String(REFRESH_SECONDS) } : {}) } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const refresh = loaderHeaders.get("Refresh");
  return { "Cache-Control": "private, no-store", ...(refresh ? { Refresh: refresh } : {}) };
};

const RESULT_COLORS: Record<string, string> = {
  contabilizado: "green",
  borrador: "yellow",
  "ya-contabilizado": "gray",
  "no-contabilizable": "gray",
  rechazado: "gray",
  error: "red",
};

export default function BookingJobPage() {
  const { organization, job, running, pending } = useLoaderData<typeof loader>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [running, job, revalidator]);
  const count = (kind: string) => job.counts[kind] ?? 0;

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>Contabilización de {job.monthLabel}</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {organization.cedula}
        </Text>
      </div>
      <Stack gap={4} data-testid="booking-job" data-status={job.status}>
        <Text fw={600}>Estado: {job.statusLabel}</Text>
        <Progress value={job.percent} animated={running} aria-label="Progreso de la contabilización" />
        <Text size="sm" c="dimmed" data-testid="booking-job-progress">
          {job.done} de {job.total} comprobantes procesados · {count("contabilizado")} contabilizados,{" "}
          {count("borrador")} en borrador, {count("error")} sin contabilizar
        </Text>
        {running && (
          <Text size="sm">
            Puede seguir trabajando y volver a esta página más tarde.{" "}
            <Anchor component={Link} to={`${location.pathname}${location.search}`} reloadDocument>
              Actualizar
            </Anchor>
          </Text>
        )}
      </Stack>
      {job.error && (
        <Alert color="red" role="alert">
          {job.error}
        </Alert>
      )}
      {!running && pending > 0 && (
        <Form method="post" action={appHref("/booking/month", current)}>
          <input type="hidden" name="month" value={job.month} />
          <Group>
            <Text size="sm">
              Quedan {pending} {pending === 1 ? "comprobante pendiente" : "comprobantes pendientes"} en {job.monthLabel}
              .
            </Text>
            <Button type="submit" variant="default">
              Contabilizar {pending} {pending === 1 ? "comprobante pendiente" : "comprobantes pendientes"}
            </Button>
          </Group>
        </Form>
      )}
      {job.results.length > 0 && (
        <Table.ScrollContainer minWidth={700} type="native">
          <Table striped verticalSpacing="xs" data-testid="booking-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Consecutivo</Table.Th>
                <Table.Th>Resultado</Table.Th>
                <Table.Th>Asiento</Table.Th>
                <Table.Th>Detalle</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.results.map((result) => (
                <Table.Tr key={result.receiptId}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={detailHref(current, organization.cedula, result.receiptId)}
                      ff="monospace"
                    >
                      {result.consecutivo || result.receiptId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={RESULT_COLORS[result.kind] ?? "gray"} variant="light" c="dark.7">
                      {result.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {result.entryId ? (
                      <Anchor component={Link} to={appHref(`/entries/view/${result.entryId}`, current)}>
                        {result.number ?? "Borrador"}
                      </Anchor>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                  <Table.Td>{result.message ?? ""}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Anchor
        component={Link}
        to={monthHref(current, { org: organization.cedula, month: job.month, tab: "recibidos" })}
      >
        Volver a los comprobantes de {job.monthLabel}
      </Anchor>
    </Stack>
  );
}
