import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { JobProgress, useRefreshWhileRunning } from "~/components/jobs/JobProgress";
import { bankAccountOf } from "~/services/bank/accounts.server";
import { loadBankImportJob } from "~/services/bank/import-jobs.server";
import { notFound, valueOrRefusal } from "~/utils/http.server";
import { jobDocumentHeaders, jobPageHeaders } from "~/utils/job-page-headers";
import { requireOrgContext } from "~/utils/org-context.server";

export const meta: MetaFunction = () => [{ title: "Importación de estado de cuenta · Contabilidad CR" }];

/** The progress of a long statement import; without JavaScript the page refreshes itself while it runs. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const account = valueOrRefusal(await bankAccountOf(organization.id, params.accountID ?? ""));
  const job = await loadBankImportJob(account, params.jobID ?? "");
  if (!job) throw notFound("Importación no encontrada");
  const running = job.status === "procesando";
  return json(
    {
      organization: { cedula: organization.cedula, name: organization.name },
      accountId: String(account._id),
      job,
      running,
    },
    { headers: jobPageHeaders(running) },
  );
}

export const headers = jobDocumentHeaders;

export default function BankImportJobPage() {
  const { organization, accountId, job, running } = useLoaderData<typeof loader>();
  useRefreshWhileRunning(running, job);
  const query = new URLSearchParams({ org: organization.cedula });
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1}>Importación de estado de cuenta</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {job.fileName}
        </Text>
      </div>
      <JobProgress
        testId="bank-import-job"
        status={job.status}
        statusLabel={job.statusLabel}
        percent={job.percent}
        running={running}
        progressLabel="Progreso de la importación"
        error={job.status === "terminada" ? null : job.message}
      >
        {job.progress}
      </JobProgress>
      {job.status === "terminada" && job.message && (
        <Alert color="green" role="status">
          {job.message}
        </Alert>
      )}
      <Group>
        <Anchor component={Link} to={`/admin/bank/${accountId}?${query}`} size="sm">
          Ver los movimientos de la cuenta
        </Anchor>
        <Anchor component={Link} to={`/admin/bank?${query}`} size="sm">
          Subir otro estado de cuenta
        </Anchor>
      </Group>
    </Stack>
  );
}
