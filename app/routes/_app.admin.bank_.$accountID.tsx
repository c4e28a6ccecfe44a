import { Anchor, Group, Stack, Table, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BankLinesTable } from "~/components/bank/BankLinesTable";
import { PageLinks } from "~/components/PageLinks";
import { BANK_LINE_STATE_LABELS } from "~/domain/bank/view";
import { countLabel, dateText } from "~/domain/text";
import { formatDateTime } from "~/domain/calendar";
import { BANK_LINES_PER_PAGE, bankAccountPage, readLineState, readPage } from "~/services/bank/pages.server";
import { requireOrgContext } from "~/utils/org-context.server";

export const meta: MetaFunction = () => [{ title: "Movimientos de la cuenta bancaria · Contabilidad CR" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const search = new URL(request.url).searchParams;
  const page = await bankAccountPage(organization.id, params.accountID ?? "", {
    state: readLineState(search.get("state")),
    page: readPage(search.get("page")),
  });
  return json({ organization: { name: organization.name, cedula: organization.cedula }, ...page });
}

export default function BankAccountPage() {
  const data = useLoaderData<typeof loader>();
  const { account, counts, organization } = data;
  const total = counts.pendiente + counts.conciliado + counts.excluido;
  const hrefOf = (query: { state?: string | null; page?: number }) => {
    const search = new URLSearchParams({ org: organization.cedula });
    if (query.state) search.set("state", query.state);
    if (query.page && query.page > 1) search.set("page", String(query.page));
    return `/admin/bank/${account.id}?${search}`;
  };
  const shown = data.state ? counts[data.state] : total;
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={`/admin/bank?${new URLSearchParams({ org: organization.cedula })}`} size="sm">
          ← Cuentas bancarias
        </Anchor>
        <Title order={1}>
          {account.bankLabel} · {account.iban || account.number}
        </Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {account.currency} · cuenta contable {account.ledgerAccount} {account.ledgerLabel}
        </Text>
      </div>
      <Group gap="md" data-testid="bank-line-counts">
        <Text size="sm">{countLabel(counts.pendiente, "movimiento pendiente", "movimientos pendientes")}</Text>
        <Text size="sm">{countLabel(counts.conciliado, "conciliado", "conciliados")}</Text>
        <Text size="sm">{countLabel(counts.excluido, "excluido", "excluidos")}</Text>
      </Group>
      <Group component="nav" aria-label="Filtrar por estado" gap="md">
        {([null, "pendiente", "conciliado", "excluido"] as const).map((state) => (
          <Anchor
            key={state ?? "todos"}
            component={Link}
            to={hrefOf({ state })}
            fw={data.state === state ? 700 : undefined}
            aria-current={data.state === state ? "page" : undefined}
          >
            {state ? BANK_LINE_STATE_LABELS[state] : "Todos"}
          </Anchor>
        ))}
      </Group>
      <section aria-labelledby="bank-lines-title">
        <Title order={2} size="h3" id="bank-lines-title" mb="xs">
          Movimientos
        </Title>
        <Stack gap="sm">
          <PageLinks
            page={data.page}
            pageCount={data.pages}
            count={shown}
            pageSize={BANK_LINES_PER_PAGE}
            noun={["movimiento", "movimientos"]}
            hrefOf={(page) => hrefOf({ state: data.state, page })}
            testId="bank-lines-count"
          />
          <BankLinesTable lines={data.lines} />
        </Stack>
      </section>
      <section aria-labelledby="bank-imports-title">
        <Title order={2} size="h3" id="bank-imports-title" mb="xs">
          Últimas importaciones
        </Title>
        {data.imports.length === 0 ? (
          <Text c="dimmed">Aún no se ha importado ningún estado de cuenta.</Text>
        ) : (
          <Table withTableBorder data-testid="bank-imports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Archivo</Table.Th>
                <Table.Th>Período</Table.Th>
                <Table.Th>Movimientos</Table.Th>
                <Table.Th>Importado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.imports.map((statement) => (
                <Table.Tr key={statement.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    {statement.fileName} · {statement.formatLabel}
                  </Table.Td>
                  <Table.Td>
                    {dateText(statement.from)} al {dateText(statement.to)}
                  </Table.Td>
                  <Table.Td>
                    {countLabel(statement.newCount, "nuevo", "nuevos")} de {statement.lineCount}
                  </Table.Td>
                  <Table.Td>{formatDateTime(statement.importedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
    </Stack>
  );
}
