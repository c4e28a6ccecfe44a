import { Anchor, Button, Group, Paper, Table, TextInput, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { appHref, keptParamFields } from "~/utils/links";
import { ID_TYPE_LABELS } from "~/domain/hacienda/codes";
import type { InvoicePage } from "~/domain/invoicing/view";

/** A GET search of the organization's counterparties; «Usar» prefills the form with one. */
export function ReceptorSearch({
  search,
  current,
  pathname,
}: {
  search: InvoicePage["search"];
  current: URLSearchParams;
  pathname: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="receptor-search">
      <Title order={2} size="h4" id="receptor-search" mb="xs">
        Buscar receptor
      </Title>
      <Form method="get" role="search" aria-label="Buscar receptor">
        {keptParamFields(current).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <Group align="flex-end">
          <TextInput
            name="buscar"
            label="Nombre o cédula de un cliente o proveedor de sus comprobantes"
            defaultValue={search?.query ?? ""}
            maxLength={100}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            Buscar
          </Button>
        </Group>
      </Form>
      {search && (
        <Table mt="sm" aria-label="Receptores encontrados">
          <Table.Tbody>
            {search.results.length === 0 && (
              <Table.Tr>
                <Table.Td>No hay contrapartes con «{search.query}» en los comprobantes de la organización.</Table.Td>
              </Table.Tr>
            )}
            {search.results.map((party) => (
              <Table.Tr key={party.numero}>
                <Table.Td>{party.nombre}</Table.Td>
                <Table.Td>
                  {ID_TYPE_LABELS[party.tipo] ?? party.tipo} {party.numero}
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={appHref(`${pathname}?receptor=${encodeURIComponent(party.numero)}`, current)}
                    aria-label={`Usar ${party.nombre} como receptor`}
                  >
                    Usar
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
