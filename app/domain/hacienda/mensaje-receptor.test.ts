import { XMLParser } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { haciendaXsdPath, validateXmlBatch } from "../../../tests/support/xmllint";
import { parseAmount } from "../money";
import {
  buildMensajeReceptor as buildUnchecked,
  MENSAJE_RECEPTOR_NAMESPACE,
  MensajeReceptorInputError,
  mensajeReceptorConsecutivo,
  validateMensajeReceptorInput,
  type MensajeReceptorInput,
} from "./mensaje-receptor";
import { parseComprobante } from "./parse";
import { withPlaceholderSignature } from "./placeholder-signature";

const amount = (text: string) => parseAmount(text)!;

const ACCEPTANCE: MensajeReceptorInput = {
  clave: "50614022500310276543200100001010000001534184736251",
  numeroCedulaEmisor: "3102765432",
  fechaEmisionDoc: new Date("2025-03-03T15:30:00Z"),
  mensaje: 1,
  detalleMensaje: "Aceptado: servicios de contabilidad de enero",
  montoTotalImpuesto: amount("26210"),
  codigoActividad: "475201",
  condicionImpuesto: "01",
  montoTotalImpuestoAcreditar: amount("26210"),
  montoTotalDeGastoAplicable: amount("348000"),
  totalFactura: amount("375710"),
  numeroCedulaReceptor: "3101123456",
  consecutivo: { numero: 17 },
};

/** Every message built here is also validated against the official schema (see afterAll). */
const built: string[] = [];
function buildMensajeReceptor(input: MensajeReceptorInput): string {
  const xml = buildUnchecked(input);
  built.push(xml);
  return xml;
}

afterAll(async () => {
  expect(built.length).toBeGreaterThanOrEqual(19);
  const results = await validateXmlBatch(
    built.map(withPlaceholderSignature),
    haciendaXsdPath("MensajeReceptor", "4.4"),
  );
  expect(results.flatMap((result) => result.errors)).toEqual([]);
  expect(results.every((result) => result.valid)).toBe(true);
});

const reader = new XMLParser({ parseTagValue: false, ignoreAttributes: false, attributeNamePrefix: "@_" });

function elementsOf(xml: string): [string, unknown][] {
  const root = reader.parse(xml).MensajeReceptor as Record<string, unknown>;
  return Object.entries(root).filter(([name]) => !name.startsWith("@_"));
}

