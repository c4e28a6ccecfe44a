import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { PageLinks } from "~/components/PageLinks";
import { detailHref } from "~/components/receipts/links";
import { appHref, keptParamFields } from "~/utils/links";
import { currentMonth, formatDate, monthLabel, parseMonth, shiftMonth } from "~/domain/calendar";
import { indexCatalog } from "~/domain/catalog";
import { KIND_INFO, type DocumentKind } from "~/domain/hacienda/codes";
import { centsToAmount, formatColones } from "~/domain/money";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { simulateMonth } from "~/services/rules/simulate.server";
import { badRequest } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { TableScrollRegion } from "~/components/TableScrollRegion";

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
      rows: shown.map((receipt) => {
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

function Summary({
  summary,
}: {
  summary: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["simulation"]>["summary"];
}) {
  const tiles: Array<[string, number]> = [
    ["Comprobantes recibidos", summary.receipts + summary.unreadable],
    ["Con regla", summary.matched],
    ["Por clasificar", summary.unclassified],
    ["Sin asiento", summary.noEntry + summary.unreadable],
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {tiles.map(([label, value]) => (
          <Paper withBorder p="sm" key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} size="lg" data-testid={`simulation-${label}`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {summary.byRule.length > 0 && (
        <Text size="sm">{summary.byRule.map((rule) => `${rule.name}: ${rule.count}`).join(" · ")}</Text>
      )}
    </Stack>
  );
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
          <Summary summary={simulation.summary} />
          {simulation.rows.length === 0 ? (
            <Alert color="blue">Este mes no tiene comprobantes recibidos.</Alert>
          ) : (
            <>
              <TableScrollRegion label="Comprobantes simulados" minWidth={900}>
                <Table verticalSpacing="sm" aria-label="Comprobantes simulados" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fecha</Table.Th>
                      <Table.Th>Comprobante</Table.Th>
                      <Table.Th>Emisor</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                      <Table.Th>Regla</Table.Th>
                      <Table.Th>Asiento</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {simulation.rows.map((row) => (
                      <Table.Tr key={row.id} data-receipt={row.consecutivo}>
                        <Table.Td style={{ verticalAlign: "top" }}>{row.date}</Table.Td>
                        <Table.Td style={{ verticalAlign: "top" }}>
                          <Anchor component={Link} to={detailHref(current, organization.cedula, row.id)} size="sm">
                            {row.kind} {row.consecutivo}
                          </Anchor>
                        </Table.Td>
                        <Table.Td style={{ verticalAlign: "top" }}>{row.emisor}</Table.Td>
                        <Table.Td ta="right" style={{ verticalAlign: "top", whiteSpace: "nowrap" }}>
                          {row.total}
                        </Table.Td>
                        <Table.Td style={{ verticalAlign: "top" }} data-testid="simulated-rule">
                          {row.rule ? (
                            <Text size="sm">
                              {row.rule}{" "}
                              <Text span size="xs" c="dimmed">
                                v{row.ruleVersion}
                              </Text>
                            </Text>
                          ) : row.unclassified ? (
                            <Badge color="yellow" variant="light" c="dark.7">
                              Por clasificar
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Ninguna
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ verticalAlign: "top" }}>
                          {row.status === "plan" ? (
                            <Stack gap={2}>
                              <Text size="xs" c="dimmed">
                                {row.post ? "Se contabilizaría" : "Quedaría en borrador"}
                              </Text>
                              <Table withRowBorders={false} verticalSpacing={0} fz="xs">
                                <Table.Tbody>
                                  {row.lines.map((line, index) => (
                                    <Table.Tr key={index}>
                                      <Table.Td>
                                        <Text span ff="monospace" size="xs">
                                          {line.account}
                                        </Text>{" "}
                                        {line.label}
                                      </Table.Td>
                                      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                                        {line.debit}
                                      </Table.Td>
                                      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                                        {line.credit}
                                      </Table.Td>
                                    </Table.Tr>
                                  ))}
                                </Table.Tbody>
                              </Table>
                            </Stack>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Sin asiento: {row.message}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
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
