import { afterAll, describe, expect, it } from "vitest";
import { computeInvoiceTotals } from "~/domain/hacienda/invoice-totals";
import { draft, ISSUER, line, money, numbering, SERVICE_CABYS } from "~/domain/hacienda/invoice-test-fixtures";
import { buildMensajeReceptor } from "~/domain/hacienda/mensaje-receptor";
import { withPlaceholderSignature } from "~/domain/hacienda/placeholder-signature";
import { writeInvoiceXml } from "~/domain/hacienda/write-invoice";
import type { InvoiceDraft, InvoiceKind } from "~/domain/invoicing/types";
import { haciendaXsdPath, validateXml } from "../../../tests/support/xmllint";
import { stopXsdValidator, validateInvoiceXml } from "./xsd.server";

afterAll(stopXsdValidator);

const REFERENCE = {
  tipoDocumento: "01",
  numero: numbering("FE").clave,
  fechaEmision: "2026-11-20T09:00:00-06:00",
  codigo: "10",
  razon: "Ajusta el monto de la línea 2 & <ajuste>",
};

/** Everything the writer can write: discounts with a nature, exoneration, credit, notes over 500 characters. */
function richDraft(kind: InvoiceKind): InvoiceDraft {
  return draft(
    [
      line({
        cabys: SERVICE_CABYS,
        unidadMedida: "Sp",
        detalle: "Asesoría «fiscal» & contable <mensual>",
        cantidad: "1.25",
        precioUnitario: money("80000"),
        descuento: { monto: money("5000"), codigo: "99", naturaleza: "Cliente frecuente" },
        exoneracion: {
          tipoDocumento: "03",
          numeroDocumento: "AL-00012345-24",
          nombreInstitucion: "01",
          fechaEmision: "2026-01-15T08:00:00-06:00",
          tarifaExonerada: "4",
          articulo: "5",
          inciso: "2",
        },
      }),
      line({ detalle: "Frijol", unidadMedida: "Kg", cantidad: "3.5", codigoTarifaIVA: "02" }),
      line({ detalle: "Servicio exento", codigoTarifaIVA: "10" }),
      line({ detalle: "Venta no sujeta", codigoTarifaIVA: "01", noSujeto: true }),
    ],
    {
      kind,
      receptor: kind === "TE" ? undefined : { ...draft([]).receptor!, nombreComercial: "La Sabana" },
      condicionVenta: "02",
      plazoCredito: 30,
      mediosPago: ["01", "04", "06"],
      moneda: "USD",
      tipoCambio: money("512.34"),
      reference: kind === "NC" || kind === "ND" ? REFERENCE : undefined,
      notas: `Gracias por su compra. ${"Pago a la cuenta IBAN CR05015202001026284066 & <referencia>. ".repeat(12)}`,
    },
  );
}

function signedXml(invoice: InvoiceDraft, numero = 1): string {
  const unsigned = writeInvoiceXml(ISSUER, invoice, computeInvoiceTotals(invoice), numbering(invoice.kind, numero));
  return withPlaceholderSignature(unsigned);
}

