import { describe, expect, it } from "vitest";
import type { InvoiceDraft } from "../invoicing/types";
import { computeInvoiceTotals } from "./invoice-totals";
import { draft, ISSUER, line, money, numbering } from "./invoice-test-fixtures";
import { parseComprobante } from "./parse";
import { withPlaceholderSignature } from "./placeholder-signature";
import { CONDICIONES_VENTA_BY_KIND, invoiceDocumentProblems, writeInvoiceXml } from "./write-invoice";

function write(invoice: InvoiceDraft): string {
  return writeInvoiceXml(ISSUER, invoice, computeInvoiceTotals(invoice), numbering(invoice.kind, 42));
}

/** The names of the root's children, in document order. */
function rootChildren(xml: string): string[] {
  return [...xml.matchAll(/^ {2}<([A-Za-z]+)[ >/]/gm)].map((match) => match[1]);
}

const REFERENCE = {
  tipoDocumento: "01",
  numero: numbering("FE").clave,
  fechaEmision: "2026-11-20T09:00:00-06:00",
  codigo: "01",
  razon: "Anula la factura",
};

describe("writeInvoiceXml", () => {
  it("writes the root elements of an FE in the schema's order, unsigned", () => {
    const xml = write(draft([line()], { condicionVenta: "02", plazoCredito: 30, notas: "Gracias" }));
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<FacturaElectronica xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/facturaElectronica">',
      ),
    ).toBe(true);
    expect(rootChildren(xml)).toEqual([
      "Clave",
      "ProveedorSistemas",
      "CodigoActividadEmisor",
      "NumeroConsecutivo",
      "FechaEmision",
      "Emisor",
      "Receptor",
      "CondicionVenta",
      "PlazoCredito",
      "DetalleServicio",
      "ResumenFactura",
      "Otros",
    ]);
    expect(xml).not.toContain("Signature");
    expect(xml).toContain(`<Clave>${numbering("FE", 42).clave}</Clave>`);
    expect(xml).toContain("<NumeroConsecutivo>00100001010000000042</NumeroConsecutivo>");
    expect(xml).toContain("<ProveedorSistemas>3101123456</ProveedorSistemas>");
    expect(xml).toContain("<CodigoActividadEmisor>692001</CodigoActividadEmisor>");
    expect(xml).toContain("<FechaEmision>2026-11-23T10:15:00-06:00</FechaEmision>");
    expect(xml).toContain("<PlazoCredito>30</PlazoCredito>");
  });

  it("writes a line's elements in order, with 5-decimal amounts and the exoneration", () => {
    const xml = write(
      draft([
        line({
          cantidad: "2",
          precioUnitario: money("10000"),
          descuento: { monto: money("2000"), codigo: "99", naturaleza: "Pronto pago" },
          exoneracion: {
            tipoDocumento: "03",
            numeroDocumento: "AL-1234",
            nombreInstitucion: "01",
            fechaEmision: "2026-01-15T08:00:00-06:00",
            tarifaExonerada: "13",
          },
        }),
      ]),
    );
    const linea = xml.slice(xml.indexOf("<LineaDetalle>"), xml.indexOf("</LineaDetalle>"));
    const names = [...linea.matchAll(/<([A-Za-z0-9]+)>/g)].map((match) => match[1]);
    expect(names).toEqual([
      "LineaDetalle",
      "NumeroLinea",
      "CodigoCABYS",
      "Cantidad",
      "UnidadMedida",
      "Detalle",
      "PrecioUnitario",
      "MontoTotal",
      "Descuento",
      "MontoDescuento",
      "CodigoDescuento",
      "CodigoDescuentoOTRO",
      "NaturalezaDescuento",
      "SubTotal",
      "BaseImponible",
      "Impuesto",
      "Codigo",
      "CodigoTarifaIVA",
      "Tarifa",
      "Monto",
      "Exoneracion",
      "TipoDocumentoEX1",
      "NumeroDocumento",
      "NombreInstitucion",
      "FechaEmisionEX",
      "TarifaExonerada",
      "MontoExoneracion",
      "ImpuestoAsumidoEmisorFabrica",
      "ImpuestoNeto",
      "MontoTotalLinea",
    ]);
    expect(linea).toContain("<Cantidad>2.000</Cantidad>");
    expect(linea).toContain("<MontoTotal>20000.00000</MontoTotal>");
    expect(linea).toContain("<Tarifa>13.00</Tarifa>");
    expect(linea).toContain("<MontoExoneracion>2340.00000</MontoExoneracion>");
    expect(linea).toContain("<ImpuestoNeto>0.00000</ImpuestoNeto>");
  });

  it("writes only the summary totals that are not zero, payment methods before TotalComprobante", () => {
    const xml = write(draft([line({ precioUnitario: money("1000") })], { mediosPago: ["01", "06"] }));
    const resumen = xml.slice(xml.indexOf("<ResumenFactura>"), xml.indexOf("</ResumenFactura>"));
    expect(resumen).toContain("<CodigoMoneda>CRC</CodigoMoneda>");
    expect(resumen).toContain("<TipoCambio>1.00000</TipoCambio>");
    expect(resumen).toContain("<TotalMercanciasGravadas>1000.00000</TotalMercanciasGravadas>");
    expect(resumen).not.toContain("TotalServGravados");
    expect(resumen).not.toContain("TotalDescuentos");
    expect(resumen.indexOf("<TipoMedioPago>01</TipoMedioPago>")).toBeGreaterThan(resumen.indexOf("<TotalImpuesto>"));
    expect(resumen.indexOf("<TipoMedioPago>06</TipoMedioPago>")).toBeLessThan(resumen.indexOf("<TotalComprobante>"));
    expect(resumen).toContain("<TotalComprobante>1130.00000</TotalComprobante>");
  });

  it("escapes text and drops characters XML cannot carry", () => {
    const xml = write(
      draft([line({ detalle: 'Tornillos <3/8"> & tuercas\u0007' })], {
        receptor: { nombre: "Pérez & Hijos <S.A.>", identificacion: { tipo: "01", numero: "109870654" } },
      }),
    );
    expect(xml).toContain("<Detalle>Tornillos &lt;3/8&quot;&gt; &amp; tuercas</Detalle>");
    expect(xml).toContain("<Nombre>Pérez &amp; Hijos &lt;S.A.&gt;</Nombre>");
    const parsed = parseComprobante(withPlaceholderSignature(xml));
    expect(parsed.ok && parsed.document.kind !== "MH" && parsed.document.lines[0].detalle).toBe(
      'Tornillos <3/8"> & tuercas',
    );
  });

  it("splits long notes into OtroTexto pieces of at most 500 characters", () => {
    const notas = "Á".repeat(1200);
    const xml = write(draft([line()], { notas }));
    const pieces = [...xml.matchAll(/<OtroTexto>([^<]*)<\/OtroTexto>/g)].map((match) => match[1]);
    expect(pieces.map((piece) => piece.length)).toEqual([500, 500, 200]);
    expect(pieces.join("")).toBe(notas);
  });

  it("writes an NC and an ND with their reference, a TE without receptor", () => {
    for (const kind of ["NC", "ND"] as const) {
      const xml = write(draft([line()], { kind, reference: REFERENCE }));
      const root = kind === "NC" ? "NotaCreditoElectronica" : "NotaDebitoElectronica";
      expect(xml).toContain(
        `<${root} xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/${kind === "NC" ? "notaCreditoElectronica" : "notaDebitoElectronica"}">`,
      );
      expect(rootChildren(xml).slice(-2)).toEqual(["ResumenFactura", "InformacionReferencia"]);
      expect(xml).toContain(
        `<InformacionReferencia>\n    <TipoDocIR>01</TipoDocIR>\n    <Numero>${REFERENCE.numero}</Numero>\n    <FechaEmisionIR>2026-11-20T09:00:00-06:00</FechaEmisionIR>\n    <Codigo>01</Codigo>\n    <Razon>Anula la factura</Razon>\n  </InformacionReferencia>`,
      );
    }
    const tiquete = write(draft([line()], { kind: "TE", receptor: undefined, condicionVenta: "01", plazoCredito: 15 }));
    expect(tiquete).toContain("<TiqueteElectronico xmlns=");
    expect(rootChildren(tiquete)).not.toContain("Receptor");
    expect(rootChildren(tiquete)).not.toContain("PlazoCredito");
  });

  it("knows which sale conditions each schema accepts", () => {
    expect(CONDICIONES_VENTA_BY_KIND.FE).toContain("12");
    expect(CONDICIONES_VENTA_BY_KIND.TE).not.toContain("12");
    expect(CONDICIONES_VENTA_BY_KIND.NC).toContain("09");
    expect(CONDICIONES_VENTA_BY_KIND.FE).not.toContain("09");
  });

  it("writes each payment method with its amount, the whole total for a single one, and the «Otros» descriptions", () => {
    const single = write(draft([line({ precioUnitario: money("1000") })], { mediosPago: ["02"] }));
    expect(single).toContain(
      "<MedioPago>\n      <TipoMedioPago>02</TipoMedioPago>\n      <TotalMedioPago>1130.00000</TotalMedioPago>\n    </MedioPago>",
    );
    const split = write(
      draft([line({ precioUnitario: money("1000") })], {
        condicionVenta: "99",
        condicionVentaOtros: "Canje de servicios",
        mediosPago: ["01", "99"],
        montosMedioPago: [money("130"), money("1000")],
        medioPagoOtros: "Cupón de regalo",
      }),
    );
    expect(split).toContain(
      "<CondicionVenta>99</CondicionVenta>\n  <CondicionVentaOtros>Canje de servicios</CondicionVentaOtros>",
    );
    expect(split).toContain("<TipoMedioPago>01</TipoMedioPago>\n      <TotalMedioPago>130.00000</TotalMedioPago>");
    expect(split).toContain(
      "<TipoMedioPago>99</TipoMedioPago>\n      <MedioPagoOtros>Cupón de regalo</MedioPagoOtros>\n      <TotalMedioPago>1000.00000</TotalMedioPago>",
    );
  });

  it("names a discount's nature after its code when none was typed", () => {
    const xml = write(draft([line({ descuento: { monto: money("10"), codigo: "04" } })]));
    expect(xml).toContain(
      "<CodigoDescuento>04</CodigoDescuento>\n        <NaturalezaDescuento>Descuento por volumen</NaturalezaDescuento>",
    );
    expect(xml).not.toContain("CodigoDescuentoOTRO");
  });
});

