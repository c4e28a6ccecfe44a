import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { ImportReportView } from "~/components/receipts/ImportReportView";
import { JobProgress, useRefreshWhileRunning } from "~/components/jobs/JobProgress";
import { detailHref, monthHref } from "~/components/receipts/links";
import { monthLabel } from "~/domain/calendar";
import { notFound } from "~/utils/http.server";
import { jobPageHeaders, jobDocumentHeaders } from "~/utils/job-page-headers";
import { requireOrgContext } from "~/utils/org-context.server";
import { loadImportJob } from "~/services/receipts/import-job-view.server";
import { countLabel, plural } from "~/domain/text";

export const meta: MetaFunction = () => [{ title: "Importación de comprobantes · Contabilidad CR" }];

/** The progress of a background import; without JavaScript the page refreshes itself while it runs. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const job = await loadImportJob(organization.id, params.jobID);
  if (!job) throw notFound("Importación no encontrada");
  const running = job.status === "en-cola" || job.status === "procesando";
  return json(
    { organization: { cedula: organization.cedula, name: organization.name }, job, running },
    { headers: jobPageHeaders(running) },
  );
}

export const headers = jobDocumentHeaders;

export default function ImportJobPage() {
  const { organization, job, running } = useLoaderData<typeof loader>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  useRefreshWhileRunning(running, job);
  const handled = job.counts.importado + job.counts.duplicado + job.counts.rechazado;

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>Importación de comprobantes</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {organization.cedula}
        </Text>
      </div>
      <JobProgress
        testId="import-job"
        status={job.status}
        statusLabel={job.statusLabel}
        percent={job.percent}
        running={running}
        progressLabel="Progreso de la importación"
        aside={
          <Text size="sm" c="dimmed">
            {job.fileNames.join(", ")}
          </Text>
        }
        error={job.error}
      >
        {job.percent} % leído · {countLabel(handled, "archivo procesado", "archivos procesados")} (
        {job.counts.importado} {plural(job.counts.importado, "importado", "importados")}, {job.counts.duplicado}{" "}
        {plural(job.counts.duplicado, "duplicado", "duplicados")}, {job.counts.rechazado}{" "}
        {plural(job.counts.rechazado, "rechazado", "rechazados")})
      </JobProgress>
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
