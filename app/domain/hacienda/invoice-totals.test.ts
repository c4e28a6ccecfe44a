import { describe, expect, it } from "vitest";
import type { InvoiceDraft } from "../invoicing/types";
import { formatAmount } from "../money";
import { invoiceTotalsProblems, computeInvoiceTotals, InvoiceTotalsError } from "./invoice-totals";
import { draft, GOODS_CABYS, ISSUER, line, money, numbering, SERVICE_CABYS } from "./invoice-test-fixtures";
import { parseComprobante } from "./parse";
import { withPlaceholderSignature } from "./placeholder-signature";
import type { ElectronicReceipt, Resumen } from "./types";
import { writeInvoiceXml } from "./write-invoice";

/** The figures as 5-decimal text, so a failure shows amounts people can read. */
function shown(resumen: Resumen): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(resumen).map(([key, value]) => [
      key,
      typeof value === "bigint"
        ? formatAmount(value)
        : (value as Resumen["totalDesgloseImpuesto"]).map(
            (item) => `${item.codigo}/${item.codigoTarifa}: ${formatAmount(item.monto)}`,
          ),
    ]),
  );
}

const ZERO_RESUMEN: Resumen = {
  totalServGravados: 0n,
  totalServExentos: 0n,
  totalServExonerado: 0n,
  totalServNoSujeto: 0n,
  totalMercanciasGravadas: 0n,
  totalMercanciasExentas: 0n,
  totalMercExonerada: 0n,
  totalMercNoSujeta: 0n,
  totalGravado: 0n,
  totalExento: 0n,
  totalExonerado: 0n,
  totalNoSujeto: 0n,
  totalVenta: 0n,
  totalDescuentos: 0n,
  totalVentaNeta: 0n,
  totalDesgloseImpuesto: [],
  totalImpuesto: 0n,
  totalImpAsumEmisorFabrica: 0n,
  totalIVADevuelto: 0n,
  totalOtrosCargos: 0n,
  totalComprobante: 0n,
};

/** Issues the draft on paper (write + placeholder signature) and imports it back. */
function reimport(invoice: InvoiceDraft): { receipt: ElectronicReceipt; warnings: string[] } {
  const computed = computeInvoiceTotals(invoice);
  const xml = withPlaceholderSignature(writeInvoiceXml(ISSUER, invoice, computed, numbering(invoice.kind)));
  const parsed = parseComprobante(xml);
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  if (parsed.document.kind === "MH") throw new Error("not a receipt");
  return { receipt: parsed.document, warnings: parsed.warnings };
}

function expectReimportsIdentically(invoice: InvoiceDraft): void {
  const computed = computeInvoiceTotals(invoice);
  const { receipt, warnings } = reimport(invoice);
  expect(warnings).toEqual([]);
  expect(shown(receipt.resumen)).toEqual(shown(computed.resumen));
}

