import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { EntryFilterForm } from "~/components/entries/EntryFilterForm";
import { EntryTable } from "~/components/entries/EntryTable";
import {
  entriesExportHref,
  entryListHref,
  entryViewHref,
  inOrganizationHref,
  journalHref,
} from "~/components/entries/links";
import { PageLinks } from "~/components/PageLinks";
import { keptParamFields } from "~/utils/links";
import { entryListParams, readEntryListQuery } from "~/domain/entries/query";
import { entryListView } from "~/services/entries/entries-read.server";
import { requireOrgContext } from "~/utils/org-context.server";

export const meta: MetaFunction = () => [{ title: "Asientos Contables · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const { query, problems, outOfBounds } = readEntryListQuery(new URL(request.url).searchParams, new Date());
  const view = await entryListView(organization, query, problems);
  return json({ ...view, admin: role === "admin" }, { status: outOfBounds ? 400 : 200 });
}

export default function EntryListPage() {
  const view = useLoaderData<typeof loader>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const org = view.organization.cedula;
  const params = entryListParams(view.query);
  const errors = Object.fromEntries(view.problems.map((problem) => [problem.field ?? "", problem.message]));
  const filtered = Boolean(view.query.q || view.query.account || view.query.source || view.query.status);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Asientos Contables</Title>
          <Text c="dimmed" size="sm">
            {view.organization.name} · {org} · {view.rangeLabel}
          </Text>
        </div>
        <Group gap="xs">
          {view.admin && (
            <Button component={Link} to={inOrganizationHref(current, org, "/entries/detail/new")}>
              Crear asiento
            </Button>
          )}
          <Button component="a" href={entriesExportHref("xlsx", org, params)} variant="default" download>
            Exportar XLSX
          </Button>
          <Button component="a" href={entriesExportHref("csv", org, params)} variant="default" download>
            Exportar CSV
          </Button>
          <Button component="a" href={journalHref(org, view.query)} variant="default" download>
            Diario (texto)
          </Button>
        </Group>
      </Group>

      {view.problems.length > 0 && (
        <Alert color="orange" role="alert" title="Revise los filtros" data-testid="query-problems">
          <Stack gap={2}>
            {view.problems.map((problem) => (
              <Text key={`${problem.field}-${problem.message}`} size="sm">
                {problem.message}
              </Text>
            ))}
            <Text size="sm">Se muestran los asientos con los demás filtros.</Text>
          </Stack>
        </Alert>
      )}

      <Paper withBorder p="md">
        <EntryFilterForm
          action="/entries/list"
          hidden={[["org", org], ...keptParamFields(current, ["org"])]}
          query={view.query}
          catalog={view.catalog}
          errors={errors}
          clearHref={entryListHref(current, org)}
        />
      </Paper>

      {view.count === 0 ? (
        <Paper withBorder p="xl" ta="center" data-testid="empty-entries">
          <Stack gap="xs" align="center">
            <Text fw={600}>
              {filtered
                ? "Ningún asiento coincide con los filtros en este período."
                : `No hay asientos entre el ${view.rangeLabel.replace(" – ", " y el ")}.`}
            </Text>
            {filtered && (
              <Anchor
                component={Link}
                to={entryListHref(current, org, { from: view.query.from, to: view.query.to })}
                size="sm"
              >
                Ver todos los asientos del período
              </Anchor>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          {view.accountLabel && (
            <Text size="sm" c="dimmed">
              Asientos con líneas en {view.accountLabel} (incluye sus subcuentas).
            </Text>
          )}
          <EntryTable
            rows={view.rows}
            totals={view.totals}
            countText={view.countText}
            hrefOf={(id) => entryViewHref(current, org, id)}
          />
          {view.totals.difference && (
            <Text size="xs" c="dimmed">
              Los borradores del filtro no cuadran: la diferencia entre débitos y créditos es {view.totals.difference}.
            </Text>
          )}
          <PageLinks
            page={view.page}
            pageCount={view.pageCount}
            count={view.count}
            pageSize={view.pageSize}
            noun={["asiento", "asientos"]}
            hrefOf={(page) => entryListHref(current, org, { ...params, page: String(page) })}
            testId="entry-count"
          />
        </>
      )}
    </Stack>
  );
}
