import { describe, expect, it } from "vitest";
import { generateComprobante } from "../../../scripts/hacienda-samples/src/generate";
import jsQR from "jsqr";
import { readPdf, readPdfText, renderFirstPage } from "../../../tests/support/pdf-tools";
import { decodeXmlBytes, parseComprobante } from "~/domain/hacienda";
import { formatMoney } from "~/domain/money";
import type { ElectronicReceipt } from "~/domain/hacienda/types";
import { computeInvoiceTotals } from "~/domain/hacienda/invoice-totals";
import { draft, ISSUER, line, money, numbering } from "~/domain/hacienda/invoice-test-fixtures";
import { withPlaceholderSignature } from "~/domain/hacienda/placeholder-signature";
import { writeInvoiceXml } from "~/domain/hacienda/write-invoice";
import { renderInvoicePdf } from "./invoice-pdf.server";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");

function receiptOf(xml: string) {
  const parsed = parseComprobante(xml);
  if (!parsed.ok || parsed.document.kind === "MH") throw new Error("sample did not parse");
  return { xml: Buffer.from(xml), clave: parsed.document.clave, document: parsed.document as ElectronicReceipt };
}

describe("renderInvoicePdf", () => {
  it("shows the issuer, receptor, clave, consecutivo, lines, taxes and totals, and pdftoppm renders it", async () => {
    const sample = generateComprobante({ kind: "FE", version: "4.4", seed: "pdf-fe", lineCount: 3, currency: "CRC" });
    const { xml, clave, document } = receiptOf(sample.xml);
    const bytes = await renderInvoicePdf({ xml, clave });
    const reading = readPdf(bytes);
    const text = plain(reading.text);
    expect(reading.pages).toBe(1);
    expect(text).toContain("Factura electrónica");
    expect(text).toContain(clave);
    expect(text).toContain(document.consecutivo);
    expect(text).toContain(document.emisor.nombre);
    expect(text).toContain(document.receptor!.nombre);
    for (const line of document.lines) expect(text).toContain(line.cabys!);
    expect(text).toContain("Condición de venta");
    expect(text).toContain(plain(formatMoney(document.resumen.totalComprobante, "CRC")));
    expect(text).toContain("Total impuesto");
    // The QR code and the text put ink on the page.
    expect(reading.inkedShare).toBeGreaterThan(0.02);
    // A phone reading the printed QR gets the clave.
    const page = renderFirstPage(bytes, 150);
    expect(jsQR(page.rgba, page.width, page.height)?.data).toBe(clave);
  });

  it("prints the reference of a nota de crédito and the exchange rate of a dollar invoice", async () => {
    const sample = generateComprobante({
      kind: "NC",
      version: "4.4",
      seed: "pdf-nc",
      currency: "USD",
      tipoCambio: "507.43",
    });
    const { xml, clave, document } = receiptOf(decodeXmlBytes(Buffer.from(sample.xml)));
    const text = plain(readPdf(await renderInvoicePdf({ xml, clave })).text);
    expect(text).toContain("Nota de crédito electrónica");
    expect(text).toContain("Documento de referencia");
    expect(text).toContain(document.informacionReferencia[0].numero!);
    expect(text).toContain("tipo de cambio ₡507,43");
  });

  it("prints each exoneration (document, institution, rate, amount) with the total exonerated, and exento lines as exentas", async () => {
    const invoice = draft([
      line({
        detalle: "Equipo exonerado",
        precioUnitario: money("100000"),
        exoneracion: {
          tipoDocumento: "03",
          numeroDocumento: "AL-00012345-24",
          nombreInstitucion: "01",
          fechaEmision: "2026-01-15T08:00:00-06:00",
          tarifaExonerada: "13",
        },
      }),
      line({ detalle: "Servicio exento de IVA", codigoTarifaIVA: "10", precioUnitario: money("5000") }),
    ]);
    const numbers = numbering("FE");
    const xml = withPlaceholderSignature(writeInvoiceXml(ISSUER, invoice, computeInvoiceTotals(invoice), numbers));
    expect(xml).toContain("<CodigoTarifaIVA>10</CodigoTarifaIVA>");
    const bytes = await renderInvoicePdf({ xml: Buffer.from(xml), clave: numbers.clave });
    const text = plain(readPdf(bytes).text);
    // Row by row, as printed.
    const rows = readPdfText(bytes, { layout: true })
      .split("\n")
      .map((row) => plain(row).trim());
    // 13 % of ₡100 000 fully exonerated: ₡13 000 per line and in total.
    expect(text).toContain(
      "Exoneración línea 1: Autorizado por ley especial (03) N.º AL-00012345-24 · Ministerio de Hacienda · del 15/01/2026 · " +
        "tarifa exonerada 13 % · IVA exonerado ₡13 000,00",
    );
    expect(rows).toContain("Venta exonerada ₡100 000,00");
    expect(rows).toContain("IVA exonerado ₡13 000,00");
    expect(rows).toContain("Total impuesto ₡0,00");
    // The exento line says so, as its CodigoTarifaIVA 10 does, never «0 %».
    const exento = rows.find((row) => row.includes("Servicio exento de IVA"));
    expect(exento).toMatch(/Servicio exento de IVA .* Exenta ₡5 000,00$/);
    expect(rows.join("\n")).not.toMatch(/ 0 % /);
  });
});
