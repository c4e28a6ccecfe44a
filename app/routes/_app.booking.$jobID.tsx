import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { JobProgress, useRefreshWhileRunning } from "~/components/jobs/JobProgress";
import { detailHref, monthHref } from "~/components/receipts/links";
import { appHref } from "~/utils/links";
import { countLabel, pendingText, plural } from "~/domain/text";
import { loadBookingJob } from "~/services/booking/booking-jobs.server";
import { pendingReceipts } from "~/services/booking/booking.server";
import { receiptLabels } from "~/services/booking/receipt-labels.server";
import { PartyCell } from "~/components/booking/BookingPreview";
import { notFound } from "~/utils/http.server";
import { jobPageHeaders, jobDocumentHeaders } from "~/utils/job-page-headers";
import { requireOrgContext } from "~/utils/org-context.server";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export const meta: MetaFunction = () => [{ title: "Contabilización de comprobantes · Contabilidad CR" }];

/** The progress of a month's booking and each receipt's result; without JavaScript the page refreshes itself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const job = await loadBookingJob(organization.id, params.jobID);
  if (!job) throw notFound("Contabilización no encontrada");
  const running = job.status === "procesando";
  const pending = running ? 0 : (await pendingReceipts(organization.id, job.month)).length;
  const labels = await receiptLabels(
    organization.id,
    job.results.map((result) => result.receiptId),
  );
  const results = job.results.map((result) => {
    const label = labels.get(result.receiptId);
    return {
      ...result,
      party: label?.party ?? "",
      partyId: label?.partyId ?? null,
      document: label?.document ?? "",
      total: label?.total ?? "",
    };
  });
  return json(
    {
      organization: { cedula: organization.cedula, name: organization.name },
      job: { ...job, results },
      running,
      pending,
    },
    { headers: jobPageHeaders(running) },
  );
}

export const headers = jobDocumentHeaders;

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
  useRefreshWhileRunning(running, job);
  const count = (kind: string) => job.counts[kind] ?? 0;

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>Contabilización de {job.monthLabel}</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {organization.cedula}
        </Text>
      </div>
      <JobProgress
        testId="booking-job"
        status={job.status}
        statusLabel={job.statusLabel}
        percent={job.percent}
        running={running}
        progressLabel="Progreso de la contabilización"
        error={job.error}
      >
        {job.done} de {countLabel(job.total, "comprobante procesado", "comprobantes procesados")} ·{" "}
        {count("contabilizado")} {plural(count("contabilizado"), "contabilizado", "contabilizados")},{" "}
        {count("borrador")} en borrador, {count("error")} sin contabilizar
      </JobProgress>
      {!running && pending > 0 && (
        <Group>
          <Text size="sm">
            {pendingText(pending)} en {job.monthLabel}.
          </Text>
          <Button
            component={Link}
            to={appHref(`/booking/month?${new URLSearchParams({ month: job.month })}`, current)}
            variant="default"
            data-testid="book-month"
          >
            Contabilizar {countLabel(pending, "comprobante pendiente", "comprobantes pendientes")}
          </Button>
        </Group>
      )}
      {job.results.length > 0 && (
        <TableScrollRegion label="Resultado de la contabilización" minWidth={700}>
          <Table striped verticalSpacing="xs" data-testid="booking-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Proveedor o cliente</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th style={{ textAlign: "right" }}>Total</Table.Th>
                <Table.Th>Resultado</Table.Th>
                <Table.Th>Asiento</Table.Th>
                <Table.Th>Detalle</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.results.map((result) => (
                <Table.Tr key={result.receiptId}>
                  <Table.Td>
                    <PartyCell party={result.party} partyId={result.partyId} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={detailHref(current, organization.cedula, result.receiptId)} size="sm">
                      {result.document || result.consecutivo || result.receiptId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{result.total}</Table.Td>
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
        </TableScrollRegion>
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
