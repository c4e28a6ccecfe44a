/**
 * Any invoice the form can produce → totals → XML: the XML follows the official schema and imports
 * back through parseComprobante with no warning and the very same figures.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { IVA_RATE_BY_CODE, MEDIO_PAGO_LABELS, REFERENCE_DOC_LABELS } from "~/domain/hacienda/codes";
import { computeInvoiceTotals, DISCOUNT_CODES } from "~/domain/hacienda/invoice-totals";
import { ISSUER, numbering } from "~/domain/hacienda/invoice-test-fixtures";
import { parseComprobante } from "~/domain/hacienda/parse";
import { withPlaceholderSignature } from "~/domain/hacienda/placeholder-signature";
import { lineMontoTotal, parseRate } from "~/domain/hacienda/v44-arithmetic";
import {
  CONDICIONES_VENTA_BY_KIND,
  invoiceDocumentProblems,
  REFERENCE_CODES_V44,
  writeInvoiceXml,
} from "~/domain/hacienda/write-invoice";
import type { InvoiceDraft, InvoiceKind, InvoiceLineInput } from "~/domain/invoicing/types";
import { formatAmount, formatDecimal, type Amount } from "~/domain/money";
import { stopXsdValidator, validateInvoiceXml } from "./xsd.server";

afterAll(stopXsdValidator);

const UNITS = ["Unid", "Sp", "Spe", "St", "Os", "Al", "Alc", "Cm", "I", "Kg", "h", "L", "m²", "Otros", "Gal"];
const RATE_CODES = Object.keys(IVA_RATE_BY_CODE);
const ZERO_RATE_NOT_EXEMPT = new Set(["01", "05", "11"]);

/** Text of min..max characters (min ≥ 2) that starts and ends with a letter, as people type it. */
const LETTER = fc.stringMatching(/^[A-Za-zÁÉÍÓÚáéíóúÑñ]$/);
const textArb = (min: number, max: number) =>
  fc
    .tuple(
      LETTER,
      fc.stringMatching(new RegExp(`^[A-Za-zÁÉÍÓÚáéíóúÑñÜü0-9 &<>"'.,;:()%₡$/#-]{${min - 2},${max - 2}}$`)),
      LETTER,
    )
    .map(([first, middle, last]) => first + middle + last);

const amountArb = (max: bigint) => fc.bigInt({ min: 0n, max }).map((value) => value as Amount);

const lineArb: fc.Arbitrary<InvoiceLineInput> = fc
  .record({
    cabys: fc.stringMatching(/^\d{13}$/),
    cantidad: fc.integer({ min: 1, max: 100_000 }).map((thousandths) => formatDecimal(BigInt(thousandths), 3)),
    shortQuantity: fc.boolean(),
    unidadMedida: fc.constantFrom(...UNITS),
    detalle: textArb(3, 160),
    precioUnitario: amountArb(1_000_000_000_000n),
    codigoTarifaIVA: fc.constantFrom(...RATE_CODES),
    discount: fc.option(
      fc.record({
        share: fc.integer({ min: 0, max: 1000 }),
        codigo: fc.constantFrom(...DISCOUNT_CODES),
        naturaleza: fc.option(textArb(5, 80), { nil: undefined }),
      }),
      { nil: undefined },
    ),
    exemptionShare: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
    noSujeto: fc.boolean(),
  })
  .map((raw) => {
    const cantidad = raw.shortQuantity ? raw.cantidad.replace(/\.?0+$/, "") : raw.cantidad;
    const montoTotal = lineMontoTotal(raw.precioUnitario, cantidad)!;
    const rate = parseRate(IVA_RATE_BY_CODE[raw.codigoTarifaIVA])!;
    const line: InvoiceLineInput = {
      cabys: raw.cabys,
      cantidad,
      unidadMedida: raw.unidadMedida,
      detalle: raw.detalle,
      precioUnitario: raw.precioUnitario,
      codigoTarifaIVA: raw.codigoTarifaIVA,
    };
    if (raw.discount) {
      line.descuento = {
        monto: (montoTotal * BigInt(raw.discount.share)) / 1000n,
        codigo: raw.discount.codigo,
        naturaleza: raw.discount.naturaleza ?? (raw.discount.codigo === "99" ? "Descuento especial" : undefined),
      };
    }
    if (raw.exemptionShare !== undefined && rate > 0n) {
      const points = (rate * BigInt(raw.exemptionShare)) / 1000n;
      if (points > 0n) {
        line.exoneracion = {
          tipoDocumento: "03",
          numeroDocumento: "AL-00012345-24",
          nombreInstitucion: "01",
          fechaEmision: "2026-01-15T08:00:00-06:00",
          tarifaExonerada: formatDecimal(points, 2),
          articulo: "5",
        };
      }
    }
    if (raw.noSujeto && ZERO_RATE_NOT_EXEMPT.has(raw.codigoTarifaIVA)) line.noSujeto = true;
    return line;
  });

