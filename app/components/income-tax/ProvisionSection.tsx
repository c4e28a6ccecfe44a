import { Anchor, Button, Group, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { IncomeTaxReportView } from "~/domain/income-tax/report-view";

/** The standing provision entry with «Revertir», or the form that registers one. */
export function ProvisionSection({ report }: { report: IncomeTaxReportView }) {
  return (
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
  );
}
