import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { PageLinks } from "~/components/PageLinks";
import { SimulationSummaryTiles } from "~/components/rules/SimulationSummaryTiles";
import { SimulationTable } from "~/components/rules/SimulationTable";
import type { SimulationRowView } from "~/domain/rules/simulation-view";
import { appHref, keptParamFields } from "~/utils/links";
import { currentMonth, formatDate, monthLabel, parseMonth, shiftMonth } from "~/domain/calendar";
import { indexCatalog } from "~/domain/catalog";
import { KIND_INFO, type DocumentKind } from "~/domain/hacienda/codes";
import { centsToAmount, formatColones } from "~/domain/money";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { simulateMonth } from "~/services/rules/simulate.server";
import { badRequest } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

export const meta: MetaFunction = () => [{ title: "Simular reglas de recepción · Contabilidad CR" }];

const PAGE_SIZE = 50;
const MONTH_MESSAGE = "Elija un mes válido (aaaa-mm).";

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const params = new URL(request.url).searchParams;
  const requested = params.get("month");
  const fallback = shiftMonth(currentMonth(), -1);
  const month = requested === null || requested.trim() === "" ? null : parseMonth(requested.trim());
  if (requested && requested.trim() !== "" && month === null) throw badRequest(MONTH_MESSAGE);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const base = { organization: { cedula: organization.cedula, name: organization.name }, month, fallback };
  if (!month) return json({ ...base, simulation: null });

  const [simulation, { tree }] = await Promise.all([
    simulateMonth(organization.id, month),
    loadCatalog(organization.id),
  ]);
  const index = indexCatalog(tree);
  const pageCount = Math.max(1, Math.ceil(simulation.receipts.length / PAGE_SIZE));
  const shown = simulation.receipts.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return json({
    ...base,
    simulation: {
      summary: simulation.summary,
      page: Math.min(page, pageCount),
      pageCount,
      rows: shown.map((receipt): SimulationRowView => {
        const { result } = receipt;
        return {
          id: receipt.id,
          kind: KIND_INFO[receipt.kind as DocumentKind]?.shortLabel ?? receipt.kind,
          consecutivo: receipt.consecutivo,
          date: formatDate(receipt.fechaEmision),
          emisor: receipt.emisor,
          total: formatColones(receipt.totalColones),
          rule: result.status !== "unreadable" && result.match ? `${result.match.ruleName}` : null,
          ruleVersion: result.status !== "unreadable" && result.match ? result.match.ruleVersion : null,
          status: result.status,
          message: result.status === "plan" ? null : result.message,
          post: result.status === "plan" ? result.post : null,
          unclassified: result.status === "plan" && result.unclassified,
          lines:
            result.status === "plan"
              ? result.lines.map((line) => ({
                  account: line.account,
                  label: index.get(line.account)?.label ?? "",
                  debit: line.debit > 0n ? formatColones(centsToAmount(line.debit)) : "",
                  credit: line.credit > 0n ? formatColones(centsToAmount(line.credit)) : "",
                }))
              : [],
        };
      }),
    },
  });
}

export default function SimulateRulesPage() {
  const { organization, month, fallback, simulation } = useLoaderData<typeof loader>();
  const current = new URLSearchParams(useLocation().search);
  current.set("org", organization.cedula);
  const pageHref = (page: number) => {
    const params = new URLSearchParams(current);
    params.set("page", String(page));
    return `/admin/rules/simulate?${params}`;
  };
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={appHref("/admin/rules", current)} size="sm">
        ← Recepción Automática de Comprobantes
      </Anchor>
      <div>
        <Title order={1}>Simular reglas</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · muestra, sin guardar nada, la regla que cumple cada comprobante recibido del mes y el
          asiento que se contabilizaría.
        </Text>
      </div>
      <Form method="get" action="/admin/rules/simulate" aria-label="Mes a simular">
        {keptParamFields(current).map(([name, value]) => (
          <input type="hidden" name={name} value={value} key={name} />
        ))}
        <Group align="flex-end" gap="xs">
          <TextInput
            type="month"
            name="month"
            label="Mes"
            defaultValue={month ?? fallback}
            required
            pattern="\d{4}-\d{2}"
            placeholder="aaaa-mm"
            w={200}
          />
          <Button type="submit">Simular</Button>
        </Group>
      </Form>

      {simulation && month && (
        <Stack gap="md" aria-label={`Simulación de ${monthLabel(month)}`} component="section">
          <Title order={2} size="h3">
            {monthLabel(month)}
          </Title>
          <SimulationSummaryTiles summary={simulation.summary} />
          {simulation.rows.length === 0 ? (
            <Alert color="blue">Este mes no tiene comprobantes recibidos.</Alert>
          ) : (
            <>
              <SimulationTable rows={simulation.rows} current={current} org={organization.cedula} />
              <PageLinks
                page={simulation.page}
                pageCount={simulation.pageCount}
                count={simulation.summary.receipts + simulation.summary.unreadable}
                pageSize={PAGE_SIZE}
                noun={["comprobante", "comprobantes"]}
                hrefOf={pageHref}
              />
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
