import { Table, Text } from "@mantine/core";
import type { StatementRowView } from "~/domain/reports";
import { Amount } from "./Amount";
import { useLinkNavigation } from "./useLinkNavigation";
import { TableScrollRegion } from "~/components/TableScrollRegion";

const numeric = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/**
 * Estado de Resultados / Balance General rows: accounts indented by level (groups in bold), result
 * lines highlighted; every account amount links to its movements. `namesFirst` (client users) leads
 * with the account's name and shows its code after it, small, instead of a code column.
 */
export function StatementTable({
  rows,
  caption,
  showShare = false,
  comparedLabel,
  hrefOf,
  testId,
  namesFirst = false,
}: {
  rows: StatementRowView[];
  caption: string;
  showShare?: boolean;
  comparedLabel: string | null;
  hrefOf: (code: string) => string;
  testId: string;
  namesFirst?: boolean;
}) {
  const withComparison = comparedLabel !== null;
  const rowsRef = useLinkNavigation<HTMLTableSectionElement>();
  return (
    <TableScrollRegion label={caption} minWidth={560}>
      <Table verticalSpacing={4} striped={false} highlightOnHover data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {!namesFirst && <Table.Th scope="col">Código</Table.Th>}
            <Table.Th scope="col">Cuenta</Table.Th>
            <Table.Th scope="col" {...numeric}>
              Monto
            </Table.Th>
            {showShare && (
              <Table.Th scope="col" {...numeric}>
                % de ingresos
              </Table.Th>
            )}
            {withComparison && (
              <>
                <Table.Th scope="col" {...numeric}>
                  {comparedLabel}
                </Table.Th>
                <Table.Th scope="col" {...numeric}>
                  Variación
                </Table.Th>
                <Table.Th scope="col" {...numeric}>
                  Variación %
                </Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={rowsRef}>
          {rows.map((row) => {
            const isLine = row.kind === "line";
            const strong = isLine || row.level === 1;
            return (
              <Table.Tr
                key={row.key}
                data-code={row.code ?? undefined}
                data-line={isLine ? row.key : undefined}
                bg={isLine ? "var(--mantine-color-gray-light)" : undefined}
              >
                {!namesFirst && (
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="sm" ff="monospace">
                      {row.code ?? ""}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" fw={strong ? 700 : undefined} pl={isLine ? 0 : (row.level - 1) * 16}>
                    {row.label}
                    {namesFirst && row.code && (
                      <Text span size="xs" c="dimmed" ff="monospace" fw={400} ml={8} data-role="code">
                        {row.code}
                      </Text>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td {...numeric} data-testid="amount">
                  <Amount
                    value={row.amount}
                    href={row.code ? hrefOf(row.code) : null}
                    label={row.label}
                    strong={strong}
                  />
                </Table.Td>
                {showShare && (
                  <Table.Td {...numeric}>
                    <Text size="sm">{row.share ?? "—"}</Text>
                  </Table.Td>
                )}
                {withComparison && (
                  <>
                    <Table.Td {...numeric} data-testid="compared">
                      {row.compared && <Amount value={row.compared} strong={strong} />}
                    </Table.Td>
                    <Table.Td {...numeric}>{row.variation && <Amount value={row.variation} />}</Table.Td>
                    <Table.Td {...numeric}>
                      <Text size="sm">{row.variationPercent ?? "—"}</Text>
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