describe("computeInvoiceTotals, worked by hand", () => {
  it("one goods line with a discount (docs/domain/hacienda-xml.md §7)", () => {
    const invoice = draft([
      line({
        cantidad: "2",
        precioUnitario: money("10000"),
        descuento: { monto: money("2000"), codigo: "07" },
        codigoTarifaIVA: "08",
      }),
    ]);
    const { lines, resumen } = computeInvoiceTotals(invoice);
    // 2 × 10 000 = 20 000; − 2 000 = 18 000; 13 % of 18 000 = 2 340; 18 000 + 2 340 = 20 340.
    expect(lines[0]).toMatchObject({
      numero: 1,
      cantidad: "2.000",
      montoTotal: money("20000"),
      subTotal: money("18000"),
      baseImponible: money("18000"),
      impuestoAsumidoEmisorFabrica: 0n,
      impuestoNeto: money("2340"),
      montoTotalLinea: money("20340"),
    });
    expect(lines[0].impuestos).toEqual([{ codigo: "01", codigoTarifa: "08", tarifa: "13.00", monto: money("2340") }]);
    expect(lines[0].descuentos).toEqual([{ monto: money("2000"), codigo: "07", naturaleza: undefined }]);
    // Goods go to TotalMercanciasGravadas at their gross MontoTotal; the discount to TotalDescuentos.
    expect(shown(resumen)).toEqual(
      shown({
        ...ZERO_RESUMEN,
        totalMercanciasGravadas: money("20000"),
        totalGravado: money("20000"),
        totalVenta: money("20000"),
        totalDescuentos: money("2000"),
        totalVentaNeta: money("18000"),
        totalDesgloseImpuesto: [{ codigo: "01", codigoTarifa: "08", monto: money("2340") }],
        totalImpuesto: money("2340"),
        totalComprobante: money("20340"),
      }),
    );
    expectReimportsIdentically(invoice);
  });

  it("two lines at 13 % (a service) and 1 % (goods with a volume discount)", () => {
    const invoice = draft([
      line({
        cabys: SERVICE_CABYS,
        unidadMedida: "Sp",
        detalle: "Asesoría contable",
        cantidad: "3",
        precioUnitario: money("15000"),
        codigoTarifaIVA: "08",
      }),
      line({
        cabys: "0111100000000",
        unidadMedida: "Kg",
        detalle: "Frijol negro",
        cantidad: "2.5",
        precioUnitario: money("1234.56"),
        descuento: { monto: money("86.40"), codigo: "04" },
        codigoTarifaIVA: "02",
      }),
    ]);
    const { lines, resumen } = computeInvoiceTotals(invoice);
    // Line 1: 3 × 15 000 = 45 000; 13 % = 5 850; 50 850.
    expect(lines[0]).toMatchObject({
      montoTotal: money("45000"),
      impuestoNeto: money("5850"),
      montoTotalLinea: money("50850"),
    });
    // Line 2: 2.5 × 1 234.56 = 3 086.40; − 86.40 = 3 000; 1 % = 30; 3 030.
    expect(lines[1]).toMatchObject({
      cantidad: "2.500",
      montoTotal: money("3086.40"),
      subTotal: money("3000"),
      impuestoNeto: money("30"),
      montoTotalLinea: money("3030"),
    });
    expect(lines[1].impuestos[0]).toMatchObject({ codigoTarifa: "02", tarifa: "1.00", monto: money("30") });
    expect(shown(resumen)).toEqual(
      shown({
        ...ZERO_RESUMEN,
        totalServGravados: money("45000"),
        totalMercanciasGravadas: money("3086.40"),
        totalGravado: money("48086.40"),
        totalVenta: money("48086.40"),
        totalDescuentos: money("86.40"),
        totalVentaNeta: money("48000"),
        totalDesgloseImpuesto: [
          { codigo: "01", codigoTarifa: "02", monto: money("30") },
          { codigo: "01", codigoTarifa: "08", monto: money("5850") },
        ],
        totalImpuesto: money("5880"),
        totalComprobante: money("53880"),
      }),
    );
    expectReimportsIdentically(invoice);
  });

  it("rounds each figure half away from zero at the XML's 5 decimals", () => {
    const invoice = draft([
      // 1.5 × 333.33333 = 499.999995 → 500.00000; 13 % = 65.
      line({ cantidad: "1.5", precioUnitario: money("333.33333"), codigoTarifaIVA: "08" }),
      // 3 × 0.33333 = 0.99999; 13 % = 0.1299987 → 0.13000.
      line({ cantidad: "3", precioUnitario: money("0.33333"), codigoTarifaIVA: "08" }),
      // 1 × 0.01 at 0.5 % = 0.00005 (kept: the XML carries 5 decimals).
      line({ cantidad: "1", precioUnitario: money("0.01"), codigoTarifaIVA: "09" }),
    ]);
    const { lines, resumen } = computeInvoiceTotals(invoice);
    expect(lines.map((l) => formatAmount(l.montoTotal))).toEqual(["500.00000", "0.99999", "0.01000"]);
    expect(lines.map((l) => formatAmount(l.impuestoNeto!))).toEqual(["65.00000", "0.13000", "0.00005"]);
    expect(formatAmount(resumen.totalVenta)).toBe("501.00999");
    expect(formatAmount(resumen.totalImpuesto)).toBe("65.13005");
    expect(formatAmount(resumen.totalComprobante)).toBe("566.14004");
    expectReimportsIdentically(invoice);
  });

  it("a fully exonerated service and a partly exonerated good", () => {
    const exoneracion = {
      tipoDocumento: "03",
      numeroDocumento: "AL-00012345-24",
      nombreInstitucion: "01",
      fechaEmision: "2026-01-15T08:00:00-06:00",
      articulo: "5",
      inciso: "1",
    };
    const invoice = draft([
      line({
        cabys: SERVICE_CABYS,
        unidadMedida: "Sp",
        precioUnitario: money("100000"),
        codigoTarifaIVA: "08",
        exoneracion: { ...exoneracion, tarifaExonerada: "13" },
      }),
      line({
        precioUnitario: money("26000"),
        codigoTarifaIVA: "08",
        exoneracion: { ...exoneracion, tarifaExonerada: "4" },
      }),
    ]);
    const { lines, resumen } = computeInvoiceTotals(invoice);
    // Line 1: 13 % of 100 000 = 13 000, all of it exonerated: ImpuestoNeto 0, line total 100 000.
    expect(lines[0].impuestos[0]).toMatchObject({
      monto: money("13000"),
      exoneracion: { tarifaExonerada: "13.00", monto: money("13000"), tipoDocumento: "03", nombreInstitucion: "01" },
    });
    expect(lines[0]).toMatchObject({ impuestoNeto: 0n, montoTotalLinea: money("100000") });
    // Line 2: 13 % of 26 000 = 3 380; 4 points exonerated = 1 040; net 2 340; line 28 340.
    expect(lines[1].impuestos[0]).toMatchObject({ monto: money("3380"), exoneracion: { monto: money("1040") } });
    expect(lines[1]).toMatchObject({ impuestoNeto: money("2340"), montoTotalLinea: money("28340") });
    // 4 of the 13 points are exonerated, so 4/13 of 26 000 = 8 000 is exonerado and 18 000 gravado.
    expect(shown(resumen)).toEqual(
      shown({
        ...ZERO_RESUMEN,
        totalServExonerado: money("100000"),
        totalMercanciasGravadas: money("18000"),
        totalMercExonerada: money("8000"),
        totalGravado: money("18000"),
        totalExonerado: money("108000"),
        totalVenta: money("126000"),
        totalVentaNeta: money("126000"),
        // Net of exonerations, so the breakdown adds up to TotalImpuesto.
        totalDesgloseImpuesto: [{ codigo: "01", codigoTarifa: "08", monto: money("2340") }],
        totalImpuesto: money("2340"),
        totalComprobante: money("128340"),
      }),
    );
    expectReimportsIdentically(invoice);
  });

  it("an invoice in dollars keeps its figures in dollars; the exchange rate converts on import", () => {
    const invoice = draft([line({ cantidad: "10", precioUnitario: money("12.50"), codigoTarifaIVA: "08" })], {
      moneda: "USD",
      tipoCambio: money("512.34"),
    });
    const { resumen } = computeInvoiceTotals(invoice);
    // 10 × 12.50 = 125.00 USD; 13 % = 16.25; total 141.25 USD.
    expect(formatAmount(resumen.totalVenta)).toBe("125.00000");
    expect(formatAmount(resumen.totalImpuesto)).toBe("16.25000");
    expect(formatAmount(resumen.totalComprobante)).toBe("141.25000");
    const { receipt, warnings } = reimport(invoice);
    expect(warnings).toEqual([]);
    expect(receipt.moneda).toBe("USD");
    // 141.25 × 512.34 = 72 368.025 colones.
    expect(formatAmount(receipt.colones.totalComprobante)).toBe("72368.02500");
  });

  it("services and goods: the CABYS section decides, the unit when there is no CABYS", () => {
    const invoice = draft([
      line({ cabys: SERVICE_CABYS, unidadMedida: "Unid", precioUnitario: money("100") }),
      line({ cabys: GOODS_CABYS, unidadMedida: "Sp", precioUnitario: money("200") }),
      line({ cabys: "", unidadMedida: "Spe", precioUnitario: money("400") }),
      line({ cabys: "", unidadMedida: "Unid", precioUnitario: money("800") }),
    ]);
    const { resumen } = computeInvoiceTotals(invoice);
    expect(formatAmount(resumen.totalServGravados)).toBe("500.00000");
    expect(formatAmount(resumen.totalMercanciasGravadas)).toBe("1000.00000");
  });

  it("exento (codes 05, 10 and 11), no sujeto (a marked 0 % line) and gravado at 0 % (code 01)", () => {
    const invoice = draft([
      line({ cabys: SERVICE_CABYS, unidadMedida: "Sp", precioUnitario: money("50000"), codigoTarifaIVA: "10" }),
      line({ precioUnitario: money("5000"), codigoTarifaIVA: "11" }),
      line({ precioUnitario: money("20000"), codigoTarifaIVA: "01", noSujeto: true }),
      line({
        cabys: SERVICE_CABYS,
        unidadMedida: "Sp",
        precioUnitario: money("7000"),
        codigoTarifaIVA: "05",
        noSujeto: true,
      }),
      line({ precioUnitario: money("3000"), codigoTarifaIVA: "01" }),
      line({ precioUnitario: money("1000"), codigoTarifaIVA: "05" }),
      line({ precioUnitario: money("10000"), codigoTarifaIVA: "08" }),
    ]);
    const { resumen } = computeInvoiceTotals(invoice);
    expect(shown(resumen)).toEqual(
      shown({
        ...ZERO_RESUMEN,
        totalServExentos: money("50000"),
        totalServNoSujeto: money("7000"),
        totalMercanciasGravadas: money("13000"),
        totalMercanciasExentas: money("6000"),
        totalMercNoSujeta: money("20000"),
        totalGravado: money("13000"),
        totalExento: money("56000"),
        totalNoSujeto: money("27000"),
        totalVenta: money("96000"),
        totalVentaNeta: money("96000"),
        totalDesgloseImpuesto: [
          { codigo: "01", codigoTarifa: "01", monto: 0n },
          { codigo: "01", codigoTarifa: "05", monto: 0n },
          { codigo: "01", codigoTarifa: "08", monto: money("1300") },
          { codigo: "01", codigoTarifa: "10", monto: 0n },
          { codigo: "01", codigoTarifa: "11", monto: 0n },
        ],
        totalImpuesto: money("1300"),
        totalComprobante: money("97300"),
      }),
    );
    expectReimportsIdentically(invoice);
  });

  it("an NC, ND and TE add up the same way", () => {
    const reference = {
      tipoDocumento: "01",
      numero: numbering("FE").clave,
      fechaEmision: "2026-11-20T09:00:00-06:00",
      codigo: "01",
      razon: "Anula la factura",
    };
    for (const kind of ["NC", "ND"] as const) {
      expectReimportsIdentically(draft([line({ precioUnitario: money("999.99") })], { kind, reference }));
    }
    expectReimportsIdentically(draft([line({ precioUnitario: money("999.99") })], { kind: "TE", receptor: undefined }));
  });
});

