import type { SubmissionResult } from "@conform-to/react";
import { Button, Group, Table, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { TableScrollRegion } from "../TableScrollRegion";
import { CONSECUTIVE_INTENT } from "~/domain/issuer/issuer-form";
import type { IssuerSectionProps } from "~/domain/issuer/view";

const numberFormat = new Intl.NumberFormat("es-CR");

export function ConsecutiveRows({
  counters,
  result,
}: {
  counters: IssuerSectionProps["counters"];
  result?: SubmissionResult<string[]>;
}) {
  const failedSeries = typeof result?.initialValue?.series === "string" ? result.initialValue.series : undefined;
  const rowError = Object.values(result?.error ?? {})
    .flat()
    .find(Boolean);
  return (
    <TableScrollRegion label="Consecutivos" minWidth={720}>
      <Table striped withTableBorder aria-labelledby="issuer-consecutives">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Sucursal / terminal</Table.Th>
            <Table.Th>Último número emitido</Table.Th>
            <Table.Th>Siguiente número</Table.Th>
            <Table.Th>Ajustar al migrar desde otro sistema</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counters.map((counter) => {
            const error = counter.current && failedSeries === counter.series ? rowError : undefined;
            const place = counter.place ? `${counter.place.sucursal} / ${counter.place.terminal}` : "—";
            return (
              <Table.Tr
                key={`${counter.series}-${place}`}
                data-testid={
                  counter.current ? `consecutive-${counter.series}` : `consecutive-${counter.series}-${place}`
                }
              >
                <Table.Td>{counter.label}</Table.Td>
                <Table.Td>{place}</Table.Td>
                <Table.Td>
                  {!counter.place ? "—" : counter.lastIssued > 0 ? numberFormat.format(counter.lastIssued) : "ninguno"}
                </Table.Td>
                <Table.Td>{numberFormat.format(counter.next)}</Table.Td>
                <Table.Td>
                  {counter.current ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value={CONSECUTIVE_INTENT} />
                      <input type="hidden" name="series" value={counter.series} />
                      <Group gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          name="next"
                          aria-label={`Siguiente número de ${counter.label}`}
                          inputMode="numeric"
                          defaultValue={
                            error && typeof result?.initialValue?.next === "string" ? result.initialValue.next : ""
                          }
                          placeholder={String(counter.next)}
                          required
                          maxLength={10}
                          error={error}
                          w={160}
                        />
                        <Button type="submit" variant="light">
                          Ajustar
                        </Button>
                      </Group>
                    </Form>
                  ) : (
                    "Otra sucursal o terminal: se numera sola"
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

/**
 * "Emisión de comprobantes": the organization as issuer, its Hacienda account and key, and its
 * consecutive numbers. Secrets are never shown, only whether they are stored; an empty secret field
 * keeps the stored one. Plain multipart POST, so it works without JavaScript.
 */
