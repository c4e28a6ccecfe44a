import { Grid, Stack, Text, Title } from "@mantine/core";
import type { OtherChargeView, TaxRowView, TotalRowView } from "~/domain/receipts/view";
import { SimpleTable } from "./SimpleTable";

/** A receipt's taxes by rate, its otros cargos and its totals (with colones for a foreign currency). */
export function ReceiptAmounts({
  moneda,
  taxes,
  otrosCargos,
  totals,
}: {
  moneda: string;
  taxes: TaxRowView[];
  otrosCargos: OtherChargeView[];
  totals: TotalRowView[];
}) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="xs" component="section" aria-label="Impuestos por tarifa">
          <Title order={2} size="h4">
            Impuestos por tarifa
          </Title>
          {taxes.length === 0 ? (
            <Text size="sm" c="dimmed">
              Sin impuestos.
            </Text>
          ) : (
            <SimpleTable
              testId="receipt-taxes"
              label="Tabla de impuestos por tarifa"
              rows={taxes}
              keyOf={(row) => `${row.impuesto}-${row.tarifa}`}
              columns={[
                { header: "Impuesto", cell: (row) => row.impuesto },
                { header: "Tarifa", cell: (row) => row.tarifa },
                { header: "Monto", cell: (row) => row.monto, align: "right" },
                ...(moneda !== "CRC"
                  ? [
                      {
                        header: "Monto (₡)",
                        cell: (row: TaxRowView) => row.montoColones,
                        align: "right" as const,
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Stack>
        {otrosCargos.length > 0 && (
          <Stack gap="xs" component="section" aria-label="Otros cargos" mt="md">
            <Title order={2} size="h4">
              Otros cargos
            </Title>
            <SimpleTable
              testId="receipt-otros-cargos"
              label="Tabla de otros cargos"
              rows={otrosCargos}
              keyOf={(row, index) => `${row.tipo}-${index}`}
              columns={[
                { header: "Tipo", cell: (row) => row.tipo },
                { header: "Detalle", cell: (row) => row.detalle },
                { header: "Tercero", cell: (row) => row.tercero },
                { header: "Porcentaje", cell: (row) => row.porcentaje },
                { header: "Monto", cell: (row) => row.monto, align: "right" },
              ]}
            />
          </Stack>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="xs" component="section" aria-label="Totales">
          <Title order={2} size="h4">
            Totales
          </Title>
          <SimpleTable
            testId="receipt-totals"
            label="Tabla de totales"
            rows={totals}
            keyOf={(row) => row.label}
            columns={[
              { header: "Concepto", cell: (row) => (row.strong ? <strong>{row.label}</strong> : row.label) },
              {
                header: moneda,
                cell: (row) => (row.strong ? <strong>{row.value}</strong> : row.value),
                align: "right",
              },
              ...(moneda !== "CRC"
                ? [
                    {
                      header: "Colones",
                      cell: (row: TotalRowView) => row.colones,
                      align: "right" as const,
                    },
                  ]
                : []),
            ]}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
