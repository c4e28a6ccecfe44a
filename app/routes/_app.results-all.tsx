import { Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ReportFilters } from "~/components/reports/ReportFilters";
import { ReportHeader, UnclassifiedWarning } from "~/components/reports/ReportHeader";
import { TrialTable } from "~/components/reports/TrialTable";
import { DollarAccountsTable } from "~/components/reports/DollarAccountsTable";
import { appHref } from "~/utils/links";
import { drillHref, fromTrialWire, REPORT_TITLES, reportPageBasics, toTrialWire } from "~/domain/reports";
import { readReportQuery, trialPage, reportStatus } from "~/services/reports/reports.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { REUSE_RENDERED_DOCUMENT } from "~/utils/document-reuse";

// A report page renders from its URL and its loaders' data alone: its document is reused while they
// are unchanged (decisions 172, 211).
export const handle = REUSE_RENDERED_DOCUMENT;

export const meta: MetaFunction = () => [{ title: "Balance de Comprobación · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const parsed = readReportQuery("all", new URL(request.url), { role });
  const { query } = parsed;
  const page = await trialPage(organization.id, query);
  return json(
    {
      ...reportPageBasics(organization, role, parsed),
      range: query.range,
      trial: { rows: toTrialWire(page.rows), totals: page.totals, balanced: page.balanced, key: page.key },
      unclassified: page.unclassified,
      dollarAccounts: page.dollarAccounts,
    },
    { status: reportStatus(parsed) },
  );
}

export default function TrialBalancePage() {
  const data = useLoaderData<typeof loader>();
  const rows = useMemo(() => fromTrialWire(data.trial.rows), [data.trial.rows]);
  const current = new URLSearchParams(useLocation().search);
  const exportHref = (extension: string) =>
    appHref(`/results-all.${extension}?${new URLSearchParams(data.params)}`, current, {
      menu: null,
      showSidebar: null,
    });
  const hrefOf = (code: string) => appHref(drillHref(data.role, code, data.range), current);
  return (
    <Stack gap="md">
      <ReportHeader
        title={REPORT_TITLES.all}
        organization={data.organization}
        periodText={data.periodText}
        exportHrefs={{ xlsx: exportHref("xlsx"), csv: exportHref("csv"), pdf: exportHref("pdf") }}
        messages={data.messages}
      />
      <ReportFilters
        action="/results-all"
        values={data.filters}
        current={current}
        withComparison={false}
        withLeafOnly
      />
      {data.unclassified && <UnclassifiedWarning amount={data.unclassified} />}
      <TrialTable
        rows={rows}
        totals={data.trial.totals}
        caption={`Balance de Comprobación, ${data.periodText}`}
        hrefOf={hrefOf}
        rowsKey={data.trial.key}
      />
      {data.dollarAccounts.length > 0 && <DollarAccountsTable accounts={data.dollarAccounts} />}
      <Text size="xs" c="dimmed">
        Saldos con débito positivo; los saldos acreedores, entre paréntesis. Débitos y créditos totales son iguales
        cuando los libros cuadran.
      </Text>
    </Stack>
  );
}
