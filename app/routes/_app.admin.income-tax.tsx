import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { UnconfirmedBadge } from "~/components/income-tax/BracketTableCard";
import { incomeTaxReportView } from "~/domain/income-tax";
import { todayInCostaRica } from "~/domain/calendar";
import { incomeTaxReport, registerProvision, reverseProvision } from "~/services/income-tax/income-tax.server";
import { readForm } from "~/utils/form.server";
import { badRequest, refusalStatus } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Impuesto sobre la Renta · Contabilidad CR" }];

const FIRST_YEAR = 2021;

function yearOf(value: FormDataEntryValue | string | null, fallback: number): number | null {
  if (value === null || value === "") return fallback;
  if (typeof value !== "string" || !/^\d{4}$/.test(value.trim())) return null;
  const year = Number(value);
  return year >= FIRST_YEAR && year <= fallback + 1 ? year : null;
}

const YEAR_MESSAGE = "Indique un período fiscal válido (2021 en adelante).";

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const currentYear = Number(todayInCostaRica(new Date()).slice(0, 4));
  const year = yearOf(new URL(request.url).searchParams.get("year"), currentYear);
  if (year === null) throw badRequest(YEAR_MESSAGE);
  const report = await incomeTaxReport(organization.id, year);
  const years: number[] = [];
  for (let candidate = currentYear; candidate >= FIRST_YEAR; candidate--) years.push(candidate);
  return json({
    organization: { name: organization.name, cedula: organization.cedula },
    years,
    report: incomeTaxReportView(report),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { organization, user } = await requireOrgContext(request, { admin: true });
  const form = await readForm(request);
  const currentYear = Number(todayInCostaRica(new Date()).slice(0, 4));
  const year = yearOf(form.get("year"), currentYear);
  if (year === null) return json({ message: YEAR_MESSAGE }, { status: 400 });
  const intent = form.get("intent");
  const here = `/admin/income-tax?org=${organization.cedula}&year=${year}`;
  if (intent === "provision") {
    const outcome = await registerProvision(organization.id, year, String(user._id));
    if (!outcome.ok) return json({ message: outcome.refusals[0].message }, { status: refusalStatus(outcome.refusals) });
    return redirectWithSuccess(here, `Provisión del impuesto de renta ${year} registrada (asiento ${outcome.number}).`);
  }
  if (intent === "reverse-provision") {
    const outcome = await reverseProvision(organization.id, year, String(user._id));
    if (!outcome.ok) return json({ message: outcome.refusals[0].message }, { status: refusalStatus(outcome.refusals) });
    return redirectWithSuccess(here, `Provisión de ${year} revertida (asiento ${outcome.number}).`);
  }
  return json({ message: "La acción solicitada no existe." }, { status: 400 });
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export default function IncomeTaxPage() {
  const { organization, years, report } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const resultsHref = `/results?org=${organization.cedula}&year=${report.year}`;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Impuesto sobre la Renta</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · período fiscal {report.year}
          {report.inProgress ? " (en curso)" : ""}
        </Text>
      </div>
      <Form method="get">
        <input type="hidden" name="org" value={organization.cedula} />
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="Período fiscal"
            name="year"
            defaultValue={String(report.year)}
            data={years.map((year) => String(year))}
          />
          <Button type="submit" variant="light">
            Ver
          </Button>
        </Group>
      </Form>
      <FormError message={refused?.message} />

      <section aria-labelledby="books-figures">
        <Title order={2} size="h3" id="books-figures" mb="xs">
          Cifras de los libros
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label="Renta bruta (ingresos)" value={report.grossIncome} testId="gross-income" />
          <Figure label="Utilidad antes de impuestos" value={report.netIncome} testId="net-income" />
          <Figure label="Tipo de contribuyente" value={report.taxpayer} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          Las mismas cifras del{" "}
          <Anchor component={Link} to={resultsHref} size="xs">
            Estado de Resultados de {report.year}
          </Anchor>
          ; el tipo de contribuyente se cambia en la ficha del{" "}
          <Anchor component={Link} to={`/admin/organizations/${organization.cedula}`} size="xs">
            cliente
          </Anchor>
          .
        </Text>
      </section>

      <section aria-labelledby="applied-table">
        <Title order={2} size="h3" id="applied-table" mb="xs">
          Tabla aplicada
        </Title>
        <Alert color={report.table ? "blue" : "yellow"} data-testid="table-reason">
          {report.reason}
        </Alert>
        {report.table && (
          <Group gap="xs" mt="xs">
            <Text size="sm">
              {report.table.label} · {report.table.decree}
            </Text>
            {report.table.unconfirmed && <UnconfirmedBadge />}
            <Anchor component={Link} to={`/admin/income-brackets?year=${report.year}`} size="sm">
              Ver tramos
            </Anchor>
          </Group>
        )}
      </section>

      {report.total !== null && (
        <Table striped withTableBorder data-testid="tax-slices">
          <Table.Caption>Impuesto por tramo, {report.year}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tramo</Table.Th>
              <Table.Th ta="right">Tarifa</Table.Th>
              <Table.Th ta="right">Base en el tramo</Table.Th>
              <Table.Th ta="right">Impuesto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.slices.map((slice) => (
              <Table.Tr key={slice.range}>
                <Table.Td>{slice.range}</Table.Td>
                <Table.Td ta="right">{slice.rate}</Table.Td>
                <Table.Td ta="right">{slice.base}</Table.Td>
                <Table.Td ta="right">{slice.tax}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {report.credits && (
              <Table.Tr>
                <Table.Th colSpan={3}>Créditos</Table.Th>
                <Table.Td ta="right">−{report.credits}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th colSpan={3}>Impuesto sobre la renta {report.year}</Table.Th>
              <Table.Th ta="right" data-testid="tax-total">
                {report.total}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}

      {report.total === null && (
        <Text fw={600} data-testid="tax-total">
          Impuesto sobre la renta {report.year}: sin tabla
        </Text>
      )}

      <section aria-labelledby="schedule">
        <Title order={2} size="h3" id="schedule" mb="xs">
          Pagos parciales de {report.year}
        </Title>
        {report.schedule.kind === "cuotas" ? (
          <>
            <Text size="sm" mb="xs">
              Cada cuota: {report.schedule.basis}; vence el último día hábil de junio, setiembre y diciembre (art. 22 de
              la Ley del Impuesto sobre la Renta).
            </Text>
            <Table withTableBorder data-testid="schedule-table">
              <Table.Caption>
                Cuotas de {report.year}: los pagos del año (débitos a la cuenta {report.prepaymentsAccount}) se aplican
                en orden
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cuota</Table.Th>
                  <Table.Th>Vence</Table.Th>
                  <Table.Th ta="right">Monto</Table.Th>
                  <Table.Th ta="right">Pagado</Table.Th>
                  <Table.Th ta="right">Pendiente</Table.Th>
                  <Table.Th>Estado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.schedule.instalments.map((instalment) => (
                  <Table.Tr key={instalment.label}>
                    <Table.Td>{instalment.label}</Table.Td>
                    <Table.Td>{instalment.due}</Table.Td>
                    <Table.Td ta="right">{instalment.amount}</Table.Td>
                    <Table.Td ta="right">{instalment.paid}</Table.Td>
                    <Table.Td ta="right">{instalment.pending}</Table.Td>
                    <Table.Td>{instalment.state}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" mt={4} data-testid="schedule-summary">
              Vencido a la fecha: {report.schedule.dueSoFar} · pagado en {report.year}: {report.schedule.paid} · vencido
              sin pagar: {report.schedule.overdue}
            </Text>
          </>
        ) : (
          <Text size="sm" data-testid="schedule-summary">
            {report.schedule.message}
          </Text>
        )}
      </section>

      {report.prepayments && (
        <section aria-labelledby="prepayments">
          <Title order={2} size="h3" id="prepayments" mb="xs">
            Pagos parciales de {report.year + 1}
          </Title>
          <Text size="sm" mb="xs">
            Cada uno: {report.prepayments.basis}.
          </Text>
          <Table withTableBorder data-testid="prepayments-table">
            <Table.Caption>Pagos parciales de {report.year + 1}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vence</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.prepayments.instalments.map((instalment) => (
                <Table.Tr key={instalment.due}>
                  <Table.Td>{instalment.due}</Table.Td>
                  <Table.Td ta="right">{instalment.amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt={4}>
            Impuesto de los períodos anteriores según los libros:{" "}
            {report.previousYears.map((previous) => `${previous.year}: ${previous.tax}`).join("; ")}.
          </Text>
        </section>
      )}

      <section aria-labelledby="paid">
        <Title order={2} size="h3" id="paid" mb="xs">
          Pagos parciales ya hechos en {report.year}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Figure
            label={`Saldo de la cuenta ${report.prepaymentsAccount} al cierre del período`}
            value={report.prepaid}
            testId="prepaid"
          />
          {report.balanceDue !== null && (
            <Figure label="Por pagar en la declaración (impuesto − pagos parciales)" value={report.balanceDue} />
          )}
        </SimpleGrid>
      </section>

      {report.projection && (
        <section aria-labelledby="projection">
          <Title order={2} size="h3" id="projection" mb="xs">
            Proyección al 31 de diciembre (estimación)
          </Title>
          <Text size="sm" mb="xs">
            {report.projection.basis}. Con las cifras proyectadas: {report.projection.reason}.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label="Renta bruta proyectada" value={report.projection.grossIncome} />
            <Figure label="Utilidad proyectada" value={report.projection.netIncome} />
            <Figure
              label="Impuesto proyectado"
              value={report.projection.tax ?? "sin tabla para el año"}
              testId="projected-tax"
            />
          </SimpleGrid>
        </section>
      )}

      <section aria-labelledby="provision">
        <Title order={2} size="h3" id="provision" mb="xs">
          Provisión en los libros
        </Title>
        {report.provision ? (
          <Form method="post">
            <input type="hidden" name="year" value={report.year} />
            <input type="hidden" name="intent" value="reverse-provision" />
            <Group gap="sm">
              <Text size="sm" data-testid="provision-entry">
                Registrada en el asiento{" "}
                <Anchor component={Link} to={`/entries/view/${report.provision.entryId}`}>
                  {report.provision.number}
                </Anchor>{" "}
                del {report.provision.date} por {report.provision.amount}.
              </Text>
              <Button type="submit" variant="light" color="red" size="xs">
                Revertir provisión
              </Button>
            </Group>
          </Form>
        ) : report.canProvision ? (
          <Form method="post">
            <input type="hidden" name="year" value={report.year} />
            <input type="hidden" name="intent" value="provision" />
            <Group gap="sm">
              <Text size="sm">
                Registra el impuesto de {report.year} ({report.total}) como gasto contra el impuesto por pagar
                {report.inProgress ? ", con fecha de hoy" : ", al 31 de diciembre"}.
              </Text>
              <Button type="submit" size="xs">
                Registrar provisión
              </Button>
            </Group>
          </Form>
        ) : (
          <Text size="sm" c="dimmed">
            No hay impuesto que provisionar.
          </Text>
        )}
      </section>
    </Stack>
  );
}
