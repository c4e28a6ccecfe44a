import { Button, Group, Paper, SimpleGrid, Text } from "@mantine/core";
import { IVA_RATE_CODES } from "~/domain/hacienda/codes";
import {
  COMMON_UNITS,
  DISCOUNT_CODE_LABELS,
  EXEMPTION_DOC_LABELS,
  EXEMPTION_INSTITUTION_LABELS,
} from "~/domain/invoicing/form";
import { TARIFA_OPTIONS, UNIT_OPTIONS, date, options, select, text, type AnyField, type LineField } from "./fields";

/** One line of the invoice: product, quantity, price, IVA, discount and exoneration. */
export function LineRow({
  row,
  index,
  removeProps,
}: {
  row: LineField;
  index: number;
  removeProps: Record<string, unknown>;
}) {
  const f = row.getFieldset() as unknown as Record<string, AnyField>;
  const n = index + 1;
  const unit = (f.unidadMedida.value as string | undefined) ?? "";
  const unitOptions = unit && !COMMON_UNITS[unit] ? [{ value: unit, label: unit }, ...UNIT_OPTIONS] : UNIT_OPTIONS;
  const tarifa = IVA_RATE_CODES[(f.codigoTarifaIVA.value as string | undefined) ?? ""];
  return (
    <Paper withBorder p="sm" data-line={n} role="group" aria-label={`Línea ${n}`}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Línea {n}
        </Text>
        <Button
          type="submit"
          variant="subtle"
          color="red"
          size="compact-sm"
          {...removeProps}
          aria-label={`Quitar la línea ${n}`}
        >
          Quitar
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {text(f.cabys, `Línea ${n}: código CABYS`, { list: "cabys-sugerencias", maxLength: 13, inputMode: "numeric" })}
        {text(f.detalle, `Línea ${n}: detalle`, { maxLength: 200 })}
        {text(f.cantidad, `Línea ${n}: cantidad`, { inputMode: "decimal" })}
        {select(f.unidadMedida, `Línea ${n}: unidad`, unitOptions)}
        {text(f.precioUnitario, `Línea ${n}: precio unitario`, { inputMode: "decimal" })}
        {select(f.codigoTarifaIVA, `Línea ${n}: tarifa de IVA`, TARIFA_OPTIONS, {
          description: tarifa ? `Tarifa: ${tarifa.rate.replace(".", ",")} %` : undefined,
        })}
        {text(f.descuento, `Línea ${n}: descuento`, { inputMode: "decimal" })}
        {select(f.codigoDescuento, `Línea ${n}: código del descuento`, options(DISCOUNT_CODE_LABELS, "Sin descuento"))}
        {text(f.naturalezaDescuento, `Línea ${n}: naturaleza del descuento (código 99)`, { maxLength: 80 })}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Exoneración (solo si el cliente presenta una):
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm" verticalSpacing="xs">
        {select(f.exoTipo, `Línea ${n}: tipo de exoneración`, options(EXEMPTION_DOC_LABELS, "Sin exoneración"))}
        {text(f.exoNumero, `Línea ${n}: número de exoneración`, { maxLength: 40 })}
        {select(f.exoInstitucion, `Línea ${n}: institución`, options(EXEMPTION_INSTITUTION_LABELS, "—"))}
        {date(f.exoFecha, `Línea ${n}: fecha de exoneración`)}
        {text(f.exoTarifa, `Línea ${n}: puntos exonerados`, { inputMode: "decimal" })}
      </SimpleGrid>
    </Paper>
  );
}
