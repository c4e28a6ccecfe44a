import { Alert, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { UnconfirmedBadge } from "~/components/income-tax/BracketTableCard";
import { Figure } from "~/components/income-tax/Figure";
import { PartialPayments } from "~/components/income-tax/PartialPayments";
import { ProvisionSection } from "~/components/income-tax/ProvisionSection";
import { TaxSlicesTable } from "~/components/income-tax/TaxSlicesTable";
import { incomeTaxReportView } from "~/domain/income-tax";
import { todayInCostaRica } from "~/domain/calendar";
import { incomeTaxReport } from "~/services/income-tax/income-tax.server";
import { registerProvision, reverseProvision } from "~/services/income-tax/provision.server";
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

      {report.total !== null && <TaxSlicesTable report={report} />}

      {report.total === null && (
        <Text fw={600} data-testid="tax-total">
          Impuesto sobre la renta {report.year}: sin tabla
        </Text>
      )}

      <PartialPayments report={report} />

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

      <ProvisionSection report={report} />
    </Stack>
  );
}
