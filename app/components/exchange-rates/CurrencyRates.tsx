import { Alert, Stack, Text, Title } from "@mantine/core";
import type { RateRowView } from "~/domain/exchange-rates/view";
import { RateTable } from "./RateTable";

export interface CurrencyRatesView {
  todayRate: { buy: string; sell: string; label: string } | null;
  warning: string | null;
  status: {
    source: string | null;
    lastSuccessAt: string | null;
    lastError: string | null;
    lastAttemptAt: string | null;
  } | null;
  rows: RateRowView[];
  changes: Array<{ date: string; line: string }>;
}

/**
 * One currency's rates on /admin/exchange-rates: today's, the warning when it is only the last known one,
 * the last consultation of the source, the month, and the changes made by hand. `testIdPrefix` tells
 * the dollar's («») from the euro's («euro-»).
 */
export function CurrencyRates({
  view,
  name,
  monthLabel,
  testIdPrefix,
}: {
  view: CurrencyRatesView;
  /** «del dólar», «del euro». */
  name: string;
  monthLabel: string;
  testIdPrefix: string;
}) {
  return (
    <Stack gap="sm">
      {view.todayRate && (
        <Text data-testid={`${testIdPrefix}today-rate`}>
          Hoy, {view.todayRate.label}: compra <strong>{view.todayRate.buy}</strong>, venta{" "}
          <strong>{view.todayRate.sell}</strong>.
        </Text>
      )}
      {view.warning && (
        <Alert
          color="yellow"
          title={`Sin el tipo de cambio ${name} de hoy`}
          data-testid={`${testIdPrefix}rate-warning`}
        >
          {view.warning}
        </Alert>
      )}
      {view.status && (
        <Text size="sm" c="dimmed" data-testid={`${testIdPrefix}rate-status`}>
          {view.status.lastSuccessAt
            ? `Última consulta a ${view.status.source ?? "la fuente"}: ${view.status.lastSuccessAt}.`
            : "Aún no se ha consultado la fuente."}
          {view.status.lastError && ` Último intento (${view.status.lastAttemptAt}): ${view.status.lastError}`}
        </Text>
      )}
      {view.rows.length === 0 ? (
        <Alert color="gray">
          No hay tipos de cambio {name} conocidos para {monthLabel}.
        </Alert>
      ) : (
        <RateTable
          rows={view.rows}
          caption={`Tipos de cambio ${name} de ${monthLabel}`}
          testId={`${testIdPrefix}rates-table`}
        />
      )}
      {view.changes.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            Cambios hechos a mano
          </Title>
          {view.changes.map((change, index) => (
            <Text key={index} size="sm" data-testid={`${testIdPrefix}rate-change`}>
              {change.line}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
