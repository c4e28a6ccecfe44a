import { Alert, Anchor, Badge, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { sentenceCase } from "~/domain/text";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export interface ImportReportData {
  counts: { importado: number; duplicado: number; rechazado: number };
  results: Array<{
    file: string;
    status: "importado" | "duplicado" | "rechazado";
    message: string;
    receiptId?: string;
    month?: string;
  }>;
  unlisted: number;
  months: Array<{ month: string; tab: "emitidos" | "recibidos"; count: number }>;
}

const STATUS = {
  importado: { label: "Importado", color: "green" },
  duplicado: { label: "Duplicado", color: "gray" },
  rechazado: { label: "Rechazado", color: "red" },
} as const;

const ORDER = { rechazado: 0, duplicado: 1, importado: 2 } as const;

/** What an upload did, file by file; refusals first. */
export function ImportReportView({
  report,
  monthHrefOf,
  receiptHrefOf,
  monthLabelOf,
}: {
  report: ImportReportData;
  monthHrefOf: (month: string, tab: "emitidos" | "recibidos") => string;
  receiptHrefOf: (id: string) => string;
  monthLabelOf: (month: string) => string;
}) {
  const results = [...report.results].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const total = report.counts.importado + report.counts.duplicado + report.counts.rechazado;
  return (
    <Stack gap="sm" data-testid="import-report" aria-live="polite">
      <Group gap="xs">
        <Text fw={600}>
          Resultado de la carga ({total} {total === 1 ? "archivo" : "archivos"}):
        </Text>
        {(Object.keys(STATUS) as Array<keyof typeof STATUS>).map((status) => (
          <Badge
            key={status}
            color={STATUS[status].color}
            c="dark.7"
            variant="light"
            tt="none"
            style={{ minWidth: "max-content" }}
            data-testid={`count-${status}`}
          >
            {report.counts[status]} {STATUS[status].label.toLowerCase()}
            {report.counts[status] === 1 ? "" : "s"}
          </Badge>
        ))}
      </Group>
      {report.months.length > 0 && (
        <Alert color="green" variant="light" p="xs">
          <Group gap="md">
            <Text size="sm">Ver los comprobantes importados:</Text>
            {report.months.map(({ month, tab, count }) => (
              <Anchor
                key={`${month}-${tab}`}
                component={Link}
                to={monthHrefOf(month, tab)}
                size="sm"
                data-testid="imported-month-link"
              >
                {sentenceCase(monthLabelOf(month))}, {tab} ({count})
              </Anchor>
            ))}
          </Group>
        </Alert>
      )}
      <TableScrollRegion label="Resultado por archivo" minWidth={640}>
        <Table verticalSpacing={4} data-testid="import-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Archivo</Table.Th>
              <Table.Th>Resultado</Table.Th>
              <Table.Th>Detalle</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((result, index) => (
              <Table.Tr key={`${result.file}-${index}`} data-status={result.status}>
                <Table.Td style={{ wordBreak: "break-all" }}>
                  <Text size="sm" ff="monospace">
                    {result.file}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={STATUS[result.status].color}
                    c="dark.7"
                    variant="light"
                    size="sm"
                    tt="none"
                    style={{ minWidth: "max-content" }}
                  >
                    {STATUS[result.status].label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {result.message}{" "}
                    {result.receiptId && (
                      <Anchor component={Link} to={receiptHrefOf(result.receiptId)} size="sm">
                        Ver
                      </Anchor>
                    )}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      {report.unlisted > 0 && (
        <Text size="sm" c="dimmed">
          {report.unlisted === 1
            ? "1 resultado más (importado o duplicado) no se lista."
            : `${report.unlisted} resultados más (importados o duplicados) no se listan.`}
        </Text>
      )}
    </Stack>
  );
}
