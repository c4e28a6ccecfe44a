import { Stack, Text } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ReportFilters } from "~/components/reports/ReportFilters";
import { ReportHeader, UnclassifiedWarning } from "~/components/reports/ReportHeader";
import { ResultsChart } from "~/components/reports/ResultsChart";
import { StatementTable } from "~/components/reports/StatementTable";
import { appHref } from "~/utils/links";
import {
  comparedColumnLabel,
  drillHref,
  formatReportAmount,
  monthlyView,
  statementRowsView,
  REPORT_TITLES,
  reportPageBasics,
} from "~/domain/reports";
import { readReportQuery, resultsReport, reportStatus } from "~/services/reports/reports.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { REUSE_RENDERED_DOCUMENT } from "~/utils/document-reuse";

// A report page renders from its URL and its loaders' data alone: its document is reused while they
// are unchanged (decisions 172, 211).
export const handle = REUSE_RENDERED_DOCUMENT;

export const meta: MetaFunction = () => [{ title: "Estado de Resultados · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const parsed = readReportQuery("results", new URL(request.url), { role });
  const { query } = parsed;
  const { statement, monthly } = await resultsReport(organization.id, query);
  const shareBase = { current: statement.current.income, compared: statement.compared?.income ?? null };
  return json(
    {
      ...reportPageBasics(organization, role, parsed),
      range: query.range,
      comparedLabel: comparedColumnLabel(query),
      rows: statementRowsView(statement.rows, shareBase),
      unclassifiedRows: statementRowsView(statement.unclassifiedRows, null),
      unclassified: statement.current.unclassified === 0n ? null : formatReportAmount(statement.current.unclassified),
      monthly: monthlyView(monthly),
    },
    { status: reportStatus(parsed) },
  );
}

export default function ResultsPage() {
  const data = useLoaderData<typeof loader>();
  const current = new URLSearchParams(useLocation().search);
  const exportHref = (extension: string) =>
    appHref(`/results.${extension}?${new URLSearchParams(data.params)}`, current, { menu: null, showSidebar: null });
  const hrefOf = (code: string) => appHref(drillHref(data.role, code, data.range), current);
  return (
    <Stack gap="md">
      <ReportHeader
        title={REPORT_TITLES.results}
        organization={data.organization}
        periodText={data.periodText}
        exportHrefs={{ xlsx: exportHref("xlsx"), csv: exportHref("csv"), pdf: exportHref("pdf") }}
        messages={data.messages}
      />
      <ReportFilters action="/results" values={data.filters} current={current} />
      {data.unclassified && <UnclassifiedWarning amount={data.unclassified} />}
      <StatementTable
        rows={data.rows}
        caption={`Estado de Resultados, ${data.periodText}`}
        showShare
        comparedLabel={data.comparedLabel}
        hrefOf={hrefOf}
        namesFirst={data.role === "client"}
        testId="results-table"
      />
      {data.unclassifiedRows.length > 0 && (
        <StatementTable
          rows={data.unclassifiedRows}
          caption="Por clasificar (fuera del resultado)"
          comparedLabel={data.comparedLabel}
          hrefOf={hrefOf}
          namesFirst={data.role === "client"}
          testId="unclassified-table"
        />
      )}
      <Text size="xs" c="dimmed">
        Montos en colones del lado natural de cada cuenta; entre paréntesis, los contrarios a su naturaleza. El impuesto
        sobre la renta estimado es el del cálculo de renta con la tabla del año (sin tabla, la línea lo dice y muestra
        el impuesto registrado); la provisión ya registrada no se resta de la utilidad antes de impuestos.
      </Text>
      <ResultsChart months={data.monthly} />
    </Stack>
  );
}
