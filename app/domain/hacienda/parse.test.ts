import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateComprobante, generateMensajeHacienda } from "../../../scripts/hacienda-samples/src/generate";
import { parseAmount } from "../money";
import type { ReceiptKind } from "./codes";
import { MAX_XML_BYTES, parseComprobante } from "./parse";
import type { Comprobante, ElectronicReceipt, HaciendaMessage, ParseResult } from "./types";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/hacienda/${name}`, import.meta.url), "utf8");
const amount = (text: string) => parseAmount(text)!;

function errorsOf(result: ParseResult): string[] {
  if (result.ok) throw new Error(`expected a refusal, got ${result.document.kind}`);
  return result.errors;
}

function documentOf(result: ParseResult): Comprobante {
  if (!result.ok) throw new Error(`expected a document, got: ${result.errors.join(" | ")}`);
  return result.document;
}

function receiptOf(xml: string): { receipt: ElectronicReceipt; warnings: string[] } {
  const result = parseComprobante(xml);
  const document = documentOf(result);
  if (document.kind === "MH") throw new Error("expected a receipt");
  return { receipt: document, warnings: result.ok ? result.warnings : [] };
}

const MINIMAL_FE_43 = `<?xml version="1.0" encoding="utf-8"?>
<FacturaElectronica xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.3/facturaElectronica">
  <Clave>50607012500310112345600100001010000000001112345678</Clave>
  <CodigoActividad>475201</CodigoActividad>
  <NumeroConsecutivo>00100001010000000001</NumeroConsecutivo>
  <FechaEmision>2025-01-07T10:00:00-06:00</FechaEmision>
  <Emisor><Nombre>Ferretería El Clavo S.A.</Nombre><Identificacion><Tipo>02</Tipo><Numero>3101123456</Numero></Identificacion></Emisor>
  <CondicionVenta>01</CondicionVenta>
  <MedioPago>01</MedioPago>
  <ResumenFactura><TotalVenta>0</TotalVenta><TotalVentaNeta>0</TotalVentaNeta><TotalComprobante>0</TotalComprobante></ResumenFactura>
