import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { OpenItemsRevaluation } from "~/components/exchange-rates/OpenItemsRevaluation";
import { MonthNavigation } from "~/components/receipts/MonthNavigation";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import {
  currentMonth,
  formatCalendarDate,
  monthLabel,
  parseMonth,
  shiftMonth,
  type CalendarDate,
  type MonthKey,
} from "~/domain/calendar";
import {
  closingRateText,
  openItemsRevaluationView,
  REVALUATION_BASES,
  REVALUATION_BASIS_LABELS,
  revaluationPlanView,
  type RevaluationBasis,
} from "~/domain/exchange-rates";
import { MONTH_QUERY_MESSAGE } from "~/domain/iva/prorrata";
import { postRevaluation, revaluationReport, reverseRevaluation } from "~/services/revaluation/revaluation.server";
import { readForm } from "~/utils/form.server";
import { badRequest, refusalStatus } from "~/utils/http.server";
import { appHref } from "~/utils/links";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Diferencial cambiario · Contabilidad CR" }];

const PAGE = "/admin/exchange-difference";
const BASIS_MESSAGE =
  "Elija el tipo de cambio de cierre: venta para todas, o compra para activos y venta para pasivos.";
const ACTION_FORM = z.object({
  intent: z.enum(["registrar", "revertir"], { errorMap: () => ({ message: "Acción desconocida." }) }),
  basis: z.enum(REVALUATION_BASES, { errorMap: () => ({ message: BASIS_MESSAGE }) }).default("sell"),
});

