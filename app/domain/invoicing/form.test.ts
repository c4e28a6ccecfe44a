import { describe, expect, it } from "vitest";
import {
  INVOICE_FORM_MESSAGES as M,
  formValuesOf,
  invoiceFormSchema,
  readInvoiceForm,
  type InvoiceFormValues,
} from "./form";

function values(overrides: Partial<Record<string, unknown>> = {}): InvoiceFormValues {
  return invoiceFormSchema.parse({
    kind: "FE",
    receptorTipo: "02",
    receptorNumero: "3-101-123456",
    receptorNombre: "Distribuidora La Sabana S.A.",
    receptorCorreo: "facturas@lasabana.cr",
    condicionVenta: "01",
    mediosPago: ["01", "04"],
    montosMedioPago: { "01": "14 414,00", "04": "100000" },
    moneda: "CRC",
    lines: [
      {
        cabys: "8399000000000",
        cantidad: "2",
        unidadMedida: "Sp",
        detalle: "Asesoría contable",
        precioUnitario: "50 000,00",
        codigoTarifaIVA: "08",
      },
      {
        cabys: "2392000000100",
        cantidad: "1,5",
        unidadMedida: "Unid",
        detalle: "Canasta básica",
        precioUnitario: "1000",
        descuento: "100",
        codigoDescuento: "07",
        codigoTarifaIVA: "02",
      },
    ],
    ...overrides,
  });
}

function refusalsOf(input: InvoiceFormValues) {
  const reading = readInvoiceForm(input);
  if (reading.ok) throw new Error("expected refusals");
  return reading.refusals;
}

