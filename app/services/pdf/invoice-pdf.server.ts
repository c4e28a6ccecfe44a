import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatDate, formatDateTime } from "~/domain/calendar";
import { EXEMPTION_DOC_LABELS, EXEMPTION_INSTITUTION_LABELS } from "~/domain/invoicing/form";
import {
  CONDICION_VENTA_LABELS,
  ID_TYPE_LABELS,
  IVA_RATE_LABELS,
  KIND_INFO,
  MEDIO_PAGO_LABELS,
  REFERENCE_CODE_LABELS,
  REFERENCE_DOC_LABELS,
  labelOf,
} from "~/domain/hacienda/codes";
import { decodeXmlBytes } from "~/domain/hacienda/decode";
import { parseComprobante } from "~/domain/hacienda/parse";
import type { ElectronicReceipt, LineaDetalle, Party } from "~/domain/hacienda/types";
import { formatExchangeRate, formatMoney, formatQuantity, type Amount } from "~/domain/money";
import type { ReceiptRecord } from "~models/receipt";
import { fontFace } from "./fonts.server";

/**
 * The graphic representation of an issued comprobante (factura, tiquete, notas): issuer, receptor,
 * clave and consecutivo, lines, taxes and totals, sale condition, the reference of a note, and a QR
 * of the clave. Read from the stored XML itself, so it shows exactly what was signed and sent.
 */

const MARGIN = 40;
const TEXT = "#1a1b1e";
const MUTED = "#5c5f66";
const RULE = "#adb5bd";
const QR_SIZE = 96;

type Doc = PDFKit.PDFDocument;

/**
 * The QR as vector squares, one path filled once: sharp at any zoom or printer, and without the PNG
 * encoding and decoding an embedded image costs for every invoice.
 */
function drawQr(doc: Doc, text: string, x: number, y: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 1;
  const cell = QR_SIZE / (modules.size + 2 * quiet);
  // One rectangle per horizontal run of dark modules: fewer operators, no seams between neighbours.
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      doc.rect(x + (start + quiet) * cell, y + (row + quiet) * cell, (column - start) * cell, cell);
    }
  }
  doc.fillColor("#000000").fill();
}

interface Column {
  header: string;
  width: number;
  align: "left" | "right";
  value: (line: LineaDetalle, money: (amount: Amount) => string) => string;
}

const COLUMNS: Column[] = [
  { header: "#", width: 18, align: "left", value: (line) => String(line.numero) },
  { header: "CABYS", width: 72, align: "left", value: (line) => line.cabys ?? "" },
  { header: "Detalle", width: 150, align: "left", value: (line) => line.detalle },
  {
    header: "Cant.",
    width: 40,
    align: "right",
    value: (line) => `${formatQuantity(line.cantidad)} ${line.unidadMedida ?? ""}`.trim(),
  },
  { header: "Precio unit.", width: 70, align: "right", value: (line, money) => money(line.precioUnitario ?? 0n) },
  {
    header: "Descuento",
    width: 55,
    align: "right",
    value: (line, money) => money(line.descuentos.reduce((sum, d) => sum + d.monto, 0n)),
  },
  { header: "IVA", width: 40, align: "right", value: (line) => rateOf(line) },
  { header: "Total", width: 70, align: "right", value: (line, money) => money(line.montoTotalLinea) },
];

/** Rate codes whose 0 % means something other than a rate: printed as the XML's code says. */
const RATE_WORDS: Readonly<Record<string, string>> = { "10": "Exenta", "11": "0 % sin crédito" };

function ivaOf(line: LineaDetalle) {
  return line.impuestos.find((tax) => tax.codigo === "01" || tax.codigo === "07");
}

function rateOf(line: LineaDetalle): string {
  const iva = ivaOf(line);
  if (!iva) return "—";
  const words = iva.codigoTarifa ? RATE_WORDS[iva.codigoTarifa] : undefined;
  if (words) return words;
  return iva.tarifa !== undefined
    ? `${iva.tarifa.replace(/\.?0+$/, "").replace(".", ",")} %`
    : (iva.codigoTarifa ?? "");
}

const points = (value: string) => `${value.replace(/\.?0+$/, "").replace(".", ",")} %`;

/**
 * A line's exoneration as the XML states it: the document (type and number), the institution, its
 * date, the exonerated rate (4.4: points of the rate; 4.3: percentage of the tax) and the amount.
 */