/** The month asked for (the previous month by default, the one a contador closes) and the rate basis. */
function readQuery(url: URL): { month: MonthKey; basis: RevaluationBasis } {
  const text = url.searchParams.get("month");
  const month = text === null || text.trim() === "" ? shiftMonth(currentMonth(), -1) : parseMonth(text);
  if (!month) throw badRequest(MONTH_QUERY_MESSAGE);
  const basisText = url.searchParams.get("basis") ?? "sell";
  if (!(REVALUATION_BASES as readonly string[]).includes(basisText)) throw badRequest(BASIS_MESSAGE);
  return { month, basis: basisText as RevaluationBasis };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const { month, basis } = readQuery(new URL(request.url));
  const report = await revaluationReport(organization.id, month, basis);
  return json({
    organization: { name: organization.name, cedula: organization.cedula },
    month,
    monthLabel: monthLabel(month),
    previousMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
    basis,
    rateText: report.rate ? closingRateText(report.rate) : null,
    rateWarning: report.rateWarning,
    accountCount: Object.keys(report.labels).length,
    plan: report.plan ? revaluationPlanView(report.plan, report.labels) : null,
    openItems: report.plan ? openItemsRevaluationView(report.items, report.plan, report.labels) : [],
    posted: report.posted
      ? { ...report.posted, dateText: formatCalendarDate(report.posted.date as CalendarDate) }
      : null,
    accounts: report.accounts,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const url = new URL(request.url);
  const { month } = readQuery(url);
  const parsed = ACTION_FORM.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return json({ message: parsed.error.issues[0].message }, { status: 400 });
  const { intent, basis } = parsed.data;
  const actor = { by: String(user._id) };
  const outcome =
    intent === "registrar"
      ? await postRevaluation(organization.id, month, basis, actor)
      : await reverseRevaluation(organization.id, month, actor);
  if (!outcome.ok)
    return json(
      { message: outcome.refusals.map((item) => item.message).join(" ") },
      { status: refusalStatus(outcome.refusals) },
    );
  const back = appHref(`${PAGE}?${new URLSearchParams({ org: organization.cedula, month, basis })}`, url.searchParams);
  return redirectWithSuccess(
    back,
    intent === "registrar"
      ? `Diferencial cambiario de ${monthLabel(month)} registrado: asiento ${outcome.value.number}.`
      : `Diferencial cambiario revertido con el asiento ${outcome.value.number}; puede registrarlo de nuevo.`,
  );
}

export default function ExchangeDifferencePage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const current = new URLSearchParams(useLocation().search);
  const busy = navigation.state === "submitting";
  const page = (params: Record<string, string>) =>
    appHref(
      `${PAGE}?${new URLSearchParams({ org: data.organization.cedula, month: data.month, basis: data.basis, ...params })}`,
      current,
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Diferencial cambiario</Title>
          <Text c="dimmed" size="sm">
            {data.organization.name} · {data.organization.cedula} · revaluación de las cuentas en dólares al cierre del
            mes
          </Text>
        </div>
        <MonthNavigation
          label={data.monthLabel}
          previousHref={page({ month: data.previousMonth })}
          nextHref={page({ month: data.nextMonth })}
          previousLabel={monthLabel(data.previousMonth)}
          nextLabel={monthLabel(data.nextMonth)}
        />
      </Group>

      {result?.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}

      <Form method="get" action={PAGE} aria-label="Tipo de cambio de cierre">
        <input type="hidden" name="org" value={data.organization.cedula} />
        <input type="hidden" name="month" value={data.month} />
        <Group align="flex-end" gap="xs">
          <NativeSelect
            name="basis"
            label="Tipo de cambio de cierre"
            defaultValue={data.basis}
            key={data.basis}
            data={REVALUATION_BASES.map((basis) => ({ value: basis, label: REVALUATION_BASIS_LABELS[basis] }))}
          />
          <Button type="submit" variant="default">
            Ver
          </Button>
        </Group>
      </Form>

      {data.rateText && (
        <Text size="sm" data-testid="closing-rate">
          {data.rateText}
        </Text>
      )}
      {data.rateWarning && <Alert color="yellow">{data.rateWarning}</Alert>}

      {data.accountCount === 0 ? (
        <Paper withBorder p="lg">
          <Text>
            Este cliente no tiene cuentas en dólares. Márquelas en el{" "}
            <Anchor component={Link} to={appHref(`/admin/catalog?org=${data.organization.cedula}`, current)}>
              catálogo de cuentas
            </Anchor>{" "}
            («Llevar en dólares»).
          </Text>
        </Paper>
      ) : !data.plan ? (
        <Alert color="yellow">
          No hay tipo de cambio del cierre de {data.monthLabel}: ingréselo en{" "}
          <Anchor component={Link} to={appHref("/admin/exchange-rates", current)}>
            Tipo de cambio
          </Anchor>
          .
        </Alert>
      ) : (
        <>
          <TableScrollRegion label="Revaluación de las cuentas en dólares" minWidth={900}>
            <Table striped verticalSpacing="xs" data-testid="revaluation-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cuenta</Table.Th>
                  <Table.Th ta="right">Saldo en dólares</Table.Th>
                  <Table.Th ta="right">Colones en libros</Table.Th>
                  <Table.Th ta="right">Tipo de cierre</Table.Th>
                  <Table.Th ta="right">Colones revaluados</Table.Th>
                  <Table.Th ta="right">Diferencia</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.plan.rows.map((row) => (
                  <Table.Tr key={row.code} data-testid="revaluation-row">
                    <Table.Td>
                      {row.code} {row.label}
                    </Table.Td>
                    <Table.Td ta="right">{row.dollars}</Table.Td>
                    <Table.Td ta="right">{row.before}</Table.Td>
                    <Table.Td ta="right">{row.rate}</Table.Td>
                    <Table.Td ta="right">{row.after}</Table.Td>
                    <Table.Td ta="right" fw={row.effect === "none" ? undefined : 600}>
                      {row.difference}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
          <OpenItemsRevaluation controls={data.openItems} />
          <Text size="sm" data-testid="revaluation-totals">
            Ingreso a {data.accounts.gain.code} {data.accounts.gain.label}: {data.plan.gain} · Gasto a{" "}
            {data.accounts.loss.code} {data.accounts.loss.label}: {data.plan.loss}
          </Text>
          {data.posted ? (
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Text data-testid="revaluation-posted">
                  Registrado con el asiento{" "}
                  <Anchor component={Link} to={appHref(`/entries/view/${data.posted.id}`, current)}>
                    {data.posted.number}
                  </Anchor>{" "}
                  del {data.posted.dateText}.
                </Text>
                <Form method="post" action={page({})}>
                  <input type="hidden" name="basis" value={data.basis} />
                  <Button type="submit" name="intent" value="revertir" color="red" variant="light" disabled={busy}>
                    Revertir el diferencial
                  </Button>
                </Form>
              </Stack>
            </Paper>
          ) : data.plan.hasEntry ? (
            <Form method="post" action={page({})}>
              <input type="hidden" name="basis" value={data.basis} />
              <Button type="submit" name="intent" value="registrar" loading={busy}>
                Registrar diferencial de {data.monthLabel}
              </Button>
            </Form>
          ) : (
            <Text c="dimmed">Las cuentas en dólares ya están al tipo de cierre: no hay diferencia que registrar.</Text>
          )}
        </>
      )}
    </Stack>
  );
}
