import { Alert, Anchor, Badge, Grid, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { FieldList } from "~/components/receipts/FieldList";
import { HaciendaBadge } from "~/components/receipts/HaciendaBadge";
import { HaciendaConflict } from "~/components/receipts/HaciendaConflict";
import { LinesTable } from "~/components/receipts/LinesTable";
import { mensajeReceptorHref, monthHref, pdfHref, xmlHref } from "~/components/receipts/links";
import { PartyCard } from "~/components/receipts/PartyCard";
import { ReceiptAmounts } from "~/components/receipts/ReceiptAmounts";
import { ReceiptReferences } from "~/components/receipts/ReceiptReferences";
import { ReceptorAnswer } from "~/components/receipts/ReceptorAnswer";
import type { SwitchHandle } from "~/components/shell/OrganizationSwitcher";
import { answerSchema, ANSWER_INTENT } from "~/domain/receipts/answer";
import { accessibleOrganizationsFor } from "~/utils/account.server";
import { requireUser } from "~/utils/auth.server";
import { askConfirmation, isConfirmed } from "~/utils/confirm.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import {
  ADMIN_ONLY_MESSAGE,
  loadReceiptDetail,
  receiptOrganizationRedirect,
  requireReceipt,
} from "~/services/receipts/receipts-detail.server";
import { answerReceipt } from "~/services/receipts/receipt-answer.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { haciendaConflictOf } from "~/services/receipts/hacienda-answers.server";
import { ReceiptBooking } from "~/components/booking/ReceiptBooking";
import { receiptBookingView } from "~/services/booking/booking-states.server";
import { submissionView } from "~/services/hacienda/queue.server";
import { missingAnswerText } from "~/domain/hacienda-queue/status";
import { SubmissionBadge } from "~/components/hacienda/SubmissionBadge";
import { SubmissionPanel } from "~/components/hacienda/SubmissionPanel";
import { receiptPdfView } from "~/services/mail/receipt-pdf.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Comprobante"} · Contabilidad CR` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // A link without ?org (shared, bookmarked) opens in the receipt's organization if the user may see it.
  const { user } = await requireUser(request);
  const owned = await receiptOrganizationRedirect(
    request,
    await accessibleOrganizationsFor(request, user),
    params.invoiceID,
  );
  if (owned) throw redirect(owned);
  const { organization, role } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  return json({
    ...(await loadReceiptDetail(organization, receipt, role === "admin")),
    haciendaConflict: haciendaConflictOf(receipt, role === "admin"),
    supplierPdf: await receiptPdfView(organization.id, receipt.clave),
    booking: await receiptBookingView(organization.id, receipt, role === "admin"),
    submissions: (
      await Promise.all(
        (["comprobante", "mensaje-receptor"] as const).map((document) =>
          submissionView(organization.id, String(receipt._id), document, role === "admin"),
        ),
      )
    ).filter((submission) => submission !== null),
  });
}

/** Switching organization on a receipt goes to the other organization's month view of this receipt's month and tab. */
export const handle: SwitchHandle = {
  switchContext: (data) => {
    const view = data as { month?: string; direction?: string };
    return { month: view.month, tab: view.direction === "issued" ? "emitidos" : "recibidos" };
  },
};

/**
 * Records the receptor's answer (admins of the organization only). The answer cannot be changed once
 * recorded, so a valid form is carried out only with its confirmation; without it the page asks.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization, role } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  const form = await readForm(request);
  if (role !== "admin")
    return replyWithErrors(parseSubmission(form, z.object({})), { message: ADMIN_ONLY_MESSAGE }, 403);
  if (form.get("intent") !== ANSWER_INTENT) {
    return replyWithErrors(parseSubmission(form, z.object({})), { message: "La acción solicitada no existe." });
  }
  const submission = parseSubmission(form, answerSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  if (!isConfirmed(form)) return askConfirmation(submission);
  const outcome = await answerReceipt(organization, receipt, submission.value, String(user._id));
  if (!outcome.ok) return replyWithErrors(submission, outcome.refusals);
  const url = new URL(request.url);
  url.searchParams.set("org", organization.cedula);
  return redirectWithSuccess(
    `${url.pathname}?${url.searchParams}`,
    `Respuesta registrada con el consecutivo ${outcome.consecutivo}.`,
  );
}

export default function ReceiptDetailPage() {
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as (SubmissionResult<string[]> & { confirm?: boolean }) | undefined;
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const org = view.organization.cedula;
  const tab = view.direction === "issued" ? "emitidos" : "recibidos";

  return (
    <Stack gap="md">
      <Anchor component={Link} to={monthHref(current, { org, month: view.month, tab })} size="sm">
        ‹ Comprobantes {tab} de {view.monthLabel}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {view.title}
          </Title>
          <Group gap="xs" mt={4}>
            <Badge variant="light">{view.directionLabel}</Badge>
            <HaciendaBadge status={view.hacienda.status} label={`Hacienda: ${view.hacienda.label}`} />
            {view.submissions
              .filter((submission) => submission.document === "comprobante")
              .map((submission) => (
                <SubmissionBadge key={submission.document} status={submission.status} reason={submission.reason} />
              ))}
            <Text size="sm" c="dimmed">
              {view.fecha}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" ff="monospace" mt={4} data-testid="receipt-clave">
            Clave {view.clave}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Anchor href={xmlHref(org, view.id)} download data-testid="xml-download">
            Descargar el XML original
          </Anchor>
          {view.supplierPdf && (
            <Anchor href={pdfHref(org, view.id)} data-testid="pdf-download">
              Ver el PDF del proveedor ({view.supplierPdf.size})
            </Anchor>
          )}
        </Stack>
      </Group>

      {view.warnings.length > 0 && (
        <Alert color="orange" title="Advertencias aritméticas del documento" data-testid="receipt-warnings">
          <List size="sm">
            {view.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <Paper withBorder p="md" component="section" aria-label="Encabezado">
        <FieldList fields={view.header} cols={3} />
      </Paper>

      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PartyCard title="Emisor" party={view.emisor} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PartyCard title="Receptor" party={view.receptor} />
        </Grid.Col>
      </Grid>

      <Stack gap="xs" component="section" aria-label="Líneas">
        <Title order={2} size="h4">
          Líneas ({view.lines.length}) · montos en {view.moneda}
        </Title>
        <LinesTable lines={view.lines} />
      </Stack>

      <ReceiptAmounts moneda={view.moneda} taxes={view.taxes} otrosCargos={view.otrosCargos} totals={view.totals} />

      {view.references.length > 0 && <ReceiptReferences references={view.references} current={current} org={org} />}

      <Paper withBorder p="md" component="section" aria-label="Estado en Hacienda" data-testid="hacienda-status">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Estado en Hacienda
          </Title>
          <Group gap="xs">
            <HaciendaBadge status={view.hacienda.status} label={view.hacienda.label} />
            {view.hacienda.estadoMensaje && <Text size="sm">{view.hacienda.estadoMensaje}</Text>}
          </Group>
          {view.hacienda.detalle ? (
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {view.hacienda.detalle}
            </Text>
          ) : (
            view.hacienda.status === "pendiente" && (
              <Text size="sm" c="dimmed">
                {missingAnswerText(
                  view.submissions.find((submission) => submission.document === "comprobante")?.status ?? null,
                )}
              </Text>
            )
          )}
          {view.haciendaConflict && (
            <HaciendaConflict
              conflict={view.haciendaConflict}
              action={`/detail/${view.id}/hacienda?${new URLSearchParams({ org })}`}
            />
          )}
        </Stack>
      </Paper>

      {view.submissions.map((submission) => (
        <SubmissionPanel
          key={submission.document}
          submission={submission}
          action={`/detail/${view.id}/reintentar?${new URLSearchParams({ org })}`}
        />
      ))}

      {view.direction === "received" && (
        <ReceptorAnswer
          answer={view.answer}
          result={result}
          action={`${location.pathname}?${new URLSearchParams({ ...Object.fromEntries(current), org })}`}
          mensajeReceptorHref={mensajeReceptorHref(org, view.id)}
          moneda={view.moneda}
        />
      )}

      <ReceiptBooking
        {...view.booking}
        action={`/detail/${view.id}/contabilizar?${new URLSearchParams({ org })}`}
        entryHref={(entryId) => `/entries/view/${entryId}?${new URLSearchParams({ org })}`}
        ruleHref={(ruleId) => `/admin/rules/${ruleId}?${new URLSearchParams({ org })}`}
      />

      <Text size="xs" c="dimmed">
        Archivo {view.fileName}, importado el {view.importedAt}.
      </Text>
    </Stack>
  );
}