</FacturaElectronica>`;

describe("parseComprobante refuses unsafe or unusable input with a Spanish reason", () => {
  it("refuses an empty file", () => {
    expect(errorsOf(parseComprobante(""))).toEqual(["El archivo está vacío."]);
    expect(errorsOf(parseComprobante("  \n\t "))).toEqual(["El archivo está vacío."]);
  });

  it("refuses files over the size limit, counting UTF-8 bytes", () => {
    const padding = "x".repeat(MAX_XML_BYTES);
    expect(errorsOf(parseComprobante(`<FacturaElectronica>${padding}</FacturaElectronica>`))).toEqual([
      "El archivo supera el tamaño máximo permitido de 1 MB.",
    ]);
    // 600 000 "ñ" are 600 000 characters but 1.2 MB of UTF-8.
    const wide = `<FacturaElectronica><Detalle>${"ñ".repeat(600_000)}</Detalle></FacturaElectronica>`;
    expect(wide.length).toBeLessThan(MAX_XML_BYTES);
    expect(errorsOf(parseComprobante(wide))[0]).toMatch(/tamaño máximo/);
  });

  it("refuses a DOCTYPE with an external entity (XXE)", () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE FacturaElectronica [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<FacturaElectronica><Clave>&xxe;</Clave></FacturaElectronica>`;
    const errors = errorsOf(parseComprobante(xxe));
    expect(errors).toContain(
      "El XML contiene una declaración DOCTYPE; se rechaza por seguridad (los comprobantes de Hacienda no la usan).",
    );
    expect(errors.join(" ")).not.toContain("root:");
  });

  it("refuses entity declarations (billion laughs)", () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<FacturaElectronica><Clave>&lol3;</Clave></FacturaElectronica>`;
    expect(errorsOf(parseComprobante(lol))).toContain(
      "El XML declara entidades (<!ENTITY>); se rechaza por seguridad (XXE o expansión de entidades).",
    );
    expect(errorsOf(parseComprobante(`<!ENTITY x "y"><FacturaElectronica/>`))).toEqual([
      "El XML declara entidades (<!ENTITY>); se rechaza por seguridad (XXE o expansión de entidades).",
    ]);
    expect(errorsOf(parseComprobante(`<!doctype html><FacturaElectronica/>`))[0]).toMatch(/DOCTYPE/);
  });

  it("refuses unknown root elements", () => {
    const ubl = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>F-1</ID></Invoice>`;
    expect(errorsOf(parseComprobante(ubl))).toEqual([
      "El elemento raíz «Invoice» no es un comprobante electrónico de Hacienda reconocido.",
    ]);
  });

  it("explains that a MensajeReceptor is not a comprobante", () => {
    const mensaje = `<MensajeReceptor xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeReceptor"><Clave>1</Clave></MensajeReceptor>`;
    expect(errorsOf(parseComprobante(mensaje))).toEqual([
      "El archivo es un MensajeReceptor (la respuesta de un receptor), no un comprobante electrónico.",
    ]);
  });

  it("refuses malformed XML with line and column", () => {
    const errors = errorsOf(parseComprobante("<FacturaElectronica>\n  <Clave>1</Clav>\n</FacturaElectronica>"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^El XML está mal formado \(línea 2, columna \d+\): /);
    expect(errorsOf(parseComprobante("hola, esto no es XML"))[0]).toMatch(/^El XML está mal formado/);
    const generated = generateComprobante({ kind: "FE", version: "4.4", seed: "truncated" }).xml;
    expect(errorsOf(parseComprobante(generated.slice(0, generated.length / 2)))[0]).toMatch(/^El XML está mal formado/);
  });

  it("refuses more than one root element", () => {
    expect(errorsOf(parseComprobante("<FacturaElectronica/><FacturaElectronica/>"))).toEqual([
      "El XML debe tener un único elemento raíz con contenido.",
    ]);
  });

  it("refuses versions other than 4.3 and 4.4", () => {
    const v42 = MINIMAL_FE_43.replace(
      "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.3/facturaElectronica",
      "https://tribunet.hacienda.go.cr/docs/esquemas/2017/v4.2/facturaElectronica",
    );
    expect(errorsOf(parseComprobante(v42))).toEqual([
      "Los comprobantes de versiones anteriores a la 4.3 ya no son válidos; solo se admiten las versiones 4.3 y 4.4.",
    ]);
    expect(errorsOf(parseComprobante(MINIMAL_FE_43.replace("v4.3/", "v4.5/")))).toEqual([
      "La versión 4.5 de los comprobantes electrónicos no se admite; solo 4.3 y 4.4.",
    ]);
    expect(errorsOf(parseComprobante(MINIMAL_FE_43.replace(/xmlns="[^"]+"/, 'xmlns="urn:ejemplo"')))).toEqual([
      "El espacio de nombres «urn:ejemplo» no corresponde a un comprobante electrónico de Hacienda.",
    ]);
  });

  it("refuses a ReciboElectronicoPago declared as version 4.3", () => {
    const rep = fixture("REP-4.4-abono.xml").replace("v4.4/reciboElectronicoPago", "v4.3/reciboElectronicoPago");
    expect(errorsOf(parseComprobante(rep))).toEqual([
      "ReciboElectronicoPago no existe en la versión 4.3 de los comprobantes electrónicos.",
    ]);
  });

  it("lists missing and invalid fields", () => {
    const errors = errorsOf(
      parseComprobante(
        MINIMAL_FE_43.replace(/<Clave>.*<\/Clave>/, "")
          .replace("<NumeroConsecutivo>00100001010000000001", "<NumeroConsecutivo>1-1")
          .replace("<TotalVenta>0</TotalVenta>", "<TotalVenta>1,234.00</TotalVenta>")
          .replace("2025-01-07T10:00:00-06:00", "2025-02-30T10:00:00-06:00"),
      ),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        "Falta el campo obligatorio Clave.",
        "El NumeroConsecutivo debe tener 20 dígitos: «1-1».",
        "La FechaEmision no es una fecha y hora válida: «2025-02-30T10:00:00-06:00».",
        "El monto de ResumenFactura/TotalVenta no es un número decimal válido (hasta 5 decimales): «1,234.00».",
      ]),
    );
    expect(errorsOf(parseComprobante(MINIMAL_FE_43.replace(/<Clave>\d+/, "<Clave>506")))).toEqual([
      "La Clave debe tener 50 dígitos: «506».",
    ]);
    expect(errorsOf(parseComprobante(MINIMAL_FE_43.replace(/<ResumenFactura>.*<\/ResumenFactura>/, "")))).toEqual([
      "Falta el campo obligatorio ResumenFactura.",
    ]);
    expect(errorsOf(parseComprobante(MINIMAL_FE_43.replace(/<Identificacion>.*<\/Identificacion>/, "")))).toEqual([
      "Falta el campo obligatorio Emisor/Identificacion.",
    ]);
  });

  it("never throws, whatever it is given", () => {
    const base = generateComprobante({ kind: "FE", version: "4.4", seed: "fuzz", lineCount: 3 }).xml;
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const result = parseComprobante(text);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.nat({ max: base.length }),
        fc.nat({ max: 200 }),
        fc.string({ maxLength: 20 }),
        (start, length, insert) => {
          const mutated = base.slice(0, start) + insert + base.slice(start + length);
          const result = parseComprobante(mutated);
          if (result.ok) expect(Array.isArray(result.warnings)).toBe(true);
          else expect(result.errors.every((error) => typeof error === "string" && error.length > 0)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    expect(parseComprobante(null as unknown as string).ok).toBe(false);
    expect(parseComprobante(42 as unknown as string).ok).toBe(false);
  });
});