describe("invoiceDocumentProblems", () => {
  it("accepts a complete draft", () => {
    expect(invoiceDocumentProblems(draft([line()]))).toEqual([]);
    expect(invoiceDocumentProblems(draft([line()], { kind: "TE", receptor: undefined }))).toEqual([]);
  });

  it("lists, in Spanish, what Hacienda would refuse", () => {
    const problems = invoiceDocumentProblems(
      draft(
        [
          line({ descuento: { monto: money("1"), codigo: "99", naturaleza: "Otro" } }),
          line({ descuento: { monto: money("1"), codigo: "04", naturaleza: "x" } }),
        ],
        {
          kind: "NC",
          receptor: undefined,
          condicionVenta: "99",
          mediosPago: ["01", "99", "01", "02", "04"],
          reference: { ...REFERENCE, codigo: "03" },
        },
      ),
    );
    expect(problems).toEqual([
      "Describa la condición de venta «Otros» (entre 5 y 100 caracteres).",
      "Indique como máximo 4 medios de pago.",
      "Un medio de pago está repetido.",
      "Describa el medio de pago «Otros» (entre 3 y 100 caracteres).",
      "Con más de un medio de pago, indique el monto de cada uno.",
      "El código de referencia 03 no existe en la versión 4.4.",
      "Línea 1: describa el descuento «Otros» (entre 5 y 80 caracteres).",
      "Línea 2: la naturaleza del descuento debe tener entre 3 y 80 caracteres.",
    ]);
    expect(
      invoiceDocumentProblems(
        draft([line()], { kind: "FE", receptor: { nombre: "Cliente contado" }, condicionVenta: "02" }),
      ),
    ).toEqual([
      "Indique el plazo del crédito en días.",
      "Una factura electrónica necesita la identificación del receptor.",
    ]);
    expect(invoiceDocumentProblems(draft([line()], { kind: "ND" }))).toEqual([
      "Una nota de crédito o de débito debe indicar el documento al que se refiere.",
    ]);
    expect(invoiceDocumentProblems(draft([line()], { kind: "TE", receptor: undefined, condicionVenta: "12" }))).toEqual(
      ["La condición de venta 12 no se admite en este tipo de comprobante."],
    );
  });
});
