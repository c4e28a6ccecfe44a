import { isNotFound } from "~/domain/refusal";
import { Paper, Stack, Text } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { entryViewHref } from "~/components/entries/links";
import { replyFor } from "~/components/forms/conform";
import { ReportFilters } from "~/components/reports/ReportFilters";
import { ReportHeader, UnclassifiedWarning } from "~/components/reports/ReportHeader";
import { StatementTable } from "~/components/reports/StatementTable";
import { YearClosePanel } from "~/components/reports/YearClosePanel";
import { appHref } from "~/utils/links";
import {
  atDateRange,
  checkView,
  comparedColumnLabel,
  drillHref,
  formatReportAmount,
  statementRowsView,
  REPORT_TITLES,
  reportPageBasics,
} from "~/domain/reports";
import { UNKNOWN_YEAR_CLOSE_INTENT, YEAR_CLOSE_INTENTS, type YearCloseIntent } from "~/domain/closing";
import { generalReport, readReportQuery, reportStatus } from "~/services/reports/reports.server";
import { closeFiscalYear, reopenFiscalYear, yearCloseStatus } from "~/services/reports/year-close.server";
import { askConfirmation, isConfirmed } from "~/utils/confirm.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { REUSE_RENDERED_DOCUMENT } from "~/utils/document-reuse";

// A report page renders from its URL and its loaders' data alone: its document is reused while they
// are unchanged (decisions 172, 211).
export const handle = REUSE_RENDERED_DOCUMENT;

export const meta: MetaFunction = () => [{ title: "Balance General · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const parsed = readReportQuery("general", new URL(request.url), { role });
  const { query } = parsed;
  const [sheet, yearClose] = await Promise.all([
    generalReport(organization.id, query),
    role === "admin" ? yearCloseStatus(organization.id, Number(query.range.to.slice(0, 4))) : null,
  ]);
  return json(
    {
      yearClose,
      ...reportPageBasics(organization, role, parsed),
      range: atDateRange(query.range.to),
      comparedLabel: comparedColumnLabel(query),
      rows: statementRowsView(sheet.rows, null),
      unclassifiedRows: statementRowsView(sheet.unclassifiedRows, null),
      unclassified: sheet.check.unclassified === 0n ? null : formatReportAmount(sheet.check.unclassified),
      check: checkView(sheet.check),
    },
    { status: reportStatus(parsed) },
  );
}

/** Cierre del período (admins): close the year of the shown date, or reopen it with a reason. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(YEAR_CLOSE_INTENTS, intent))
    return replyWithErrors(parseSubmission(form, z.object({})), { message: UNKNOWN_YEAR_CLOSE_INTENT });
  const submission = parseSubmission(form, YEAR_CLOSE_INTENTS[intent as YearCloseIntent]);
  if (submission.status !== "success") return replyWithErrors(submission);
  if (!isConfirmed(form)) return askConfirmation(submission);
  const actor = { by: String(user._id) };
  const value = submission.value as { intent: YearCloseIntent; year: number; reason?: string };
  const outcome =
    value.intent === "close-year"
      ? await closeFiscalYear(organization.id, value.year, actor)
      : await reopenFiscalYear(organization.id, value.year, value.reason ?? "", actor);
  if (!outcome.ok) {
    if (isNotFound(outcome.refusals)) throw notFound(outcome.refusals[0]?.message ?? "Organización no encontrada");
    return replyWithErrors(
      submission,
      outcome.refusals.map(({ message }) => ({ message })),
      409,
    );
  }
  const url = new URL(request.url);
  const done =
    value.intent === "close-year"
      ? `Año ${value.year} cerrado con el asiento ${outcome.entry.number}; la fecha de cierre contable es el 31/12/${value.year}.`
      : `Año ${value.year} reabierto: el asiento ${outcome.entry.number} revierte el cierre.`;
  return redirectWithSuccess(`${url.pathname}${url.search}`, done);
}

export default function BalanceSheetPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as (SubmissionResult<string[]> & { confirm?: true }) | undefined;
  const current = new URLSearchParams(useLocation().search);
  const exportHref = (extension: string) =>
    appHref(`/results-general.${extension}?${new URLSearchParams(data.params)}`, current, {
      menu: null,
      showSidebar: null,
    });
  const hrefOf = (code: string) => appHref(drillHref(data.role, code, data.range), current);
  const { check } = data;
  return (
    <Stack gap="md">
      <ReportHeader
        title={REPORT_TITLES.general}
        organization={data.organization}
        periodText={data.periodText}
        exportHrefs={{ xlsx: exportHref("xlsx"), csv: exportHref("csv"), pdf: exportHref("pdf") }}
        messages={data.messages}
      />
      <ReportFilters action="/results-general" values={data.filters} current={current} atDate />
      {data.unclassified && <UnclassifiedWarning amount={data.unclassified} />}
      {/* A statement of fact on every visit, not an interruption: plain text in a status region. */}
      <Paper
        withBorder
        p="sm"
        role="status"
        bg={check.holds ? "var(--mantine-color-green-light)" : "var(--mantine-color-red-light)"}
        data-testid="balance-check"
        data-holds={check.holds ? "true" : "false"}
      >
        <Text fw={700} size="sm">
          {check.holds ? "Activo = Pasivo + Patrimonio" : "El balance no cuadra"}
        </Text>
        <Text size="sm">
          {check.sentence}
          {check.holds ? "" : " Ejecute la verificación de los libros."}
        </Text>
      </Paper>
      <StatementTable
        rows={data.rows}
        caption={`Balance General ${data.periodText}`}
        comparedLabel={data.comparedLabel}
        hrefOf={hrefOf}
        namesFirst={data.role === "client"}
        testId="general-table"
      />
      {data.unclassifiedRows.length > 0 && (
        <StatementTable
          rows={data.unclassifiedRows}
          caption="Por clasificar (saldo con su signo, débito positivo)"
          comparedLabel={data.comparedLabel}
          hrefOf={hrefOf}
          namesFirst={data.role === "client"}
          testId="unclassified-table"
        />
      )}
      {data.yearClose && (
        <YearClosePanel
          status={data.yearClose}
          closeResult={replyFor(result, "close-year")}
          reopenResult={replyFor(result, "reopen-year")}
          entryHref={(id) => entryViewHref(current, data.organization.cedula, id)}
        />
      )}
      <Text size="xs" c="dimmed">
        Saldos acumulados a la fecha, del lado natural de cada cuenta. Mientras un año no se cierre, su resultado se
        muestra como una línea propia del patrimonio.
      </Text>
    </Stack>
  );
}
