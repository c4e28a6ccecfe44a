import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { BoardMonthNavigation } from "~/components/board/BoardMonthNavigation";
import { BoardTable } from "~/components/board/BoardTable";
import { boardHref } from "~/components/board/links";
import { keptParamFields } from "~/utils/links";
import { todayInCostaRica } from "~/domain/calendar";
import { BOARD_SEARCH_MAX } from "~/domain/board/row";
import { boardMonthLinks, NO_RESPONSIBLE, readBoardQuery } from "~/domain/board/query";
import { countLabel } from "~/domain/text";
import { useRefreshWhileRunning } from "~/components/jobs/JobProgress";
import { loadBoardView } from "~/services/board/board-page.server";
import { BOARD_PAGE_BUDGET } from "~/services/board/board.server";
import { requireAdmin } from "~/utils/auth.server";
import { jobDocumentHeaders, jobPageHeaders } from "~/utils/job-page-headers";

export const meta: MetaFunction = () => [{ title: "Resumen de clientes · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const now = new Date();
  const query = readBoardQuery(new URL(request.url).searchParams, now);
  const view = await loadBoardView(request, user, query, now, BOARD_PAGE_BUDGET);
  // While clients are being calculated the page refreshes itself (the Refresh header without JavaScript).
  return json(
    { query, view, today: todayInCostaRica(now), months: boardMonthLinks(query.month, now) },
    { headers: jobPageHeaders(view.calculating > 0, BOARD_REFRESH_SECONDS) },
  );
}

const BOARD_REFRESH_SECONDS = 3;

export const headers = jobDocumentHeaders;

function CalculatingNotice({ calculating, failed, href }: { calculating: number; failed: number; href: string }) {
  if (calculating === 0 && failed === 0) return null;
  return (
    <Alert color={failed > 0 ? "orange" : "blue"} role="status" data-testid="board-calculating">
      <Stack gap={4}>
        {calculating > 0 && (
          <Text size="sm">
            {calculating === 1
              ? "Calculando el mes de 1 cliente: sus cifras aparecen en cuanto esté listo."
              : `Calculando el mes de ${calculating} clientes: sus cifras aparecen en cuanto estén listos.`}{" "}
            La página se actualiza sola.
          </Text>
        )}
        {failed > 0 && (
          <Text size="sm">
            {failed === 1
              ? "No se pudo calcular el mes de 1 cliente; se intentará de nuevo en un minuto."
              : `No se pudo calcular el mes de ${failed} clientes; se intentará de nuevo en un minuto.`}
          </Text>
        )}
        <Anchor component={Link} to={href} reloadDocument size="sm">
          Actualizar
        </Anchor>
      </Stack>
    </Alert>
  );
}

export default function BoardPage() {
  const { query, view, today, months } = useLoaderData<typeof loader>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  useRefreshWhileRunning(view.calculating > 0, view);
  const to = (changes: Partial<typeof query>, path?: string) => boardHref(current, { ...query, ...changes }, path);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Resumen de clientes</Title>
          <Text size="sm" data-testid="board-count">
            {view.rows.length === view.total
              ? countLabel(view.total, "cliente", "clientes")
              : `${view.rows.length} de ${countLabel(view.total, "cliente", "clientes")}`}
            , primero los que requieren atención
          </Text>
        </div>
        <BoardMonthNavigation
          month={query.month}
          previous={months.previous}
          next={months.next}
          previousHref={months.previous ? to({ month: months.previous }) : null}
          nextHref={months.next ? to({ month: months.next }) : null}
        />
      </Group>
      <CalculatingNotice
        calculating={view.calculating}
        failed={view.failed}
        href={`${location.pathname}${location.search}`}
      />
      <Form method="get" role="search" aria-label="Buscar clientes">
        {keptParamFields(current, ["org"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="month" value={query.month} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            name="q"
            label="Buscar por nombre o cédula"
            defaultValue={query.search}
            maxLength={BOARD_SEARCH_MAX}
            w={280}
          />
          <NativeSelect
            name="responsable"
            label="Responsable"
            defaultValue={query.responsible}
            data={[
              { value: "", label: "Todos" },
              ...view.responsibles.map((responsible) => ({ value: responsible.id, label: responsible.email })),
              { value: NO_RESPONSIBLE, label: "Sin responsable" },
            ]}
            w={240}
          />
          <Checkbox name="pendientes" value="1" label="Solo con pendientes" defaultChecked={query.pendingOnly} mb={8} />
          <Button type="submit" variant="default">
            Filtrar
          </Button>
          <Button component="a" href={to({}, "/admin/board.csv")} variant="subtle" download>
            CSV
          </Button>
          <Button component="a" href={to({}, "/admin/board.xlsx")} variant="subtle" download>
            Excel
          </Button>
        </Group>
      </Form>
      {view.rows.length === 0 ? (
        <Text data-testid="board-empty">
          {view.total === 0 ? "No administra ningún cliente activo." : "Ningún cliente coincide con el filtro."}{" "}
          {view.total > 0 && <Link to={to({ search: "", pendingOnly: false, responsible: "" })}>Ver todos</Link>}
        </Text>
      ) : (
        <BoardTable rows={view.rows} month={query.month} today={today} current={current} />
      )}
    </Stack>
  );
}