describe("parseComprobante reads v4.4 documents", () => {
  it("reads the worked example of docs/domain/hacienda-xml.md §7 with every field", () => {
    const { receipt, warnings } = receiptOf(fixture("FE-4.4-ejemplo-descuento.xml"));
    expect(warnings).toEqual([]);
    expect(receipt).toMatchObject({
      kind: "FE",
      version: "4.4",
      namespace: "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/facturaElectronica",
      rootElement: "FacturaElectronica",
      signed: true,
      clave: "50607102500310112345600100001010000000001112345678",
      consecutivo: "00100001010000000001",
      fechaEmision: "2025-10-07T09:41:17-06:00",
      proveedorSistemas: "3101654321",
      codigoActividad: "475201",
      codigoActividadReceptor: "452001",
      condicionVenta: "01",
      moneda: "CRC",
      tipoCambio: amount("1"),
      mediosPago: [{ tipo: "06", total: amount("20340") }],
      informacionReferencia: [],
      otrosCargos: [],
    });
    expect(receipt.emisor).toMatchObject({
      nombre: "Ferretería El Clavo S.A.",
      identificacion: { tipo: "02", numero: "3101123456" },
      nombreComercial: "Ferretería El Clavo",
      correo: "facturacion@elclavo.cr",
      correos: ["facturacion@elclavo.cr", "contabilidad@elclavo.cr"],
      telefono: { codigoPais: "506", numero: "22345678" },
      ubicacion: { provincia: "1", canton: "01", distrito: "03", barrio: "Barrio Amón" },
    });
    expect(receipt.receptor).toMatchObject({
      nombre: "Constructora Irazú S.A.",
      identificacion: { tipo: "02", numero: "3101556677" },
    });
    expect(receipt.lines).toEqual([
      {
        numero: 1,
        cabys: "4299903010100",
        partidaArancelaria: undefined,
        codigosComerciales: [{ tipo: "01", codigo: "TAL-0450" }],
        cantidad: "2",
        unidadMedida: "Unid",
        unidadMedidaComercial: undefined,
        tipoTransaccion: undefined,
        detalle: "Taladro percutor 1/2 pulgada 850 W",
        precioUnitario: amount("10000"),
        montoTotal: amount("20000"),
        descuentos: [
          {
            monto: amount("2000"),
            codigo: "07",
            codigoOtro: undefined,
            naturaleza: "Descuento comercial a cliente frecuente",
          },
        ],
        subTotal: amount("18000"),
        ivaCobradoFabrica: undefined,
        baseImponible: amount("18000"),
        impuestos: [
          {
            codigo: "01",
            codigoOtro: undefined,
            codigoTarifa: "08",
            tarifa: "13.00",
            factorIva: undefined,
            monto: amount("2340"),
            montoExportacion: undefined,
            exoneracion: undefined,
          },
        ],
        impuestoAsumidoEmisorFabrica: 0n,
        impuestoNeto: amount("2340"),
        montoTotalLinea: amount("20340"),
      },
    ]);
    expect(receipt.resumen).toMatchObject({
      totalMercanciasGravadas: amount("20000"),
      totalGravado: amount("20000"),
      totalVenta: amount("20000"),
      totalDescuentos: amount("2000"),
      totalVentaNeta: amount("18000"),
      totalDesgloseImpuesto: [{ codigo: "01", codigoTarifa: "08", monto: amount("2340") }],
      totalImpuesto: amount("2340"),
      totalOtrosCargos: 0n,
      totalComprobante: amount("20340"),
    });
    expect(receipt.colones.totalComprobante).toBe(amount("20340"));
  });

  it("reads a USD credit note with its reference and exact colones", () => {
    const { receipt, warnings } = receiptOf(fixture("NC-4.4-devolucion-usd.xml"));
    expect(warnings).toEqual([]);
    expect(receipt.kind).toBe("NC");
    expect(receipt.moneda).toBe("USD");
    expect(receipt.tipoCambio).toBe(amount("507.43"));
    expect(receipt.informacionReferencia).toEqual([
      {
        tipoDocumento: "01",
        tipoDocumentoOtro: undefined,
        numero: "50610102500310198765400100001010000000412198765432",
        fechaEmision: "2025-10-10T09:12:00-06:00",
        codigo: "06",
        codigoOtro: undefined,
        razon: "Devolución de mercadería dañada",
      },
    ]);
    // 56.50 USD × 507.43 = 28 669.795 colones, kept exactly.
    expect(receipt.colones).toMatchObject({
      tipoCambio: amount("507.43"),
      totalVentaNeta: amount("25371.5"),
      totalImpuesto: amount("3298.295"),
      totalComprobante: amount("28669.795"),
    });
  });

  it("reads an FEC whose clave carries the buyer's identification", () => {
    const { receipt, warnings } = receiptOf(fixture("FEC-4.4-regimen-especial.xml"));
    expect(warnings).toEqual([]);
    expect(receipt.kind).toBe("FEC");
    expect(receipt.codigoActividad).toBeUndefined();
    expect(receipt.codigoActividadReceptor).toBe("475201");
    expect(receipt.emisor).toMatchObject({
      nombre: "Juan Carlos Pérez Mora",
      identificacion: { tipo: "01", numero: "204560789" },
      correos: [],
    });
    expect(receipt.emisor.correo).toBeUndefined();
    expect(receipt.informacionReferencia[0]).toMatchObject({ tipoDocumento: "14", numero: "CE-000458", codigo: "04" });
  });

  it("reads a REP (payment receipt) without quantities or CABYS", () => {
    const { receipt, warnings } = receiptOf(fixture("REP-4.4-abono.xml"));
    expect(warnings).toEqual([]);
    expect(receipt).toMatchObject({
      kind: "REP",
      condicionVenta: "11",
      codigoActividad: undefined,
      mediosPago: [{ tipo: "04", total: amount("226000") }],
    });
    expect(receipt.lines[0]).toMatchObject({
      numero: 1,
      cabys: undefined,
      cantidad: undefined,
      precioUnitario: undefined,
      subTotal: amount("200000"),
      impuestoNeto: amount("26000"),
    });
    expect(receipt.informacionReferencia[0].numero).toBe("50602102500310112345600100001010000000350112121212");
  });

  it("reads v4.4 names for exonerations and third-party charges", () => {
    const generated = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "exonerada",
      lineCount: 4,
      features: { exoneration: true },
    });
    const { receipt, warnings } = receiptOf(generated.xml);
    expect(warnings).toEqual([]);
    const exonerated = receipt.lines.flatMap((line) => line.impuestos).find((impuesto) => impuesto.exoneracion);
    expect(exonerated?.exoneracion).toMatchObject({
      tipoDocumento: "03",
      nombreInstitucion: "01",
      articulo: "5",
      porcentaje: undefined,
    });
    expect(exonerated?.exoneracion?.tarifaExonerada).toMatch(/^\d+\.00$/);
    expect(exonerated?.exoneracion?.fechaEmision).toMatch(/-06:00$/);

    const charged = receiptOf(
      fixture("FE-4.4-ejemplo-descuento.xml")
        .replace(
          "<ResumenFactura>",
          `<OtrosCargos><TipoDocumentoOC>04</TipoDocumentoOC><IdentificacionTercero><Tipo>02</Tipo><Numero>3102345678</Numero></IdentificacionTercero><NombreTercero>Transportes Guanacaste Limitada</NombreTercero><Detalle>Flete</Detalle><PorcentajeOC>3.00000</PorcentajeOC><MontoCargo>540.00000</MontoCargo></OtrosCargos>
  <ResumenFactura>`,
        )
        .replace(
          "<TotalImpuesto>2340.00000</TotalImpuesto>",
          "<TotalImpuesto>2340.00000</TotalImpuesto><TotalOtrosCargos>540.00000</TotalOtrosCargos>",
        )
        .replace(
          "<TotalComprobante>20340.00000</TotalComprobante>",
          "<TotalComprobante>20880.00000</TotalComprobante>",
        ),
    );
    expect(charged.warnings).toEqual([]);
    expect(charged.receipt.otrosCargos).toEqual([
      {
        tipoDocumento: "04",
        tipoDocumentoOtros: undefined,
        terceroIdentificacion: { tipo: "02", numero: "3102345678" },
        terceroNumero: "3102345678",
        nombreTercero: "Transportes Guanacaste Limitada",
        detalle: "Flete",
        porcentaje: "3.00000",
        monto: amount("540"),
      },
    ]);
  });
});

