import { invoiceFormSchema } from "../../app/domain/invoicing/form";

/**
 * A factura to Distribuidora La Sabana as the invoice form reads it: hammers at 13 % and rice at 1 %,
 * in the quantities given; `overrides` replace any field of the form.
 */
export function facturaForm(
  quantities: { hammers: number; rice: number } = { hammers: 2, rice: 3 },
  overrides: Record<string, unknown> = {},
) {
  return invoiceFormSchema.parse({
    kind: "FE",
    receptorTipo: "02",
    receptorNumero: "3101456789",
    receptorNombre: "Distribuidora La Sabana S.A.",
    receptorCorreo: "facturas@lasabana.cr",
    condicionVenta: "01",
    mediosPago: ["04"],
    moneda: "CRC",
    lines: [
      {
        cabys: "4299900000000",
        cantidad: String(quantities.hammers),
        unidadMedida: "Unid",
        detalle: "Martillo de uña 16 oz",
        precioUnitario: "8500",
        codigoTarifaIVA: "08",
      },
      {
        cabys: "2392000000100",
        cantidad: String(quantities.rice),
        unidadMedida: "Unid",
        detalle: "Arroz 1 kg",
        precioUnitario: "1200",
        codigoTarifaIVA: "02",
      },
    ],
    ...overrides,
  });
}