const kindArb = fc.constantFrom<InvoiceKind>("FE", "TE", "NC", "ND");

const draftArb: fc.Arbitrary<InvoiceDraft> = fc
  .record({
    kind: kindArb,
    lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
    withReceptor: fc.boolean(),
    anonymous: fc.boolean(),
    idTipo: fc.constantFrom("01", "02", "03", "04"),
    idNumero: fc.stringMatching(/^\d{9,12}$/),
    receptorNombre: textArb(3, 100),
    condicion: fc.nat(),
    plazoCredito: fc.integer({ min: 1, max: 365 }),
    mediosPago: fc.uniqueArray(fc.constantFrom(...Object.keys(MEDIO_PAGO_LABELS)), { maxLength: 4 }),
    foreign: fc.option(fc.record({ moneda: fc.constantFrom("USD", "EUR"), tipoCambio: amountArb(100_000_000n) }), {
      nil: undefined,
    }),
    withReference: fc.boolean(),
    referenceType: fc.constantFrom(...Object.keys(REFERENCE_DOC_LABELS)),
    referenceCode: fc.constantFrom(...REFERENCE_CODES_V44),
    razon: textArb(3, 180),
    notas: fc.option(textArb(2, 900), { nil: undefined }),
    otros: textArb(5, 100),
  })
  .map((raw) => {
    const condiciones = CONDICIONES_VENTA_BY_KIND[raw.kind];
    const condicionVenta = condiciones[raw.condicion % condiciones.length];
    return {
      kind: raw.kind,
      receptor:
        raw.kind === "FE" || raw.withReceptor
          ? {
              nombre: raw.receptorNombre,
              // Only a factura requires the receptor's identification.
              identificacion:
                raw.kind !== "FE" && raw.anonymous ? undefined : { tipo: raw.idTipo, numero: raw.idNumero },
              correo: "cliente@ejemplo.cr",
            }
          : undefined,
      condicionVenta,
      condicionVentaOtros: condicionVenta === "99" ? raw.otros : undefined,
      plazoCredito: ["02", "08", "10"].includes(condicionVenta) ? raw.plazoCredito : undefined,
      medioPagoOtros: raw.mediosPago.includes("99") ? raw.otros : undefined,
      mediosPago: raw.mediosPago,
      moneda: raw.foreign?.moneda ?? "CRC",
      tipoCambio: raw.foreign ? raw.foreign.tipoCambio + 1n : 100_000n,
      lines: raw.lines,
      reference:
        raw.kind === "NC" || raw.kind === "ND" || raw.withReference
          ? {
              tipoDocumento: raw.referenceType,
              numero: numbering("FE", 1, "2026-11-01T08:00:00-06:00").clave,
              fechaEmision: "2026-11-01T08:00:00-06:00",
              codigo: raw.referenceCode,
              razon: raw.razon,
            }
          : undefined,
      notas: raw.notas,
    };
  });

/** With several payment methods, the total split among them (the first ones get equal shares). */
function withPaymentSplit(invoice: InvoiceDraft): InvoiceDraft {
  const count = BigInt(invoice.mediosPago.length);
  if (count < 2n) return invoice;
  const total = computeInvoiceTotals(invoice).resumen.totalComprobante;
  const share = total / count;
  const montosMedioPago = invoice.mediosPago.map((_, index) =>
    BigInt(index) === count - 1n ? total - share * (count - 1n) : share,
  );
  return { ...invoice, montosMedioPago };
}

describe("every generated invoice", () => {
  it("validates against the v4.4 schema and re-imports with no warning and identical totals", async () => {
    await fc.assert(
      fc.asyncProperty(draftArb, fc.integer({ min: 1, max: 9_999_999 }), async (generated, numero) => {
        const invoice = withPaymentSplit(generated);
        expect(invoiceDocumentProblems(invoice)).toEqual([]);
        const computed = computeInvoiceTotals(invoice);
        const xml = withPlaceholderSignature(
          writeInvoiceXml(ISSUER, invoice, computed, numbering(invoice.kind, numero)),
        );

        expect(await validateInvoiceXml(xml, invoice.kind)).toEqual({ ok: true });

        const parsed = parseComprobante(xml);
        if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
        expect(parsed.warnings).toEqual([]);
        const receipt = parsed.document;
        if (receipt.kind === "MH") throw new Error("not a receipt");
        expect(receipt.kind).toBe(invoice.kind);
        expect(receipt.resumen).toEqual(computed.resumen);
        const figures = (lines: typeof computed.lines) =>
          lines.map((line) =>
            [line.montoTotal, line.subTotal, line.baseImponible!, line.impuestoNeto!, line.montoTotalLinea].map(
              (amount) => formatAmount(amount),
            ),
          );
        expect(figures(receipt.lines)).toEqual(figures(computed.lines));
      }),
      { numRuns: 80 },
    );
  });
});
