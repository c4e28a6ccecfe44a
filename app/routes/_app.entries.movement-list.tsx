import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { AccountFilterPicker } from "~/components/entries/AccountFilterPicker";
import { entryListHref, entryViewHref, movementListHref, movementsExportHref } from "~/components/entries/links";
import { MovementTable } from "~/components/entries/MovementTable";
import { PageLinks } from "~/components/PageLinks";
import { DateField } from "~/components/forms/DateField";
import { keptParamFields } from "~/utils/links";
import { movementParams, readMovementQuery } from "~/domain/entries/query";
import { movementView } from "~/services/entries/entries-read.server";
import { requireOrgContext } from "~/utils/org-context.server";

export const meta: MetaFunction = () => [{ title: "Movimientos por Cuenta · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const { query, problems, outOfBounds } = readMovementQuery(new URL(request.url).searchParams, new Date());
  return json(await movementView(organization, query, problems), { status: outOfBounds ? 400 : 200 });
}

export default function MovementListPage() {
  const view = useLoaderData<typeof loader>();
  const current = new URLSearchParams(useLocation().search);
  const org = view.organization.cedula;
  const params = movementParams(view.query);
  const errors = Object.fromEntries(view.problems.map((problem) => [problem.field ?? "", problem.message]));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Movimientos por Cuenta</Title>
          <Text c="dimmed" size="sm">
            {view.organization.name} · {org} · {view.rangeLabel}
          </Text>
        </div>
        {view.account && (
          <Group gap="xs">
            <Button component="a" href={movementsExportHref("xlsx", org, params)} variant="default" download>
              Exportar XLSX
            </Button>
            <Button component="a" href={movementsExportHref("csv", org, params)} variant="default" download>
              Exportar CSV
            </Button>
          </Group>
        )}
      </Group>

      {view.problems.length > 0 && (
        <Alert color="orange" role="alert" title="Revise la consulta" data-testid="query-problems">
          {view.problems.map((problem) => (
            <Text key={`${problem.field}-${problem.message}`} size="sm">
              {problem.message}
            </Text>
          ))}
        </Alert>
      )}

      <Paper withBorder p="md">
        <Form
          method="get"
          action="/entries/movement-list"
          role="search"
          aria-label="Consultar movimientos"
          key={JSON.stringify(view.query)}
        >
          <input type="hidden" name="org" value={org} />
          {keptParamFields(current, ["org"]).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
            <AccountFilterPicker
              catalog={view.catalog}
              name="account"
              label="Cuenta"
              emptyLabel="Seleccione una cuenta"
              defaultValue={view.query.account}
              error={errors.account}
              required
            />
            <DateField name="from" label="Desde" defaultValue={view.query.from} error={errors.from} />
            <DateField name="to" label="Hasta" defaultValue={view.query.to} error={errors.to} />
          </SimpleGrid>
          <Group mt="sm">
            <Button type="submit">Consultar</Button>
          </Group>
        </Form>
      </Paper>

      {!view.account || !view.movements ? (
        <Paper withBorder p="xl" ta="center" data-testid="choose-account">
          <Text>
            Elija una cuenta para ver su saldo inicial, sus movimientos con el saldo acumulado y su saldo final. Una
            cuenta con subcuentas las incluye a todas.
          </Text>
        </Paper>
      ) : (
        <>
          <Group justify="space-between" wrap="wrap" align="flex-end">
            <div>
              <Title order={2} size="h3" data-testid="movement-account">
                {view.account.code} {view.account.label}
              </Title>
              {view.account.parent && (
                <Text size="sm" c="dimmed">
                  Incluye los movimientos de todas sus subcuentas.
                </Text>
              )}
            </div>
            <Anchor
              component={Link}
              to={entryListHref(current, org, { account: view.account.code, from: view.query.from, to: view.query.to })}
              size="sm"
            >
              Ver los asientos de esta cuenta
            </Anchor>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Saldo inicial" value={view.movements.opening} testId="opening-balance" />
            <Figure label="Débitos" value={view.movements.totalDebit} testId="total-debit" />
            <Figure label="Créditos" value={view.movements.totalCredit} testId="total-credit" />
            <Figure label="Saldo final" value={view.movements.closing} testId="closing-balance" />
            {view.movements.dollars && (
              <>
                <Figure
                  label="Saldo inicial en dólares"
                  value={view.movements.dollars.opening}
                  testId="opening-dollars"
                />
                <Figure
                  label="Saldo final en dólares"
                  value={view.movements.dollars.closing}
                  testId="closing-dollars"
                />
              </>
            )}
          </SimpleGrid>
          {view.movements.count === 0 ? (
            <Paper withBorder p="lg" ta="center" data-testid="no-movements">
              <Text>La cuenta no tiene movimientos contabilizados en este período.</Text>
            </Paper>
          ) : (
            <MovementTable
              movements={view.movements}
              showAccount={view.account.parent}
              hrefOf={(id) => entryViewHref(current, org, id)}
            />
          )}
          <Text size="xs" c="dimmed">
            Saldos como débitos menos créditos: un saldo acreedor se muestra negativo. Solo cuentan los asientos
            contabilizados.
          </Text>
          <PageLinks
            page={view.movements.page}
            pageCount={view.movements.pageCount}
            count={view.movements.count}
            pageSize={view.movements.pageSize}
            noun={["movimiento", "movimientos"]}
            hrefOf={(page) => movementListHref(current, org, { ...params, page: String(page) })}
            testId="movement-count"
          />
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Paper>
  );
}