describe("parseComprobante reads v4.3 documents into the same model", () => {
  it("normalises the v4.3 names", () => {
    const { receipt, warnings } = receiptOf(fixture("FE-4.3-servicios-exoneracion.xml"));
    expect(warnings).toEqual([]);
    expect(receipt).toMatchObject({
      kind: "FE",
      version: "4.3",
      codigoActividad: "741201",
      proveedorSistemas: undefined,
      consecutivo: "00100001010000001534",
      fechaEmision: "2025-02-14T16:22:05.318-06:00",
      condicionVenta: "02",
      plazoCredito: "30",
      mediosPago: [{ tipo: "04" }],
      // v4.3 allowed omitting CodigoTipoMoneda: colones.
      moneda: "CRC",
      tipoCambio: amount("1"),
    });
    expect(receipt.emisor.ubicacion?.barrio).toBe("01");
    expect(receipt.lines[0].detalle).toBe("Asesoría contable & tributaria, enero 2025");
    expect(receipt.lines[0].cabys).toBe("8222100000000");
    expect(receipt.lines[0].impuestos[0]).toMatchObject({ codigo: "01", codigoTarifa: "08", tarifa: "13.00" });
    expect(receipt.lines[1].descuentos).toEqual([
      { monto: amount("12000"), codigo: undefined, codigoOtro: undefined, naturaleza: "Descuento por pronto pago" },
    ]);
    expect(receipt.lines[2].impuestos[0].exoneracion).toEqual({
      tipoDocumento: "03",
      tipoDocumentoOtro: undefined,
      numeroDocumento: "AL-00012345-25",
      articulo: undefined,
      inciso: undefined,
      nombreInstitucion: "Ministerio de Hacienda",
      nombreInstitucionOtros: undefined,
      fechaEmision: "2025-01-10T00:00:00-06:00",
      porcentaje: "100",
      tarifaExonerada: undefined,
      monto: amount("6500"),
    });
    expect(receipt.lines[3]).toMatchObject({ impuestos: [], impuestoNeto: undefined, baseImponible: undefined });
    expect(receipt.otrosCargos).toEqual([
      {
        tipoDocumento: "07",
        tipoDocumentoOtros: undefined,
        terceroIdentificacion: undefined,
        terceroNumero: undefined,
        nombreTercero: undefined,
        detalle: "Timbre del Colegio de Contadores Públicos",
        porcentaje: undefined,
        monto: amount("1500"),
      },
    ]);
    expect(receipt.resumen).toMatchObject({
      totalServGravados: amount("305000"),
      totalServExentos: amount("5000"),
      totalServExonerado: amount("50000"),
      totalServNoSujeto: 0n,
      totalVenta: amount("360000"),
      totalImpuesto: amount("26210"),
      totalOtrosCargos: amount("1500"),
      totalComprobante: amount("375710"),
      totalDesgloseImpuesto: [],
    });
  });

  it("reads a tiquete without receptor and with root-level payment methods", () => {
    const { receipt, warnings } = receiptOf(fixture("TE-4.3-farmacia.xml"));
    expect(warnings).toEqual([]);
    expect(receipt.kind).toBe("TE");
    expect(receipt.receptor).toBeUndefined();
    expect(receipt.mediosPago).toEqual([{ tipo: "01" }, { tipo: "02" }]);
    expect(receipt.lines.map((line) => line.impuestos[0].codigoTarifa)).toEqual(["03", "08", "02"]);
    expect(receipt.lines[0].codigosComerciales).toEqual([{ tipo: "04", codigo: "0007502" }]);
    expect(receipt.resumen.totalComprobante).toBe(amount("12329"));
  });
});

