import { Alert, Anchor, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { ImportReportView } from "~/components/receipts/ImportReportView";
import { detailHref, monthHref } from "~/components/receipts/links";
import { monthLabel } from "~/domain/calendar";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { loadImportJob } from "~/services/receipts/import-jobs.server";

export const meta: MetaFunction = () => [{ title: "Importación de comprobantes · Contabilidad CR" }];

const REFRESH_SECONDS = 2;

/** The progress of a background import; without JavaScript the page refreshes itself while it runs. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const job = await loadImportJob(organization.id, params.jobID);
  if (!job) throw notFound("Importación no encontrada");
  const running = job.status === "en-cola" || job.status === "procesando";
  return json(
    { organization: { cedula: organization.cedula, name: organization.name }, job, running },
    { headers: { "Cache-Control": "private, no-store", ...(running ? { Refresh: String(REFRESH_SECONDS) } : {}) } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const refresh = loaderHeaders.get("Refresh");
  return { "Cache-Control": "private, no-store", ...(refresh ? { Refresh: refresh } : {}) };
};

export default function ImportJobPage() {
  const { organization, job, running } = useLoaderData<typeof loader>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [running, job, revalidator]);
  const handled = job.counts.importado + job.counts.duplicado + job.counts.rechazado;

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>Importación de comprobantes</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {organization.cedula}
        </Text>
      </div>
      <Stack gap={4} data-testid="import-job" data-status={job.status}>
        <Group gap="xs">
          <Text fw={600}>Estado: {job.statusLabel}</Text>
          <Text size="sm" c="dimmed">
            {job.fileNames.join(", ")}
          </Text>
        </Group>
        <Progress value={job.percent} animated={running} aria-label="Progreso de la importación" />
        <Text size="sm" c="dimmed" data-testid="import-job-progress">
          {job.percent} % leído · {handled} {handled === 1 ? "archivo procesado" : "archivos procesados"} (
          {job.counts.importado} importados, {job.counts.duplicado} duplicados, {job.counts.rechazado} rechazados)
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
      {job.report && (
        <ImportReportView
          report={job.report}
          monthHrefOf={(month, tab) => monthHref(current, { org: organization.cedula, month, tab })}
          receiptHrefOf={(id) => detailHref(current, organization.cedula, id)}
          monthLabelOf={monthLabel}
        />
      )}
      <Group>
        <Anchor component={Link} to={`/detail?${new URLSearchParams({ org: organization.cedula })}`} size="sm">
          Subir más comprobantes
        </Anchor>
        <Anchor
          component={Link}
          to={monthHref(current, { org: organization.cedula, month: "", tab: "emitidos" })}
          size="sm"
        >
          Volver a Comprobantes
        </Anchor>
      </Group>
    </Stack>
  );
}
