import PDFDocument from "pdfkit";
import { formatDateTime } from "~/domain/calendar";
import { fontFace } from "./fonts.server";

/**
 * A printable statement as PDF: the organization, the document's title and meta lines, a table that
 * repeats its header on every page, optional notes and signature lines, and «Página N de M» on every
 * page. Generic on purpose: the financial statements, the IVA return and invoices all print with it.
 */
export interface PrintableColumn {
  header: string;
  align?: "left" | "right";
  /** Points; columns without a width share what the others leave. */
  width?: number;
  /** Rows' `indent` applies to this column (the account name). */
  indentable?: boolean;
}

export interface PrintableRow {
  /** One text per column, already formatted (amounts as the pages show them). */
  cells: readonly string[];
  bold?: boolean;
  /** Steps of indentation of the indentable column (e.g. the account level − 1). */
  indent?: number;
  /** A rule above the row (totals, result lines). */
  ruleAbove?: boolean;
}

export interface PrintableDocument {
  title: string;
  organization: { name: string; cedula: string };
  /** Lines under the title: the period, the filters that shaped the figures… */
  metaLines: readonly string[];
  columns: readonly PrintableColumn[];
  rows: readonly PrintableRow[];
  /** Short paragraphs after the table. */
  notes?: readonly string[];
  /** Who signs, one line each (e.g. «Contador», «Representante legal»). */
  signatures?: readonly string[];
  generatedAt: Date;
  layout?: "portrait" | "landscape";
}

const MARGIN = 40;
const FOOTER_HEIGHT = 22;
const BODY_SIZE = 8.5;
const MIN_AMOUNT_SIZE = 6;
const ROW_HEIGHT = 14;
const LINE_STEP = 10.5;
const MAX_LINES = 3;
const INDENT = 8;
const CELL_PADDING = 4;
const SIGNATURE_BLOCK = 90;
const KEEP_WITH_SIGNATURES = 3;
const TEXT_COLOR = "#1a1b1e";
const MUTED_COLOR = "#5c5f66";
const RULE_COLOR = "#adb5bd";

type Doc = PDFKit.PDFDocument;

interface Placed {
  x: number;
  width: number;
  column: PrintableColumn;
}

function placeColumns(columns: readonly PrintableColumn[], available: number): Placed[] {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const flexible = columns.filter((column) => column.width === undefined).length;
  const share = flexible === 0 ? 0 : Math.max(40, (available - fixed) / flexible);
  let x = MARGIN;
  return columns.map((column) => {
    const width = column.width ?? share;
    const placed = { x, width, column };
    x += width;
    return placed;
  });
}

/** An amount shrinks to fit its column rather than be cut: a cut figure would lie. */
function shrunk(doc: Doc, text: string, width: number): number {
  let size = BODY_SIZE;
  while (size > MIN_AMOUNT_SIZE && doc.fontSize(size).widthOfString(text) > width) size -= 0.25;
  return size;
}

function ellipsized(doc: Doc, text: string, width: number): string {
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** A name wraps onto at most MAX_LINES lines, the last one ending in «…» if it still does not fit. */
function wrapped(doc: Doc, text: string, width: number): string[] {
  doc.fontSize(BODY_SIZE);
  if (doc.widthOfString(text) <= width) return [text];
  const lines: string[] = [];
  let current = "";
  const words = text.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    const candidate = current ? `${current} ${words[index]}` : words[index];
    if (doc.widthOfString(candidate) <= width || !current) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = words[index];
    if (lines.length === MAX_LINES - 1) {
      current = words.slice(index).join(" ");
      break;
    }
  }
  lines.push(current);
  return lines.map((line) => (doc.widthOfString(line) <= width ? line : ellipsized(doc, line, width)));
}

interface CellLayout {
  x: number;
  width: number;
  right: boolean;
  lines: string[];
  size: number;
}

function layoutRow(doc: Doc, placed: Placed[], cells: readonly string[], row: Partial<PrintableRow>) {
  doc.font(row.bold ? "bold" : "regular");
  const layouts: CellLayout[] = placed.map(({ x, width, column }, index) => {
    const indent = column.indentable ? Math.min(row.indent ?? 0, 6) * INDENT : 0;
    const inner = width - 2 * CELL_PADDING - indent;
    const text = cells[index] ?? "";
    const right = column.align === "right";
    const base = { x: x + CELL_PADDING + indent, width: inner, right };
    return right
      ? { ...base, lines: [text], size: shrunk(doc, text, inner) }
      : { ...base, lines: wrapped(doc, text, inner), size: BODY_SIZE };
  });
  const lineCount = Math.max(...layouts.map((layout) => layout.lines.length));
  return { layouts, height: ROW_HEIGHT + (lineCount - 1) * LINE_STEP };
}

function drawRow(doc: Doc, layout: ReturnType<typeof layoutRow>, y: number, row: Partial<PrintableRow>): void {
  doc.font(row.bold ? "bold" : "regular").fillColor(TEXT_COLOR);
  for (const cell of layout.layouts) {
    cell.lines.forEach((line, index) => {
      doc.fontSize(cell.size).text(line, cell.x, y + (ROW_HEIGHT - cell.size) / 2 - 1 + index * LINE_STEP, {
        width: cell.width,
        align: cell.right ? "right" : "left",
        lineBreak: false,
      });
    });
  }
}

function drawTableHeader(doc: Doc, placed: Placed[], y: number): number {
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  doc.rect(left, y, right - left, ROW_HEIGHT + 2).fill("#e9ecef");
  drawRow(
    doc,
    layoutRow(
      doc,
      placed,
      placed.map((p) => p.column.header),
      { bold: true },
    ),
    y + 1,
    { bold: true },
  );
  return y + ROW_HEIGHT + 4;
}