describe("readInvoiceForm", () => {
  it("reads a factura with two lines at 13 % and 1 % into exact amounts", () => {
    const reading = readInvoiceForm(values());
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const { draft } = reading;
    expect(draft.kind).toBe("FE");
    expect(draft.receptor).toEqual({
      nombre: "Distribuidora La Sabana S.A.",
      identificacion: { tipo: "02", numero: "3101123456" },
      correo: "facturas@lasabana.cr",
    });
    expect(draft.mediosPago).toEqual(["01", "04"]);
    expect(draft.montosMedioPago).toEqual([1_441_400_000n, 10_000_000_000n]);
    expect(draft.tipoCambio).toBe(100_000n);
    expect(draft.lines).toHaveLength(2);
    expect(draft.lines[0]).toMatchObject({ cabys: "8399000000000", cantidad: "2", precioUnitario: 5_000_000_000n });
    expect(draft.lines[1]).toMatchObject({
      cantidad: "1.5",
      precioUnitario: 100_000_000n,
      descuento: { monto: 10_000_000n, codigo: "07" },
      codigoTarifaIVA: "02",
    });
  });

  it("skips blank line rows and needs at least one line", () => {
    const reading = readInvoiceForm(values({ lines: [{}, { unidadMedida: "", codigoTarifaIVA: "08" }] }));
    expect(reading).toEqual({ ok: false, refusals: [{ field: "lines", message: M.noLines }] });
  });

  it("names each wrong field of a line with its number", () => {
    const refusals = refusalsOf(
      values({
        lines: [
          {
            cabys: "123",
            cantidad: "0",
            unidadMedida: "caja",
            detalle: "ab",
            precioUnitario: "1.234",
            codigoTarifaIVA: "99",
          },
        ],
      }),
    );
    expect(refusals).toEqual([
      { field: "cabys", line: 1, message: M.cabys },
      { field: "cantidad", line: 1, message: M.cantidad },
      { field: "unidadMedida", line: 1, message: M.unidad },
      { field: "detalle", line: 1, message: M.detalle },
      { field: "precioUnitario", line: 1, message: M.precio },
      { field: "codigoTarifaIVA", line: 1, message: M.tarifa },
    ]);
  });

  it("validates the receptor's identification by its type", () => {
    expect(refusalsOf(values({ receptorTipo: "01", receptorNumero: "01234567" }))).toEqual([
      { field: "receptorNumero", message: M.receptorIdNumber["01"] },
    ]);
    expect(refusalsOf(values({ receptorTipo: "03", receptorNumero: "1234567890" }))).toEqual([
      { field: "receptorNumero", message: M.receptorIdNumber["03"] },
    ]);
    expect(readInvoiceForm(values({ receptorTipo: "01", receptorNumero: "1-0234-0567" })).ok).toBe(true);
    expect(refusalsOf(values({ receptorTipo: "", receptorNumero: "" }))).toEqual([
      { field: "receptorTipo", message: M.receptorIdType },
    ]);
  });

  it("requires a receptor on a factura but not on a tiquete", () => {
    const none = { receptorTipo: "", receptorNumero: "", receptorNombre: "", receptorCorreo: "" };
    expect(refusalsOf(values(none))).toEqual([
      { field: "receptorNombre", message: M.receptorRequired },
      { field: "receptorTipo", message: M.receptorIdType },
    ]);
    const tiquete = readInvoiceForm(values({ ...none, kind: "TE" }));
    expect(tiquete.ok && tiquete.draft.receptor).toBeUndefined();
  });

  it("asks how much each method pays when there are several, and what «Otros» is", () => {
    expect(refusalsOf(values({ montosMedioPago: { "01": "14414" } }))).toEqual([
      { field: "montosMedioPago.04", message: M.montoMedioPago("Transferencia o depósito bancario") },
    ]);
    expect(refusalsOf(values({ montosMedioPago: { "01": "-1", "04": "abc" } })).map((r) => r.field)).toEqual([
      "montosMedioPago.01",
      "montosMedioPago.04",
    ]);
    const single = readInvoiceForm(values({ mediosPago: ["04"], montosMedioPago: { "01": "5" } }));
    expect(single.ok && single.draft.montosMedioPago).toBeUndefined();
    expect(refusalsOf(values({ mediosPago: ["99"], medioPagoOtros: "x" }))).toEqual([
      { field: "medioPagoOtros", message: M.medioPagoOtros },
    ]);
    const otros = readInvoiceForm(values({ mediosPago: ["99"], medioPagoOtros: " Trueque de servicios " }));
    expect(otros.ok && otros.draft.medioPagoOtros).toBe("Trueque de servicios");
    const notOtros = readInvoiceForm(values({ mediosPago: ["04"], medioPagoOtros: "ignorado" }));
    expect(notOtros.ok && notOtros.draft.medioPagoOtros).toBeUndefined();
  });

  it("refuses a CondicionVenta the document's v4.4 schema does not accept (09 and 11 on a factura)", () => {
    for (const code of ["09", "11"])
      expect(refusalsOf(values({ condicionVenta: code }))).toEqual([
        { field: "condicionVenta", message: M.condicionVentaKind(code, "FE") },
      ]);
    expect(M.condicionVentaKind("09", "FE")).toBe(
      "La condición de venta 09 no la acepta el esquema 4.4 de Factura electrónica: elija otra.",
    );
    expect(refusalsOf(values({ kind: "TE", condicionVenta: "12" }))).toEqual([
      { field: "condicionVenta", message: M.condicionVentaKind("12", "TE") },
    ]);
  });

  it("needs the plazo on credit, the exchange rate in another currency and a known payment method", () => {
    expect(refusalsOf(values({ condicionVenta: "02" }))).toEqual([{ field: "plazoCredito", message: M.plazo }]);
    expect(refusalsOf(values({ moneda: "USD" }))).toEqual([{ field: "tipoCambio", message: M.tipoCambio }]);
    expect(refusalsOf(values({ mediosPago: [] }))).toEqual([{ field: "mediosPago", message: M.medioPago }]);
    const usd = readInvoiceForm(
      values({ moneda: "usd", tipoCambio: "507,43", condicionVenta: "02", plazoCredito: "30" }),
    );
    expect(usd.ok && [usd.draft.moneda, usd.draft.tipoCambio, usd.draft.plazoCredito]).toEqual([
      "USD",
      50_743_000n,
      30,
    ]);
  });

  it("refuses a discount larger than the line and asks the nature of code 99", () => {
    const line = {
      cabys: "8399000000000",
      cantidad: "1",
      unidadMedida: "Sp",
      detalle: "Servicio",
      codigoTarifaIVA: "08",
    };
    expect(
      refusalsOf(values({ lines: [{ ...line, precioUnitario: "100", descuento: "150", codigoDescuento: "07" }] })),
    ).toEqual([{ field: "descuento", line: 1, message: M.descuentoExcede }]);
    expect(
      refusalsOf(values({ lines: [{ ...line, precioUnitario: "100", descuento: "10", codigoDescuento: "99" }] })),
    ).toEqual([{ field: "naturalezaDescuento", line: 1, message: M.descuentoNaturaleza }]);
  });

  it("reads an exoneration up to the line's rate", () => {
    const line = {
      cabys: "8399000000000",
      cantidad: "1",
      unidadMedida: "Sp",
      detalle: "Servicio exonerado",
      precioUnitario: "1000",
      codigoTarifaIVA: "08",
      exoTipo: "03",
      exoNumero: "AL-123-2026",
      exoInstitucion: "01",
      exoFecha: "2026-01-15",
      exoTarifa: "13",
    };
    const reading = readInvoiceForm(values({ lines: [line] }));
    expect(reading.ok && reading.draft.lines[0].exoneracion).toEqual({
      tipoDocumento: "03",
      numeroDocumento: "AL-123-2026",
      nombreInstitucion: "01",
      fechaEmision: "2026-01-15T00:00:00-06:00",
      tarifaExonerada: "13",
    });
    expect(refusalsOf(values({ lines: [{ ...line, exoTarifa: "14" }] }))).toEqual([
      { field: "exoTarifa", line: 1, message: M.exoTarifa },
    ]);
    // The date field writes dd/mm/aaaa; a day that does not exist is refused on its line.
    const typed = readInvoiceForm(values({ lines: [{ ...line, exoFecha: "15/01/2026" }] }));
    expect(typed.ok && typed.draft.lines[0].exoneracion?.fechaEmision).toBe("2026-01-15T00:00:00-06:00");
    expect(refusalsOf(values({ lines: [{ ...line, exoFecha: "31/11/2026" }] }))).toEqual([
      { field: "exoFecha", line: 1, message: M.exoFecha },
    ]);
  });

  it("needs the reference of a nota de crédito and derives the referenced document's type from its clave", () => {
    expect(refusalsOf(values({ kind: "NC" }))).toEqual([
      { field: "referenceClave", message: M.referenceRequired },
      { field: "referenceCodigo", message: M.referenceCodigo },
      { field: "referenceRazon", message: M.referenceRazon },
    ]);
    const clave = "50623112600310112345600100001010000000001100000001";
    const reading = readInvoiceForm(
      values({
        kind: "NC",
        referenceClave: clave,
        referenceFecha: "2026-11-23",
        referenceCodigo: "01",
        referenceRazon: "Anula",
      }),
    );
    expect(reading.ok && reading.draft.reference).toEqual({
      tipoDocumento: "01",
      numero: clave,
      fechaEmision: "2026-11-23T00:00:00-06:00",
      codigo: "01",
      razon: "Anula",
    });
    // 03 «corrige monto» is not in the v4.4 schema.
    expect(
      refusalsOf(
        values({
          kind: "NC",
          referenceClave: clave,
          referenceFecha: "2026-11-23",
          referenceCodigo: "03",
          referenceRazon: "x",
        }),
      ),
    ).toEqual([{ field: "referenceCodigo", message: M.referenceCodigo }]);
  });

  it("gives back the same draft from the values it shows for editing", () => {
    const first = readInvoiceForm(values({ moneda: "USD", tipoCambio: "507,43" }));
    if (!first.ok) throw new Error("expected a draft");
    const again = readInvoiceForm(invoiceFormSchema.parse(formValuesOf(first.draft)));
    expect(again).toEqual(first);
  });

  it("gives back the payment split and the «Otros» description too", () => {
    const first = readInvoiceForm(
      values({
        mediosPago: ["01", "99"],
        montosMedioPago: { "01": "0,50", "99": "114413,5" },
        medioPagoOtros: "Canje",
      }),
    );
    if (!first.ok) throw new Error("expected a draft");
    expect(first.draft.montosMedioPago).toEqual([50_000n, 11_441_350_000n]);
    expect(readInvoiceForm(invoiceFormSchema.parse(formValuesOf(first.draft)))).toEqual(first);
  });
});