describe("buildMensajeReceptor", () => {
  it("writes every field in the order of MensajeReceptor_V4.4.xsd", () => {
    const xml = buildMensajeReceptor(ACCEPTANCE);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<MensajeReceptor xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeReceptor">',
      ),
    ).toBe(true);
    expect(elementsOf(xml)).toEqual([
      ["Clave", "50614022500310276543200100001010000001534184736251"],
      ["NumeroCedulaEmisor", "3102765432"],
      ["FechaEmisionDoc", "2025-03-03T09:30:00-06:00"],
      ["Mensaje", "1"],
      ["DetalleMensaje", "Aceptado: servicios de contabilidad de enero"],
      ["MontoTotalImpuesto", "26210.00000"],
      ["CodigoActividad", "475201"],
      ["CondicionImpuesto", "01"],
      ["MontoTotalImpuestoAcreditar", "26210.00000"],
      ["MontoTotalDeGastoAplicable", "348000.00000"],
      ["TotalFactura", "375710.00000"],
      ["NumeroCedulaReceptor", "3101123456"],
      ["NumeroConsecutivoReceptor", "00100001050000000017"],
    ]);
    expect(xml).not.toContain("Signature");
  });

  it("numbers acceptance, partial acceptance and rejection as types 05, 06 and 07", () => {
    expect(mensajeReceptorConsecutivo({ mensaje: 1, consecutivo: { numero: 1 } })).toBe("00100001050000000001");
    expect(mensajeReceptorConsecutivo({ mensaje: 2, consecutivo: { numero: 2 } })).toBe("00100001060000000002");
    expect(mensajeReceptorConsecutivo({ mensaje: 3, consecutivo: { numero: 3, sucursal: 2, terminal: 7 } })).toBe(
      "00200007070000000003",
    );
  });

  it("leaves out the optional fields that are not given", () => {
    const xml = buildMensajeReceptor({
      clave: ACCEPTANCE.clave,
      numeroCedulaEmisor: "3102765432",
      fechaEmisionDoc: "2025-03-03T09:30:00-06:00",
      mensaje: 3,
      totalFactura: amount("375710"),
      numeroCedulaReceptor: "3101123456",
      consecutivo: { numero: 4 },
    });
    expect(elementsOf(xml).map(([name]) => name)).toEqual([
      "Clave",
      "NumeroCedulaEmisor",
      "FechaEmisionDoc",
      "Mensaje",
      "TotalFactura",
      "NumeroCedulaReceptor",
      "NumeroConsecutivoReceptor",
    ]);
    expect(xml).toContain("<NumeroConsecutivoReceptor>00100001070000000004</NumeroConsecutivoReceptor>");
  });

  it("escapes text and keeps a date without offset in Costa Rica time", () => {
    const xml = buildMensajeReceptor({
      ...ACCEPTANCE,
      detalleMensaje: 'Parcial: "3 cajas" < 5 & dañadas',
      mensaje: 2,
      fechaEmisionDoc: "2025-03-03T09:30:00",
    });
    expect(xml).toContain("<DetalleMensaje>Parcial: &quot;3 cajas&quot; &lt; 5 &amp; dañadas</DetalleMensaje>");
    expect(xml).toContain("<FechaEmisionDoc>2025-03-03T09:30:00-06:00</FechaEmisionDoc>");
    expect(reader.parse(xml).MensajeReceptor.DetalleMensaje).toBe('Parcial: "3 cajas" < 5 & dañadas');
  });

  it("is recognised, not imported, when uploaded as if it were a comprobante", () => {
    const xml = withPlaceholderSignature(buildMensajeReceptor(ACCEPTANCE));
    expect(parseComprobante(xml)).toEqual({
      ok: false,
      errors: ["El archivo es un MensajeReceptor (la respuesta de un receptor), no un comprobante electrónico."],
    });
  });

  it("builds every combination of Mensaje and CondicionImpuesto", () => {
    for (const mensaje of [1, 2, 3] as const) {
      for (const condicionImpuesto of ["01", "02", "03", "04", "05"] as const) {
        const xml = buildMensajeReceptor({
          ...ACCEPTANCE,
          mensaje,
          condicionImpuesto,
          consecutivo: { numero: mensaje * 10 + Number(condicionImpuesto) },
        });
        expect(xml).toContain(`<Mensaje>${mensaje}</Mensaje>`);
        expect(xml).toContain(`<CondicionImpuesto>${condicionImpuesto}</CondicionImpuesto>`);
        expect(xml).toMatch(
          new RegExp(`<NumeroConsecutivoReceptor>001000010${4 + mensaje}\\d{10}</NumeroConsecutivoReceptor>`),
        );
      }
    }
  });

  it("accepts a foreign supplier's identification and a 12-digit DIMEX receptor", () => {
    const xml = buildMensajeReceptor({
      ...ACCEPTANCE,
      numeroCedulaEmisor: "US880123456",
      numeroCedulaReceptor: "155812345678",
      detalleMensaje: "x".repeat(160),
    });
    expect(xml).toContain("<NumeroCedulaEmisor>US880123456</NumeroCedulaEmisor>");
  });

  it("uses the v4.4 namespace", () => {
    expect(MENSAJE_RECEPTOR_NAMESPACE).toBe(
      "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeReceptor",
    );
  });
});

describe("validateMensajeReceptorInput", () => {
  it("accepts a complete answer", () => {
    expect(validateMensajeReceptorInput(ACCEPTANCE)).toEqual([]);
  });

  it("explains every problem in Spanish", () => {
    const errors = validateMensajeReceptorInput({
      ...ACCEPTANCE,
      clave: "123",
      numeroCedulaEmisor: "",
      numeroCedulaReceptor: "3-101-123456",
      mensaje: 4 as 1,
      detalleMensaje: "x".repeat(161),
      codigoActividad: "1234567",
      condicionImpuesto: "06" as "01",
      fechaEmisionDoc: "ayer",
      totalFactura: -1n,
      montoTotalImpuesto: amount("100"),
      montoTotalImpuestoAcreditar: amount("200"),
      consecutivo: { numero: 0 },
    });
    expect(errors).toEqual([
      "La clave del comprobante debe tener 50 dígitos.",
      "La identificación del emisor debe tener entre 1 y 20 caracteres alfanuméricos.",
      "La cédula del receptor debe tener entre 9 y 12 dígitos.",
      "El mensaje debe ser 1 (aceptado), 2 (parcial) o 3 (rechazado).",
      "El detalle del mensaje no puede superar 160 caracteres.",
      "El código de actividad no puede superar 6 caracteres.",
      "La condición del impuesto debe ser 01, 02, 03, 04 o 05.",
      "La fecha del mensaje no es una fecha y hora válida.",
      "El total de la factura está fuera de rango.",
      "El impuesto a acreditar no puede superar el impuesto total del comprobante.",
      "El número consecutivo debe estar entre 1 y 9999999999.",
    ]);
  });

  it("makes buildMensajeReceptor throw with the same reasons", () => {
    try {
      buildMensajeReceptor({ ...ACCEPTANCE, numeroCedulaReceptor: "123" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MensajeReceptorInputError);
      expect((error as MensajeReceptorInputError).errors).toEqual([
        "La cédula del receptor debe tener entre 9 y 12 dígitos.",
      ]);
    }
  });
});