describe("parseComprobante reads Hacienda's answers", () => {
  it("reads an accepted v4.3 MensajeHacienda", () => {
    const document = documentOf(parseComprobante(fixture("MH-4.3-aceptado.xml"))) as HaciendaMessage;
    expect(document).toEqual({
      kind: "MH",
      version: "4.3",
      namespace: "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.3/mensajeHacienda",
      rootElement: "MensajeHacienda",
      signed: true,
      clave: "50614022500310276543200100001010000001534184736251",
      emisor: { nombre: "Servicios Contables Arenal S.R.L.", identificacion: { tipo: "02", numero: "3102765432" } },
      receptor: { nombre: "Ferretería El Clavo S.A.", identificacion: { tipo: "02", numero: "3101123456" } },
      mensaje: "1",
      estado: "aceptado",
      estadoMensaje: undefined,
      detalleMensaje: "Este comprobante fue aceptado en el ambiente de producción.",
      montoTotalImpuesto: amount("26210"),
      totalFactura: amount("375710"),
    });
  });

  it("reads a rejected v4.4 MensajeHacienda with its detail", () => {
    const document = documentOf(parseComprobante(fixture("MH-4.4-rechazado.xml"))) as HaciendaMessage;
    expect(document).toMatchObject({
      kind: "MH",
      version: "4.4",
      mensaje: "3",
      estado: "rechazado",
      estadoMensaje: "rechazado",
      totalFactura: amount("56.5"),
    });
    expect(document.detalleMensaje).toContain("debe ser <= a la fecha de emisión");
    expect(document.detalleMensaje.split("\n")).toHaveLength(3);
  });

  it("maps Mensaje 2 to parcial and refuses other values", () => {
    const parcial = fixture("MH-4.3-aceptado.xml").replace("<Mensaje>1</Mensaje>", "<Mensaje>2</Mensaje>");
    expect((documentOf(parseComprobante(parcial)) as HaciendaMessage).estado).toBe("parcial");
    const invalid = fixture("MH-4.3-aceptado.xml").replace("<Mensaje>1</Mensaje>", "<Mensaje>9</Mensaje>");
    expect(errorsOf(parseComprobante(invalid))).toEqual([
      "El campo Mensaje debe ser 1 (aceptado), 2 (parcial) o 3 (rechazado): «9».",
    ]);
  });
});

