import { Group, Paper, Text } from "@mantine/core";
import { shortMonthLabel, type MonthlyView } from "~/domain/reports";

const SERIES = [
  { key: "income", text: "incomeText", label: "Ingresos", color: "var(--mantine-color-teal-6)" },
  {
    key: "costsAndExpenses",
    text: "costsAndExpensesText",
    label: "Costos y gastos",
    color: "var(--mantine-color-orange-6)",
  },
  { key: "result", text: "resultText", label: "Resultado", color: "var(--mantine-color-blue-6)" },
] as const;

const HEIGHT = 180;
const PADDING = 8;

/**
 * Monthly ingresos, costos + gastos and resultado as grouped bars: a small SVG (no chart package),
 * with a text description and a title per bar for screen readers and hover.
 */
export function ResultsChart({ months }: { months: MonthlyView[] }) {
  if (months.length === 0) return null;
  const values = months.flatMap((m) => [m.income, m.costsAndExpenses, m.result]);
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values);
  const span = max - min;
  const plot = HEIGHT - 2 * PADDING;
  const y = (value: number) => PADDING + ((max - value) / span) * plot;
  const zero = y(0);
  const groupWidth = 60;
  const barWidth = 14;
  const width = months.length * groupWidth + 2 * PADDING;
  const description = months
    .map(
      (m) =>
        `${shortMonthLabel(m.month)}: ingresos ${m.incomeText}, costos y gastos ${m.costsAndExpensesText}, resultado ${m.resultText}`,
    )
    .join("; ");
  return (
    <Paper withBorder p="sm" data-testid="results-chart">
      <Text fw={600} size="sm" id="results-chart-title">
        Ingresos, costos y gastos y resultado por mes
      </Text>
      <Group gap="md" my={4}>
        {SERIES.map((series) => (
          <Group key={series.key} gap={4}>
            <svg width="10" height="10" aria-hidden="true">
              <rect width="10" height="10" fill={series.color} />
            </svg>
            <Text size="xs">{series.label}</Text>
          </Group>
        ))}
      </Group>
      <div style={{ overflowX: "auto" }}>
        <svg
          role="img"
          aria-labelledby="results-chart-title results-chart-desc"
          width={width}
          height={HEIGHT + 20}
          viewBox={`0 0 ${width} ${HEIGHT + 20}`}
        >
          <desc id="results-chart-desc">{description}</desc>
          <line x1={0} x2={width} y1={zero} y2={zero} stroke="var(--mantine-color-gray-5)" />
          {months.map((m, index) => {
            const x0 = PADDING + index * groupWidth + 6;
            return (
              <g key={m.month}>
                {SERIES.map((series, s) => {
                  const value = m[series.key];
                  const top = Math.min(y(value), zero);
                  const height = Math.max(Math.abs(y(value) - zero), value === 0 ? 0 : 1);
                  return (
                    <rect
                      key={series.key}
                      x={x0 + s * (barWidth + 2)}
                      y={top}
                      width={barWidth}
                      height={height}
                      fill={series.color}
                    >
                      <title>{`${series.label} de ${shortMonthLabel(m.month)}: ${m[series.text]}`}</title>
                    </rect>
                  );
                })}
                <text x={x0 + 24} y={HEIGHT + 14} textAnchor="middle" fontSize="11" fill="currentColor">
                  {shortMonthLabel(m.month)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </Paper>
  );
}