describe("validateInvoiceXml against the vendored v4.4 schemas", () => {
  for (const kind of ["FE", "TE", "NC", "ND"] as const) {
    it(`accepts the ${kind} the writer produces, as Debian's xmllint does`, async () => {
      const xml = signedXml(richDraft(kind));
      expect(await validateInvoiceXml(xml, kind)).toEqual({ ok: true });
      const independent = await validateXml(
        xml,
        haciendaXsdPath(
          {
            FE: "FacturaElectronica",
            TE: "TiqueteElectronico",
            NC: "NotaCreditoElectronica",
            ND: "NotaDebitoElectronica",
          }[kind],
          "4.4",
        ),
      );
      expect(independent.errors).toEqual([]);
      expect(independent.valid).toBe(true);
    });
  }

  it("accepts a MensajeReceptor", async () => {
    const xml = buildMensajeReceptor({
      clave: numbering("FE").clave,
      numeroCedulaEmisor: "3101123456",
      fechaEmisionDoc: "2026-11-23T10:00:00-06:00",
      mensaje: 1,
      totalFactura: money("1130"),
      numeroCedulaReceptor: "3102654321",
      consecutivo: { numero: 7 },
    });
    expect(await validateInvoiceXml(withPlaceholderSignature(xml), "MensajeReceptor")).toEqual({ ok: true });
  });

  it("refuses a document of another kind than the one asked for", async () => {
    const result = await validateInvoiceXml(signedXml(richDraft("FE")), "NC");
    expect(result).toEqual({
      ok: false,
      errors: ["Línea 2, FacturaElectronica: el elemento raíz no corresponde al tipo de comprobante."],
    });
  });

  it("explains in Spanish, with the line, why a broken document is invalid", async () => {
    const xml = signedXml(draft([line()]))
      .replace("<Cantidad>1.000</Cantidad>", "<Cantidad>1.0005</Cantidad>")
      .replace(
        /<CodigoActividadEmisor>\d+<\/CodigoActividadEmisor>/,
        "<CodigoActividadEmisor>69</CodigoActividadEmisor>",
      )
      .replace("<CondicionVenta>01</CondicionVenta>", "<CondicionVenta>09</CondicionVenta>")
      .replace(/<Emisor>\n {4}<Nombre>/, "<Emisor>\n    <Correo>x</Correo>\n    <Nombre>");
    const lineOf = (text: string) => xml.slice(0, xml.indexOf(text)).split("\n").length;
    const result = await validateInvoiceXml(xml, "FE");
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.errors).toEqual([
      `Línea ${lineOf("<CodigoActividadEmisor>")}, CodigoActividadEmisor: tiene 2 caracteres y el mínimo es 6.`,
      `Línea ${lineOf("<Correo>")}, Correo: este elemento no va aquí; se esperaba Nombre.`,
      `Línea ${lineOf("<CondicionVenta>")}, CondicionVenta: el valor «09» no es uno de los permitidos (01, 02, 03, 04, 05, 06, 07, 08, 10, 12, 13, 14, 15, 99).`,
      `Línea ${lineOf("<Cantidad>")}, Cantidad: el valor «1.0005» tiene más de 3 decimales.`,
    ]);
  });

  it("does not list a hundred allowed values", async () => {
    const xml = signedXml(draft([line({ unidadMedida: "Unid" })])).replace(
      "<UnidadMedida>Unid</UnidadMedida>",
      "<UnidadMedida>unidades</UnidadMedida>",
    );
    const result = await validateInvoiceXml(xml, "FE");
    expect(result.ok === false && result.errors).toEqual([
      expect.stringMatching(/^Línea \d+, UnidadMedida: el valor «unidades» no es uno de los que admite Hacienda\.$/),
    ]);
  });

  it("requires the signature the signer adds", async () => {
    const invoice = draft([line()]);
    const unsigned = writeInvoiceXml(ISSUER, invoice, computeInvoiceTotals(invoice), numbering("FE"));
    const result = await validateInvoiceXml(unsigned, "FE");
    expect(result.ok === false && result.errors).toEqual([
      expect.stringMatching(/^Línea \d+, FacturaElectronica: falta un elemento; se esperaba .*Signature\.$/),
    ]);
  });

  it("says when the XML is not even well-formed", async () => {
    const result = await validateInvoiceXml('<?xml version="1.0"?>\n<FacturaElectronica>\n<Clave>1</Clav>', "FE");
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.errors[0]).toMatch(/^Línea 3: el XML está mal formado \(.+\)\.$/);
  });

  it("answers each document of a burst of several kinds on its own, broken ones too", async () => {
    const requests: { xml: string; kind: InvoiceKind; ok: boolean }[] = [];
    for (let index = 0; index < 9; index++) {
      const kind: InvoiceKind = index % 2 === 0 ? "FE" : "NC";
      const xml = signedXml(richDraft(kind), index + 1);
      if (index % 4 === 1) requests.push({ xml: xml.replace("</Clave>", "</Clav>"), kind, ok: false });
      else if (index % 4 === 2)
        requests.push({ xml: xml.replace("<Cantidad>1.250", "<Cantidad>1.2501"), kind, ok: false });
      else requests.push({ xml, kind, ok: true });
    }
    const results = await Promise.all(requests.map(({ xml, kind }) => validateInvoiceXml(xml, kind)));
    expect(results.map((result) => result.ok)).toEqual(requests.map((request) => request.ok));
    for (const [index, result] of results.entries()) {
      if (result.ok) continue;
      expect(result.errors[0]).toMatch(
        index % 4 === 1
          ? /^Línea 3: el XML está mal formado/
          : /, Cantidad: el valor «1\.2501» tiene más de 3 decimales\.$/,
      );
    }
  });

  it("validates many documents at once, each with its own answer", async () => {
    const documents = Array.from({ length: 12 }, (_, index) => {
      const xml = signedXml(draft([line({ precioUnitario: money(String(index + 1)) })]), index + 1);
      return index % 3 === 0 ? xml.replace("<CondicionVenta>01", "<CondicionVenta>77") : xml;
    });
    const results = await Promise.all(documents.map((xml) => validateInvoiceXml(xml, "FE")));
    expect(results.map((result) => result.ok)).toEqual(documents.map((_, index) => index % 3 !== 0));
  });
});
