import { BarChart } from "@mantine/charts";
import { Paper, Table, Text } from "@mantine/core";
import { shortMonthLabel, type MonthlyView } from "~/domain/reports";
import { TableScrollRegion } from "~/components/TableScrollRegion";

const SERIES = [
  { name: "income", label: "Ingresos", color: "teal.6" },
  { name: "costsAndExpenses", label: "Costos y gastos", color: "orange.6" },
  { name: "result", label: "Resultado", color: "blue.6" },
];

// The bars are drawn from whole colones; the table below keeps the exact figures.
const wholeColones = new Intl.NumberFormat("es-CR", {
  style: "currency",
  currency: "CRC",
  maximumFractionDigits: 0,
});
const compactColones = new Intl.NumberFormat("es-CR", {
  style: "currency",
  currency: "CRC",
  notation: "compact",
  maximumFractionDigits: 1,
});

/**
 * Monthly ingresos, costos + gastos and resultado as grouped bars. The chart is a figure with its
 * caption; the same figures, exact to the céntimo, sit in a table under it for screen readers and
 * for anyone who wants the numbers.
 */
export function ResultsChart({ months }: { months: MonthlyView[] }) {
  if (months.length === 0) return null;
  const data = months.map((m) => ({ ...m, label: shortMonthLabel(m.month) }));
  return (
    <Paper withBorder p="sm" component="figure" m={0} data-testid="results-chart" aria-labelledby="results-chart-title">
      <Text fw={600} size="sm" component="figcaption" id="results-chart-title" mb="xs">
        Ingresos, costos y gastos y resultado por mes
      </Text>
      <div aria-hidden="true">
        <BarChart
          h={240}
          data={data}
          dataKey="label"
          series={SERIES}
          withLegend
          legendProps={{ verticalAlign: "bottom", height: 36, itemSorter: null }}
          tickLine="y"
          valueFormatter={(value) => wholeColones.format(value)}
          // Axis ticks stay short («₡1,2 mill.»); the tooltip shows whole colones.
          yAxisProps={{ width: 72, tickFormatter: (value: number) => compactColones.format(value) }}
          xAxisProps={{ interval: 0 }}
          referenceLines={[{ y: 0, color: "gray.5" }]}
          tooltipAnimationDuration={0}
          // The table below is what assistive technology reads; nothing hidden may take focus.
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <details>
        <summary>
          <Text span size="sm">
            Ver las cifras del gráfico
          </Text>
        </summary>
        <TableScrollRegion label="Resultado por mes" minWidth={420}>
          <Table striped fz="sm" data-testid="results-chart-table">
            <Table.Caption>Ingresos, costos y gastos y resultado por mes, en colones</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Mes</Table.Th>
                {SERIES.map((series) => (
                  <Table.Th key={series.name} scope="col" ta="right">
                    {series.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Th scope="row" fw={400}>
                    {m.label}
                  </Table.Th>
                  <Table.Td ta="right">{m.incomeText}</Table.Td>
                  <Table.Td ta="right">{m.costsAndExpensesText}</Table.Td>
                  <Table.Td ta="right">{m.resultText}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      </details>
    </Paper>
  );
}
