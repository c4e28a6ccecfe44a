import { Anchor, Button, Group, Paper, Table, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { VatPendingView } from "~/domain/iva/view";
import { AmountCell } from "./AmountCell";
import type { VatLinks } from "./links";
import { TableScrollRegion } from "~/components/TableScrollRegion";

/** Receipts whose arithmetic does not add up: out of the return until the accountant includes or excludes each. */
export function PendingReview({ pending, links }: { pending: VatPendingView[]; links: VatLinks }) {
  return (
    <Paper withBorder p="md" data-testid="iva-pending">
      <Title order={2} size="h4" mb="xs">
        Pendientes de revisión
      </Title>
      <Text size="sm" mb="xs">
        Sus líneas no cuadran con sus totales: no entran en la declaración hasta que decida. Si los incluye, cuentan con
        el IVA de sus líneas.
      </Text>
      <TableScrollRegion label="Pendientes de revisión" minWidth={800}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Comprobante</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Contraparte</Table.Th>
              <Table.Th ta="right">IVA según líneas</Table.Th>
              <Table.Th>Motivo</Table.Th>
              <Table.Th>Decisión</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pending.map((receipt) => (
              <Table.Tr key={receipt.id}>
                <Table.Td>
                  <Anchor component={Link} to={links.receipt(receipt.id)}>
                    {receipt.kind} {receipt.consecutivo}
                  </Anchor>
                </Table.Td>
                <Table.Td>{receipt.fecha}</Table.Td>
                <Table.Td>{receipt.counterpart}</Table.Td>
                <AmountCell>{receipt.tax}</AmountCell>
                <Table.Td>{receipt.reason}</Table.Td>
                <Table.Td>
                  <Form method="post" action={links.actionPath}>
                    <input type="hidden" name="intent" value="revisar" />
                    <input type="hidden" name="receiptId" value={receipt.id} />
                    <Group gap="xs" wrap="nowrap">
                      <Button type="submit" name="decision" value="include" size="xs" variant="default">
                        Incluir
                      </Button>
                      <Button type="submit" name="decision" value="exclude" size="xs" variant="default">
                        Excluir
                      </Button>
                    </Group>
                  </Form>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </Paper>
  );
}