function drawFirstHeader(doc: Doc, document: PrintableDocument): number {
  const width = doc.page.width - 2 * MARGIN;
  doc.font("bold").fontSize(13).fillColor(TEXT_COLOR).text(document.organization.name, MARGIN, MARGIN, { width });
  doc.font("regular").fontSize(9.5).fillColor(MUTED_COLOR).text(`Cédula ${document.organization.cedula}`, { width });
  doc.moveDown(0.6);
  doc.font("bold").fontSize(12).fillColor(TEXT_COLOR).text(document.title, { width });
  doc.font("regular").fontSize(9.5);
  for (const line of document.metaLines) doc.text(line, { width });
  doc.fillColor(MUTED_COLOR).text(`Generado el ${formatDateTime(document.generatedAt)}`, { width });
  return doc.y + 10;
}

function drawRunningHeader(doc: Doc, document: PrintableDocument): number {
  const width = doc.page.width - 2 * MARGIN;
  const period = document.metaLines[0] ? ` · ${document.metaLines[0]}` : "";
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(MUTED_COLOR)
    .text(`${document.organization.name} · ${document.title}${period}`, MARGIN, MARGIN, {
      width,
      lineBreak: false,
    });
  return MARGIN + 16;
}

function drawSignatures(doc: Doc, signatures: readonly string[], top: number): void {
  const width = doc.page.width - 2 * MARGIN;
  const gap = 30;
  const each = Math.min(200, (width - gap * (signatures.length - 1)) / signatures.length);
  const left = MARGIN + (width - (each * signatures.length + gap * (signatures.length - 1))) / 2;
  const lineY = top + 50;
  signatures.forEach((label, index) => {
    const x = left + index * (each + gap);
    doc
      .moveTo(x, lineY)
      .lineTo(x + each, lineY)
      .lineWidth(0.8)
      .strokeColor(TEXT_COLOR)
      .stroke();
    doc
      .font("regular")
      .fontSize(9)
      .fillColor(TEXT_COLOR)
      .text(label, x, lineY + 4, { width: each, align: "center", lineBreak: false });
  });
}

function drawPageNumbers(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(MUTED_COLOR)
      .text(`Página ${index - start + 1} de ${count}`, MARGIN, doc.page.height - MARGIN + 8, {
        width: doc.page.width - 2 * MARGIN,
        align: "right",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

function collect(doc: Doc): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
}

/** The whole document in memory: «de M» needs every page before any is final. */
export async function printablePdf(document: PrintableDocument): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: "A4",
    layout: document.layout ?? "portrait",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // The standard fonts lack ₡: start on DejaVu so no Helvetica is ever loaded.
    font: fontFace("regular") as unknown as string,
    info: {
      Title: `${document.title} · ${document.organization.name}`,
      Author: document.organization.name,
      Creator: "Contabilidad CR",
      CreationDate: document.generatedAt,
    },
    lang: "es-CR",
  });
  const done = collect(doc);
  doc.registerFont("regular", fontFace("regular") as unknown as string);
  doc.registerFont("bold", fontFace("bold") as unknown as string);

  const placed = placeColumns(document.columns, doc.page.width - 2 * MARGIN);
  const tableRight = doc.page.width - MARGIN;
  const pageBottom = () => doc.page.height - doc.page.margins.bottom;
  let y = drawTableHeader(doc, placed, drawFirstHeader(doc, document));
  const tableTop = y;

  // The last rows go to the signatures' page rather than leave them alone on one.
  const signing = (document.signatures?.length ?? 0) > 0;
  doc.font("regular").fontSize(8);
  const notesHeight = (document.notes ?? []).reduce(
    (sum, note) => sum + doc.heightOfString(note, { width: tableRight - MARGIN }) + 4,
    8,
  );
  const tail = notesHeight + (signing ? SIGNATURE_BLOCK : 0);
  const keepFrom = Math.max(1, document.rows.length - KEEP_WITH_SIGNATURES);

  document.rows.forEach((row, index) => {
    const lastRowsWouldLeaveSignaturesAlone =
      signing &&
      index === keepFrom &&
      y > tableTop &&
      y + (document.rows.length - index) * ROW_HEIGHT + tail > pageBottom() &&
      tableTop + (document.rows.length - index) * ROW_HEIGHT + tail <= pageBottom();
    const layout = layoutRow(doc, placed, row.cells, row);
    if (y + layout.height > pageBottom() || lastRowsWouldLeaveSignaturesAlone) {
      doc.addPage();
      y = drawTableHeader(doc, placed, drawRunningHeader(doc, document));
    }
    if (row.ruleAbove) doc.moveTo(MARGIN, y).lineTo(tableRight, y).lineWidth(0.5).strokeColor(RULE_COLOR).stroke();
    drawRow(doc, layout, y, row);
    y += layout.height;
  });
  doc.moveTo(MARGIN, y).lineTo(tableRight, y).lineWidth(0.5).strokeColor(RULE_COLOR).stroke();
  y += 8;

  for (const note of document.notes ?? []) {
    const width = tableRight - MARGIN;
    doc.font("regular").fontSize(8);
    const height = doc.heightOfString(note, { width });
    if (y + height > pageBottom()) {
      doc.addPage();
      y = drawRunningHeader(doc, document);
    }
    doc.fillColor(MUTED_COLOR).text(note, MARGIN, y, { width });
    y = doc.y + 4;
  }

  if (document.signatures && document.signatures.length > 0) {
    if (y + SIGNATURE_BLOCK > pageBottom()) {
      doc.addPage();
      y = drawRunningHeader(doc, document);
    }
    drawSignatures(doc, document.signatures, y);
  }

  drawPageNumbers(doc);
  doc.end();
  return done;
}