function exonerationText(line: LineaDetalle, money: (amount: Amount) => string): string | null {
  const exoneracion = ivaOf(line)?.exoneracion;
  if (!exoneracion) return null;
  const institution =
    exoneracion.nombreInstitucionOtros ??
    EXEMPTION_INSTITUTION_LABELS[exoneracion.nombreInstitucion] ??
    exoneracion.nombreInstitucion;
  const share = exoneracion.tarifaExonerada
    ? `tarifa exonerada ${points(exoneracion.tarifaExonerada)}`
    : exoneracion.porcentaje
      ? `${points(exoneracion.porcentaje)} del impuesto`
      : null;
  return [
    `Exoneración línea ${line.numero}: ${labelOf(EXEMPTION_DOC_LABELS, exoneracion.tipoDocumento)} N.º ${exoneracion.numeroDocumento}`,
    institution,
    `del ${formatDate(exoneracion.fechaEmision)}`,
    ...(share ? [share] : []),
    `IVA exonerado ${money(exoneracion.monto)}`,
  ].join(" · ");
}

function partyLines(party: Party | undefined): string[] {
  if (!party) return ["Consumidor final"];
  const id = party.identificacion;
  return [
    party.nombre,
    ...(party.nombreComercial ? [party.nombreComercial] : []),
    ...(id ? [`${ID_TYPE_LABELS[id.tipo] ?? "Identificación"}: ${id.numero}`] : []),
    ...(party.correo ? [party.correo] : []),
    ...(party.telefono ? [`Tel. ${party.telefono.numero}`] : []),
  ];
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

function block(doc: Doc, title: string, lines: string[], x: number, y: number, width: number): number {
  doc.font("bold").fontSize(8).fillColor(MUTED).text(title.toUpperCase(), x, y, { width });
  doc.font("regular").fontSize(9).fillColor(TEXT);
  for (const line of lines) doc.text(line, { width });
  return doc.y;
}

function drawHeader(doc: Doc, columnsX: number[], y: number): number {
  doc.font("bold").fontSize(7.5).fillColor(MUTED);
  COLUMNS.forEach((column, index) =>
    doc.text(column.header, columnsX[index], y, { width: column.width - 4, align: column.align }),
  );
  const bottom = y + 12;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(doc.page.width - MARGIN, bottom)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  return bottom + 4;
}

/** The PDF of one issued receipt (its stored, signed XML). */
export async function renderInvoicePdf(receipt: Pick<ReceiptRecord, "xml" | "clave">): Promise<Buffer> {
  const parsed = parseComprobante(decodeXmlBytes(receipt.xml));
  if (!parsed.ok || parsed.document.kind === "MH") throw new Error(`El comprobante ${receipt.clave} no se pudo leer.`);
  const document = parsed.document as ElectronicReceipt;
  const currency = document.moneda || "CRC";
  const money = (amount: Amount) => formatMoney(amount, currency);

  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    font: fontFace("regular") as unknown as string,
    info: {
      Title: `${KIND_INFO[document.kind].label} ${document.consecutivo}`,
      Author: document.emisor.nombre,
      Creator: "Contabilidad CR",
    },
    lang: "es-CR",
  });
  const done = collect(doc);
  doc.registerFont("regular", fontFace("regular") as unknown as string);
  doc.registerFont("bold", fontFace("bold") as unknown as string);
  const right = doc.page.width - MARGIN;
  const width = right - MARGIN;

  // Title, number and QR of the clave.
  drawQr(doc, document.clave, right - QR_SIZE, MARGIN);
  doc
    .font("bold")
    .fontSize(15)
    .fillColor(TEXT)
    .text(KIND_INFO[document.kind].label, MARGIN, MARGIN, {
      width: width - QR_SIZE - 10,
    });
  doc.font("regular").fontSize(9);
  doc.text(`Consecutivo: ${document.consecutivo}`, { width: width - QR_SIZE - 10 });
  doc.text(`Fecha de emisión: ${formatDateTime(document.fechaEmision)}`, { width: width - QR_SIZE - 10 });
  doc
    .font("bold")
    .fontSize(7.5)
    .fillColor(MUTED)
    .text("CLAVE", { width: width - QR_SIZE - 10 });
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(TEXT)
    .text(document.clave, { width: width - QR_SIZE - 10 });
  doc
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(`Versión ${document.version}${document.codigoActividad ? ` · actividad ${document.codigoActividad}` : ""}`, {
      width: width - QR_SIZE - 10,
    });
  let y = Math.max(doc.y, MARGIN + QR_SIZE) + 12;

  // Emisor and receptor side by side.
  const half = (width - 20) / 2;
  const emisor = [...partyLines(document.emisor)];
  const ubicacion = document.emisor.ubicacion;
  if (ubicacion?.otrasSenas) emisor.push(ubicacion.otrasSenas);
  const left = block(doc, "Emisor", emisor, MARGIN, y, half);
  const other = block(doc, "Receptor", partyLines(document.receptor), MARGIN + half + 20, y, half);
  y = Math.max(left, other) + 10;

  // Sale conditions.
  const conditions = [
    `Condición de venta: ${labelOf(CONDICION_VENTA_LABELS, document.condicionVenta)}` +
      (document.plazoCredito ? ` · plazo ${document.plazoCredito} días` : ""),
    `Medios de pago: ${document.mediosPago.map((medio) => labelOf(MEDIO_PAGO_LABELS, medio.tipo)).join(", ") || "—"}`,
    `Moneda: ${currency}${currency !== "CRC" ? ` · tipo de cambio ₡${formatExchangeRate(document.tipoCambio)}` : ""}`,
  ];
  doc.font("regular").fontSize(8.5).fillColor(TEXT);
  for (const line of conditions) {
    doc.text(line, MARGIN, y, { width });
    y = doc.y;
  }
  for (const reference of document.informacionReferencia) {
    doc.font("bold").text("Documento de referencia: ", MARGIN, y + 4, { width, continued: true });
    doc
      .font("regular")
      .text(
        `${labelOf(REFERENCE_DOC_LABELS, reference.tipoDocumento)} ${reference.numero ?? ""} del ` +
          `${formatDateTime(reference.fechaEmision)} · ${labelOf(REFERENCE_CODE_LABELS, reference.codigo)}` +
          (reference.razon ? ` · ${reference.razon}` : ""),
      );
    y = doc.y;
  }
  y += 10;

  // Lines.
  const columnsX: number[] = [];
  let x = MARGIN;
  for (const column of COLUMNS) {
    columnsX.push(x);
    x += column.width;
  }
  y = drawHeader(doc, columnsX, y);
  doc.font("regular").fontSize(8).fillColor(TEXT);
  for (const line of document.lines) {
    const cells = COLUMNS.map((column) => column.value(line, money));
    const height = Math.max(
      ...cells.map((cell, index) => doc.heightOfString(cell, { width: COLUMNS[index].width - 4 })),
    );
    if (y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      y = drawHeader(doc, columnsX, MARGIN);
      doc.font("regular").fontSize(8).fillColor(TEXT);
    }
    cells.forEach((cell, index) =>
      doc.text(cell, columnsX[index], y, { width: COLUMNS[index].width - 4, align: COLUMNS[index].align }),
    );
    y += height + 4;
    const exoneration = exonerationText(line, money);
    if (exoneration) {
      doc
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(exoneration, columnsX[2], y, { width: right - columnsX[2] });
      y = doc.y + 4;
      doc.fontSize(8).fillColor(TEXT);
    }
  }
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor(RULE).lineWidth(0.5).stroke();
  y += 8;

  // Taxes and totals.
  const resumen = document.resumen;
  const exonerated = document.lines.reduce((sum, line) => sum + (ivaOf(line)?.exoneracion?.monto ?? 0n), 0n);
  const totals: Array<[string, Amount, boolean?]> = [
    ["Total venta", resumen.totalVenta],
    ["Descuentos", resumen.totalDescuentos],
    ["Venta neta", resumen.totalVentaNeta],
    ...resumen.totalDesgloseImpuesto.map((tax): [string, Amount] => [
      `IVA ${tax.codigoTarifa ? (IVA_RATE_LABELS[tax.codigoTarifa] ?? tax.codigoTarifa) : tax.codigo}`,
      tax.monto,
    ]),
    ...(exonerated > 0n
      ? [
          ["Venta exonerada", resumen.totalExonerado] as [string, Amount],
          ["IVA exonerado", exonerated] as [string, Amount],
        ]
      : []),
    ["Total impuesto", resumen.totalImpuesto],
    ...(resumen.totalOtrosCargos > 0n ? [["Otros cargos", resumen.totalOtrosCargos] as [string, Amount]] : []),
    ["Total del comprobante", resumen.totalComprobante, true],
  ];
  if (y + totals.length * 13 > doc.page.height - MARGIN - 30) {
    doc.addPage();
    y = MARGIN;
  }
  const labelX = right - 250;
  for (const [label, amount, bold] of totals) {
    doc
      .font(bold ? "bold" : "regular")
      .fontSize(bold ? 10 : 8.5)
      .fillColor(TEXT);
    doc.text(label, labelX, y, { width: 150 });
    doc.text(money(amount), labelX + 150, y, { width: 100, align: "right" });
    y += bold ? 15 : 12;
  }
  y += 12;
  doc.font("regular").fontSize(7).fillColor(MUTED);
  doc.text(
    "Representación gráfica del comprobante electrónico (versión 4.4). El documento con validez es el XML firmado " +
      "y aceptado por el Ministerio de Hacienda, consultable con la clave del código QR.",
    MARGIN,
    y,
    { width },
  );
  doc.end();
  return done;
}
