import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateBatch } from "../../../scripts/hacienda-samples/src/generate";
import { parseAmount } from "../money";
import { checkArithmetic, showAmount, summaryTolerance } from "./arithmetic";
import { parseComprobante } from "./parse";
import type { ElectronicReceipt } from "./types";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/hacienda/${name}`, import.meta.url), "utf8");
const amount = (text: string) => parseAmount(text)!;

function warningsOf(xml: string): string[] {
  const result = parseComprobante(xml);
  if (!result.ok) throw new Error(result.errors.join(" | "));
  return result.warnings;
}

function receiptOf(xml: string): ElectronicReceipt {
  const result = parseComprobante(xml);
  if (!result.ok || result.document.kind === "MH") throw new Error("expected a receipt");
  return result.document;
}

/** Replaces the text of the n-th element called `name`. */
function setElement(xml: string, name: string, value: string, occurrence = 0): string {
  let seen = -1;
  return xml.replace(new RegExp(`<${name}>[^<]*</${name}>`, "g"), (whole) => {
    seen += 1;
    return seen === occurrence ? `<${name}>${value}</${name}>` : whole;
  });
}

const FE44 = fixture("FE-4.4-ejemplo-descuento.xml");
const FE43 = fixture("FE-4.3-servicios-exoneracion.xml");

describe("checkArithmetic on consistent documents", () => {
  it("finds nothing to report in the worked example (2 × 10 000, discount 2 000, IVA 13 % → 20 340)", () => {
    expect(checkArithmetic(receiptOf(FE44))).toEqual([]);
  });

  it("finds nothing to report in hand-written v4.3 and v4.4 documents of every kind", () => {
    for (const name of [
      "FE-4.3-servicios-exoneracion.xml",
      "NC-4.4-devolucion-usd.xml",
      "TE-4.3-farmacia.xml",
      "FEC-4.4-regimen-especial.xml",
      "REP-4.4-abono.xml",
    ]) {
      expect(warningsOf(fixture(name)), name).toEqual([]);
    }
  });

  it("finds nothing to report in a year of generated receipts", () => {
    const documents = generateBatch({ seed: "arithmetic", count: 250, from: "2025-01-01", to: "2025-12-31" });
    for (const document of documents) expect(warningsOf(document.xml), document.fileName).toEqual([]);
  });
});

describe("checkArithmetic reports tampered totals as Spanish warnings", () => {
  it("reports TotalComprobante", () => {
    expect(warningsOf(setElement(FE44, "TotalComprobante", "20350.00000"))).toEqual([
      "ResumenFactura/TotalComprobante es 20350.00 pero TotalVentaNeta + TotalImpuesto + TotalOtrosCargos − TotalIVADevuelto da 20340.00.",
    ]);
  });

  it("tolerates one céntimo of rounding and no more", () => {
    expect(warningsOf(setElement(FE44, "TotalComprobante", "20340.01000"))).toEqual([]);
    expect(warningsOf(setElement(FE44, "TotalComprobante", "20339.99000"))).toEqual([]);
    expect(warningsOf(setElement(FE44, "TotalComprobante", "20340.02000"))).toHaveLength(1);
    expect(warningsOf(setElement(FE44, "Monto", "2340.01000"))).toEqual([]);
    expect(warningsOf(setElement(FE44, "Monto", "2340.02000"))).toContain(
      "Línea 1: el Monto del impuesto (13.00 %) es 2340.02 pero BaseImponible × Tarifa da 2340.00.",
    );
  });

  it("reports a line's MontoTotal that is not Cantidad × PrecioUnitario, and the totals that follow", () => {
    const warnings = warningsOf(setElement(FE44, "MontoTotal", "21000.00000"));
    expect(warnings).toContain("Línea 1: MontoTotal es 21000.00 pero Cantidad × PrecioUnitario da 20000.00.");
    expect(warnings).toContain("Línea 1: SubTotal es 18000.00 pero MontoTotal − descuentos da 19000.00.");
    expect(warnings).toContain(
      "ResumenFactura/TotalVenta es 20000.00 pero la suma de MontoTotal de las líneas da 21000.00.",
    );
  });

  it("reports SubTotal, BaseImponible, ImpuestoNeto and MontoTotalLinea", () => {
    expect(warningsOf(setElement(FE44, "MontoTotalLinea", "20000.00000"))).toEqual([
      "Línea 1: MontoTotalLinea es 20000.00 pero SubTotal + ImpuestoNeto da 20340.00.",
    ]);
    expect(warningsOf(setElement(FE44, "ImpuestoNeto", "2000.00000"))).toEqual([
      "Línea 1: ImpuestoNeto es 2000.00 pero Monto de los impuestos − exoneraciones − impuesto asumido da 2340.00.",
      "Línea 1: MontoTotalLinea es 20340.00 pero SubTotal + ImpuestoNeto da 20000.00.",
      "ResumenFactura/TotalImpuesto es 2340.00 pero la suma de ImpuestoNeto de las líneas da 2000.00.",
    ]);
    expect(warningsOf(setElement(FE44, "BaseImponible", "20000.00000"))).toEqual([
      "Línea 1: BaseImponible es 20000.00 pero SubTotal + impuestos selectivos y específicos da 18000.00.",
      "Línea 1: el Monto del impuesto (13.00 %) es 2340.00 pero BaseImponible × Tarifa da 2600.00.",
    ]);
  });

  it("reports a Tarifa that does not match its rate code", () => {
    expect(warningsOf(setElement(FE44, "Tarifa", "4.00"))).toEqual([
      "Línea 1: la Tarifa 4.00 % no corresponde al código de tarifa 08 (13 %).",
      "Línea 1: el Monto del impuesto (4.00 %) es 2340.00 pero BaseImponible × Tarifa da 720.00.",
    ]);
  });

  it("reports TotalVenta, TotalDescuentos, TotalVentaNeta and TotalImpuesto", () => {
    expect(warningsOf(setElement(FE44, "TotalDescuentos", "0.00000"))).toEqual([
      "ResumenFactura/TotalDescuentos es 0.00 pero la suma de los descuentos de las líneas da 2000.00.",
      "ResumenFactura/TotalVentaNeta es 18000.00 pero TotalVenta − TotalDescuentos da 20000.00.",
    ]);
    expect(warningsOf(setElement(FE44, "TotalImpuesto", "2600.00000"))).toEqual([
      "ResumenFactura/TotalImpuesto es 2600.00 pero la suma de ImpuestoNeto de las líneas da 2340.00.",
      "ResumenFactura/TotalComprobante es 20340.00 pero TotalVentaNeta + TotalImpuesto + TotalOtrosCargos − TotalIVADevuelto da 20600.00.",
    ]);
    const venta = warningsOf(setElement(FE44, "TotalVenta", "25000.00000"));
    expect(venta).toContain(
      "ResumenFactura/TotalVenta es 25000.00 pero la suma de MontoTotal de las líneas da 20000.00.",
    );
    expect(venta).toContain(
      "ResumenFactura/TotalVenta es 25000.00 pero TotalGravado + TotalExento + TotalExonerado + TotalNoSujeto da 20000.00.",
    );
  });

  it("reports TotalDesgloseImpuesto per tax and rate, and its absence", () => {
    expect(warningsOf(setElement(FE44, "TotalMontoImpuesto", "2000.00000"))).toEqual([
      "ResumenFactura/TotalDesgloseImpuesto (impuesto 01, tarifa 08) es 2000.00 pero las líneas suman 2340.00.",
    ]);
    expect(warningsOf(FE44.replace(/<TotalDesgloseImpuesto>[\s\S]*?<\/TotalDesgloseImpuesto>/, ""))).toEqual([
      "ResumenFactura no incluye TotalDesgloseImpuesto aunque las líneas tienen impuestos.",
    ]);
    const wrongRate = FE44.replace(
      "<CodigoTarifaIVA>08</CodigoTarifaIVA>\n      <TotalMontoImpuesto>",
      "<CodigoTarifaIVA>04</CodigoTarifaIVA>\n      <TotalMontoImpuesto>",
    );
    expect(warningsOf(wrongRate)).toEqual([
      "ResumenFactura/TotalDesgloseImpuesto (impuesto 01, tarifa 08) es 0.00 pero las líneas suman 2340.00.",
      "ResumenFactura/TotalDesgloseImpuesto (impuesto 01, tarifa 04) es 2340.00 pero las líneas suman 0.00.",
    ]);
  });

  it("reports gravado / exento / exonerado totals that do not follow from the lines", () => {
    const moved = setElement(setElement(FE44, "TotalGravado", "18000.00000"), "TotalExento", "2000.00000");
    expect(
      warningsOf(
        setElement(setElement(moved, "TotalMercanciasGravadas", "18000.00000"), "TotalMercanciasExentas", "2000.00000"),
      ),
    ).toEqual([
      "ResumenFactura/TotalGravado es 18000.00 pero las líneas dan 20000.00.",
      "ResumenFactura/TotalExento es 2000.00 pero las líneas dan 0.00.",
    ]);
    expect(warningsOf(setElement(FE44, "TotalGravado", "0.00000"))).toContain(
      "ResumenFactura/TotalGravado es 0.00 pero TotalServGravados + TotalMercanciasGravadas da 20000.00.",
    );
    expect(warningsOf(setElement(FE43, "TotalServExonerado", "0.00000"))).toContain(
      "ResumenFactura/TotalExonerado es 50000.00 pero TotalServExonerado + TotalMercExonerada da 0.00.",
    );
  });

  it("reports services reported as goods, judged by CABYS or unit", () => {
    const swapped = setElement(
      setElement(FE44, "TotalMercanciasGravadas", "0.00000"),
      "TotalServGravados",
      "20000.00000",
    );
    expect(warningsOf(swapped)).toEqual([
      "La separación entre servicios y mercancías de ResumenFactura no coincide con las líneas (clasificadas por CABYS o unidad de medida): según las líneas, servicios 0.00 y mercancías 20000.00; el resumen indica servicios 20000.00 y mercancías 0.00.",
    ]);
  });

  it("reports TotalOtrosCargos that is not the sum of the charges", () => {
    expect(warningsOf(setElement(FE43, "TotalOtrosCargos", "1000.00000"))).toEqual([
      "ResumenFactura/TotalOtrosCargos es 1000.00 pero la suma de OtrosCargos/MontoCargo da 1500.00.",
      "ResumenFactura/TotalComprobante es 375710.00 pero TotalVentaNeta + TotalImpuesto + TotalOtrosCargos − TotalIVADevuelto da 375210.00.",
    ]);
  });

  it("reports an exoneration larger than the tax", () => {
    expect(warningsOf(setElement(FE43, "MontoExoneracion", "7000.00000"))).toContain(
      "Línea 3: el MontoExoneracion (7000.00) supera el Monto del impuesto (6500.00).",
    );
  });

  it("reports a v4.4 MontoExoneracion that does not follow from TarifaExonerada", () => {
    const exonerated = FE44.replace(
      "<Monto>2340.00000</Monto>",
      "<Monto>2340.00000</Monto><Exoneracion><TipoDocumentoEX1>03</TipoDocumentoEX1><NumeroDocumento>AL-1</NumeroDocumento><NombreInstitucion>01</NombreInstitucion><FechaEmisionEX>2025-01-15T08:00:00-06:00</FechaEmisionEX><TarifaExonerada>9.00</TarifaExonerada><MontoExoneracion>1500.00000</MontoExoneracion></Exoneracion>",
    );
    expect(warningsOf(exonerated)).toContain(
      "Línea 1: el MontoExoneracion es 1500.00 pero BaseImponible × TarifaExonerada (9.00 %) da 1620.00.",
    );
  });

  it("finds every tampered total in generated documents", () => {
    const documents = generateBatch({ seed: "tamper", count: 60, month: "2025-06", mensajeHaciendaShare: 0 });
    for (const document of documents) {
      const tampered = document.xml.replace(/<TotalComprobante>([\d.]+)<\/TotalComprobante>/, (_, value: string) => {
        const bumped = parseAmount(value)! + amount("1");
        return `<TotalComprobante>${showAmount(bumped)}</TotalComprobante>`;
      });
      expect(
        warningsOf(tampered).some((warning) => warning.startsWith("ResumenFactura/TotalComprobante es")),
        document.fileName,
      ).toBe(true);
    }
  });
});

describe("checkArithmetic knows Hacienda's special cases", () => {
  it("accepts a v4.3 PorcentajeExoneracion written as points of the rate", () => {
    // 13 points of a 13 % rate = the whole tax, the way some 4.3 systems wrote it.
    expect(warningsOf(setElement(FE43, "PorcentajeExoneracion", "13"))).toEqual([]);
  });

  it("lets zero-rate lines be reported as gravado, exento or no sujeto — but not exonerado", () => {
    const zeroRated = setElement(
      setElement(setElement(FE44, "CodigoTarifaIVA", "01"), "Tarifa", "0.00"),
      "Monto",
      "0.00000",
    );
    const consistent = setElement(
      setElement(
        setElement(
          setElement(setElement(zeroRated, "ImpuestoNeto", "0.00000"), "MontoTotalLinea", "18000.00000"),
          "TotalMontoImpuesto",
          "0.00000",
        ),
        "TotalImpuesto",
        "0.00000",
      ),
      "TotalComprobante",
      "18000.00000",
    ).replace("<CodigoTarifaIVA>08</CodigoTarifaIVA>", "<CodigoTarifaIVA>01</CodigoTarifaIVA>");
    expect(warningsOf(consistent)).toEqual([]);
    const asExento = setElement(
      setElement(
        setElement(
          setElement(consistent, "TotalMercanciasGravadas", "0.00000"),
          "TotalMercanciasExentas",
          "20000.00000",
        ),
        "TotalGravado",
        "0.00000",
      ),
      "TotalExento",
      "20000.00000",
    );
    expect(warningsOf(asExento)).toEqual([]);
    const asExonerado = setElement(
      setElement(
        setElement(setElement(consistent, "TotalMercanciasGravadas", "0.00000"), "TotalMercExonerada", "20000.00000"),
        "TotalGravado",
        "0.00000",
      ),
      "TotalExonerado",
      "20000.00000",
    );
    expect(warningsOf(asExonerado)).toEqual([
      "ResumenFactura/TotalExonerado es 20000.00 pero las líneas dan 0.00.",
      "ResumenFactura/TotalGravado, TotalExento y TotalNoSujeto (0.00, 0.00, 0.00) no cuadran con las líneas: gravado 0.00, exento 0.00, no sujeto 0.00, más 20000.00 de líneas con tarifa 0 % que pueden declararse en cualquiera de ellos.",
    ]);
  });

  it("accepts IVA computed on MontoTotal for a regalía (discount code 01)", () => {
    const regalia = setElement(
      setElement(
        setElement(
          setElement(
            setElement(setElement(FE44, "CodigoDescuento", "01"), "Monto", "2600.00000"),
            "ImpuestoNeto",
            "2600.00000",
          ),
          "MontoTotalLinea",
          "20600.00000",
        ),
        "TotalMontoImpuesto",
        "2600.00000",
      ),
      "TotalImpuesto",
      "2600.00000",
    );
    expect(warningsOf(setElement(regalia, "TotalComprobante", "20600.00000"))).toEqual([]);
  });

  it("accepts a REP whose SubTotal is a partial payment of MontoTotal", () => {
    const rep = fixture("REP-4.4-abono.xml");
    const partial = setElement(setElement(rep, "MontoTotal", "500000.00000"), "TotalVenta", "200000.00000");
    expect(warningsOf(partial)).toEqual([]);
  });

  it("scales the tolerance with the number of summed lines", () => {
    expect(summaryTolerance(0)).toBe(amount("0.01"));
    expect(summaryTolerance(2)).toBe(amount("0.01"));
    expect(summaryTolerance(10)).toBe(amount("0.05"));
    expect(summaryTolerance(1000)).toBe(amount("5"));
  });

  it("shows amounts with at least two decimals", () => {
    expect(showAmount(amount("20340"))).toBe("20340.00");
    expect(showAmount(amount("0.5"))).toBe("0.50");
    expect(showAmount(amount("1.23456"))).toBe("1.23456");
    expect(showAmount(amount("1.234"))).toBe("1.234");
  });
});
