import { Alert, Stack, Text } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ReportFilters } from "~/components/reports/ReportFilters";
import { ReportHeader, UnclassifiedWarning } from "~/components/reports/ReportHeader";
import { StatementTable } from "~/components/reports/StatementTable";
import { appHref } from "~/components/shell/links";
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
import { generalReport, readReportQuery } from "~/services/reports/reports.server";
import { requireOrgContext } from "~/utils/org-context.server";

export const meta: MetaFunction = () => [{ title: "Balance General · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const parsed = readReportQuery("general", new URL(request.url));
  const { query } = parsed;
  const sheet = await generalReport(organization.id, query);
  return json({
    ...reportPageBasics(organization, role, parsed),
    range: atDateRange(query.range.to),
    comparedLabel: comparedColumnLabel(query),
    rows: statementRowsView(sheet.rows, null),
    unclassifiedRows: statementRowsView(sheet.unclassifiedRows, null),
    unclassified: sheet.check.unclassified === 0n ? null : formatReportAmount(sheet.check.unclassified),
    check: checkView(sheet.check),
  });
}

export default function BalanceSheetPage() {
  const data = useLoaderData<typeof loader>();
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
      {check.holds ? (
        <Alert
          color="green"
          styles={{ title: { color: "var(--mantine-color-text)" } }}
          title="Activo = Pasivo + Patrimonio"
          data-testid="balance-check"
          data-holds="true"
        >
          Activo {check.assets.text} = Pasivo y patrimonio {check.liabilitiesAndEquity.text}
          {check.unclassified ? ` + partidas por clasificar con saldo ${check.unclassified.text} (grupo 70)` : ""}.
        </Alert>
      ) : (
        <Alert
          color="red"
          styles={{ title: { color: "var(--mantine-color-text)" } }}
          title="El balance no cuadra"
          data-testid="balance-check"
          data-holds="false"
        >
          Activo {check.assets.text}; pasivo y patrimonio {check.liabilitiesAndEquity.text}; diferencia{" "}
          {check.difference.text}. Ejecute la verificación de los libros.
        </Alert>
      )}
      <StatementTable
        rows={data.rows}
        caption={`Balance General ${data.periodText}`}
        comparedLabel={data.comparedLabel}
        hrefOf={hrefOf}
        testId="general-table"
      />
      {data.unclassifiedRows.length > 0 && (
        <StatementTable
          rows={data.unclassifiedRows}
          caption="Por clasificar (saldo con su signo, débito positivo)"
          comparedLabel={data.comparedLabel}
          hrefOf={hrefOf}
          testId="unclassified-table"
        />
      )}
      <Text size="xs" c="dimmed">
        Saldos acumulados a la fecha, del lado natural de cada cuenta. Mientras un año no se cierre, su resultado se
        muestra como una línea propia del patrimonio.
      </Text>
    </Stack>
  );
}
