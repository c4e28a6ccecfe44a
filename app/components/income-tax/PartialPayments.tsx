import { Table, Text, Title } from "@mantine/core";
import type { IncomeTaxReportView } from "~/domain/income-tax/report-view";

/** The year's pagos parciales (cuotas, paid, pending) and, when known, next year's. */
export function PartialPayments({ report }: { report: IncomeTaxReportView }) {
  return (
    <>
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
    </>
  );
}
