import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ImportReportView, type ImportReportData } from "~/components/receipts/ImportReportView";
import { detailHref, monthHref } from "~/components/receipts/links";
import { monthLabel } from "~/domain/calendar";
import { UploadForm, type UploadState } from "~/components/receipts/UploadForm";
import { requireOrgContext } from "~/utils/org-context.server";
import { MAX_UPLOAD_BYTES } from "~/services/receipts/receipts-upload.server";
import { importJobHref } from "~/services/receipts/import-job-view.server";
import { receiveUpload } from "~/services/receipts/import-jobs.server";
import { refusalStatus } from "~/utils/http.server";
import { FormError } from "~/components/FormError";

export const meta: MetaFunction = () => [{ title: "Subir comprobantes · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    maxMegabytes: MAX_UPLOAD_BYTES / (1024 * 1024),
  });
}

/** The upload without JavaScript: a plain multipart post; the page renders the results, or goes to the job's progress page. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, organization, role } = await requireOrgContext(request);
  const start = await receiveUpload(request, { organization, userId: String(user._id), uploader: role });
  if (!start.ok)
    return json({ error: start.refusals[0].message, report: null }, { status: refusalStatus(start.refusals) });
  if (start.kind === "report") return json({ error: null, report: start.report });
  return redirect(importJobHref(organization.cedula, start.jobId), 303);
}

export default function UploadReceiptsPage() {
  const { organization, maxMegabytes } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const [upload, setUpload] = useState<UploadState>({ phase: "idle" });
  const org = new URLSearchParams({ org: organization.cedula });
  const navigate = useNavigate();
  useEffect(() => {
    if (upload.phase === "queued") navigate(upload.href);
  }, [upload, navigate]);

  // Without JavaScript the action's answer is the page's; with it, the XMLHttpRequest's answer is.
  const report: ImportReportData | null =
    upload.phase === "done"
      ? upload.report
      : upload.phase === "failed"
        ? (upload.report ?? null)
        : upload.phase === "idle"
          ? (posted?.report ?? null)
          : null;
  const serverError = upload.phase === "idle" ? posted?.error : null;

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>Subir comprobantes</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {organization.cedula}
        </Text>
      </div>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">
            Los comprobantes se asignan a este cliente por su cédula: si el cliente es el emisor quedan como emitidos,
            si es el receptor como recibidos. Los archivos repetidos no se duplican, y las respuestas de Hacienda se
            registran en su comprobante por la clave. Los usuarios cliente pueden subir solo comprobantes recibidos; las
            respuestas de Hacienda y los comprobantes emitidos los importa su contador.
          </Text>
          <UploadForm
            action={`/detail?index&${org}`}
            jsonAction={`/detail/import?${org}`}
            maxMegabytes={maxMegabytes}
            onResult={setUpload}
          />
        </Stack>
      </Paper>
      <FormError message={serverError} />
      {report && (
        <ImportReportView
          report={report}
          monthHrefOf={(month, tab) => monthHref(current, { org: organization.cedula, month, tab })}
          receiptHrefOf={(id) => detailHref(current, organization.cedula, id)}
          monthLabelOf={monthLabel}
        />
      )}
      <Anchor
        component={Link}
        to={monthHref(current, { org: organization.cedula, month: "", tab: "emitidos" })}
        size="sm"
      >
        Volver a Comprobantes
      </Anchor>
    </Stack>
  );
}