describe("computeInvoiceTotals refuses what it cannot compute, in Spanish", () => {
  const problemsOf = (invoice: InvoiceDraft) => {
    try {
      computeInvoiceTotals(invoice);
    } catch (error) {
      if (error instanceof InvoiceTotalsError) return error.errors;
      throw error;
    }
    return [];
  };

  it("lists every problem of every line", () => {
    const exoneracion = {
      tipoDocumento: "03",
      numeroDocumento: "AL-1",
      nombreInstitucion: "01",
      fechaEmision: "2026-01-15T08:00:00-06:00",
    };
    const invoice = draft([
      line({ codigoTarifaIVA: "12" }),
      line({ cantidad: "0" }),
      line({ cantidad: "1.2345" }),
      line({ descuento: { monto: money("1000.01"), codigo: "07" } }),
      line({ descuento: { monto: money("1"), codigo: "10" } }),
      line({ exoneracion: { ...exoneracion, tarifaExonerada: "14" } }),
      line({ codigoTarifaIVA: "10", exoneracion: { ...exoneracion, tarifaExonerada: "1" } }),
      line({ codigoTarifaIVA: "08", noSujeto: true }),
      line({ codigoTarifaIVA: "10", noSujeto: true }),
      line({ precioUnitario: money("-1") }),
    ]);
    expect(problemsOf(invoice)).toEqual([
      "Línea 1: el código de tarifa de IVA «12» no existe.",
      "Línea 2: la cantidad debe ser un número mayor que cero con hasta 3 decimales.",
      "Línea 3: la cantidad debe ser un número mayor que cero con hasta 3 decimales.",
      "Línea 4: el descuento no puede superar el monto de la línea.",
      "Línea 5: el código de descuento «10» no existe.",
      "Línea 6: la tarifa exonerada (14 %) no puede superar la tarifa del IVA (13 %).",
      "Línea 7: una línea con tarifa 0 % o exenta no puede llevar exoneración.",
      "Línea 8: una venta no sujeta debe llevar una tarifa 0 % (no la exenta ni una tarifa positiva).",
      "Línea 9: una venta no sujeta debe llevar una tarifa 0 % (no la exenta ni una tarifa positiva).",
      "Línea 10: el precio unitario está fuera de rango.",
    ]);
    expect(invoiceTotalsProblems(invoice)).toHaveLength(10);
  });

  it("an invoice needs a line, and totals within Hacienda's maximum", () => {
    expect(problemsOf(draft([]))).toEqual(["La factura debe tener al menos una línea."]);
    expect(
      problemsOf(
        draft([line({ precioUnitario: money("9999999999999") }), line({ precioUnitario: money("9999999999999") })]),
      ),
    ).toEqual(["El total de la factura supera el máximo que admite Hacienda."]);
  });

  it("the amounts per payment method must match the methods and add up to the total", () => {
    const base = draft([line({ precioUnitario: money("1000") })], { mediosPago: ["01", "02"] });
    expect(problemsOf({ ...base, montosMedioPago: [money("1130")] })).toEqual([
      "Indique un monto por cada medio de pago.",
    ]);
    expect(problemsOf({ ...base, montosMedioPago: [money("1000"), money("100")] })).toEqual([
      "Los montos de los medios de pago suman ₡1\u00a0100,00 pero el total del comprobante es ₡1\u00a0130,00.",
    ]);
    expect(problemsOf({ ...base, montosMedioPago: [money("1000"), money("130")] })).toEqual([]);
  });
});