describe("parseComprobante tolerates harmless variations", () => {
  const xml = fixture("FE-4.4-ejemplo-descuento.xml");
  const expected = receiptOf(xml).receipt;

  it("accepts a byte-order mark", () => {
    expect(receiptOf(`\uFEFF${xml}`).receipt).toEqual(expected);
  });

  it("accepts a namespace prefix on every element", () => {
    const prefixed = xml
      .replace('xmlns="https://cdn', 'xmlns:fe="https://cdn')
      .replace(/<(\/?)(?!ds:)([A-Z][A-Za-z0-9]*)/g, "<$1fe:$2");
    expect(prefixed).toContain("<fe:FacturaElectronica xmlns:fe=");
    const { receipt, warnings } = receiptOf(prefixed);
    expect(warnings).toEqual([]);
    expect(receipt).toEqual(expected);
  });

  it("reads a document without namespace as the version its fields show, with a warning", () => {
    const { receipt, warnings } = receiptOf(xml.replace(/ xmlns="[^"]+"/, ""));
    expect(receipt.version).toBe("4.4");
    expect(warnings).toEqual(["El documento no declara el espacio de nombres de Hacienda; se leyó como versión 4.4."]);
    expect(receiptOf(MINIMAL_FE_43.replace(/ xmlns="[^"]+"/, "")).receipt.version).toBe("4.3");
  });

  it("warns when the namespace belongs to another document type", () => {
    const { warnings } = receiptOf(xml.replace("v4.4/facturaElectronica", "v4.4/tiqueteElectronico"));
    expect(warnings).toEqual([
      "El espacio de nombres «https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/tiqueteElectronico» no corresponde al elemento raíz FacturaElectronica.",
    ]);
  });

  it("reads a FechaEmision without offset as Costa Rica time", () => {
    expect(receiptOf(xml.replace("2025-10-07T09:41:17-06:00", "2025-10-07T09:41:17")).receipt.fechaEmision).toBe(
      "2025-10-07T09:41:17-06:00",
    );
  });

  it("keeps leading zeros and exact decimals as written", () => {
    const { receipt } = receiptOf(
      xml
        .replace("<Numero>3101556677</Numero>", "<Numero>000155812345</Numero>")
        .replace("<Cantidad>2</Cantidad>", "<Cantidad>2.000</Cantidad>"),
    );
    expect(receipt.receptor?.identificacion?.numero).toBe("000155812345");
    expect(receipt.lines[0].cantidad).toBe("2.000");
  });

  it("warns when the clave, consecutivo and emisor disagree", () => {
    const { warnings } = receiptOf(
      xml
        .replace("<NumeroConsecutivo>00100001010000000001", "<NumeroConsecutivo>00100001030000000002")
        .replace("<Numero>3101123456</Numero>", "<Numero>3101000001</Numero>"),
    );
    expect(warnings).toEqual([
      "El tipo de documento del NumeroConsecutivo (03) no corresponde a Factura electrónica (01).",
      "La Clave contiene el consecutivo 00100001010000000001, distinto del NumeroConsecutivo 00100001030000000002.",
      "La Clave contiene la identificación 003101123456, que no corresponde al emisor (3101000001).",
    ]);
  });
});

describe("parseComprobante reads every generated kind and version without warnings", () => {
  const cases: [ReceiptKind, "4.3" | "4.4"][] = [
    ["FE", "4.3"],
    ["NC", "4.3"],
    ["ND", "4.3"],
    ["TE", "4.3"],
    ["FEC", "4.3"],
    ["FEE", "4.3"],
    ["FE", "4.4"],
    ["NC", "4.4"],
    ["ND", "4.4"],
    ["TE", "4.4"],
    ["FEC", "4.4"],
    ["FEE", "4.4"],
    ["REP", "4.4"],
  ];

  it.each(cases)("%s v%s", (kind, version) => {
    for (let index = 0; index < 8; index++) {
      const generated = generateComprobante({
        kind,
        version,
        seed: `parse-${kind}-${version}-${index}`,
        features: { discount: index % 2 === 0, otrosCargos: index % 3 === 0 },
      });
      const { receipt, warnings } = receiptOf(generated.xml);
      expect(warnings).toEqual([]);
      expect(receipt).toMatchObject({
        kind,
        version,
        clave: generated.clave,
        consecutivo: generated.consecutivo,
        fechaEmision: generated.fechaEmision,
        moneda: generated.moneda,
        namespace: `https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v${version}/${receipt.rootElement[0].toLowerCase()}${receipt.rootElement.slice(1)}`,
      });
      expect(receipt.emisor.identificacion?.numero).toBe(generated.emisor.identificacion.numero);
      expect(receipt.resumen.totalImpuesto).toBe(generated.totalImpuesto);
      expect(receipt.resumen.totalComprobante).toBe(generated.totalComprobante);
      expect(receipt.lines.length).toBeGreaterThan(0);

      const answer = documentOf(
        parseComprobante(
          generateMensajeHacienda({ document: generated, estado: index % 4 === 0 ? "rechazado" : "aceptado" }).xml,
        ),
      );
      expect(answer).toMatchObject({
        kind: "MH",
        version,
        clave: generated.clave,
        estado: index % 4 === 0 ? "rechazado" : "aceptado",
        totalFactura: generated.totalComprobante,
      });
    }
  });
});
