import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";

/**
 * What a reader sees in a PDF, through poppler (`pdftotext`, `pdftoppm`): its text, and page 1 as a
 * PNG with the share of pixels that are not white. Install poppler with
 * scripts/install-test-system-packages.sh.
 */
export interface PdfReading {
  text: string;
  pages: number;
  png: Buffer;
  width: number;
  height: number;
  /** Share of page 1's pixels darker than near-white. */
  inkedShare: number;
}

/** Only the text, one form feed between pages; `layout` keeps each printed row on one line. */
export function readPdfText(bytes: Uint8Array, options: { layout?: boolean } = {}): string {
  const directory = mkdtempSync(join(tmpdir(), "pdf-reading-"));
  try {
    const file = join(directory, "document.pdf");
    writeFileSync(file, bytes);
    const layout = options.layout ? ["-layout"] : [];
    return execFileSync("pdftotext", [...layout, "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Page 1 rendered by pdftoppm at `dpi`, as RGBA pixels (what an image decoder such as a QR reader takes). */
export function renderFirstPage(
  bytes: Uint8Array,
  dpi: number,
): { width: number; height: number; rgba: Uint8ClampedArray } {
  const directory = mkdtempSync(join(tmpdir(), "pdf-render-"));
  try {
    const file = join(directory, "document.pdf");
    writeFileSync(file, bytes);
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      String(dpi),
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      file,
      join(directory, "page"),
    ]);
    const image = decodePng(readFileSync(join(directory, "page.png")));
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    for (let pixel = 0; pixel < image.width * image.height; pixel++) {
      for (let channel = 0; channel < 3; channel++)
        rgba[pixel * 4 + channel] = image.data[pixel * image.channels + (image.channels === 1 ? 0 : channel)];
      rgba[pixel * 4 + 3] = 255;
    }
    return { width: image.width, height: image.height, rgba };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export function readPdf(bytes: Uint8Array): PdfReading {
  const directory = mkdtempSync(join(tmpdir(), "pdf-reading-"));
  try {
    const file = join(directory, "document.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", file, join(directory, "page")]);
    const png = readFileSync(join(directory, "page.png"));
    const image = decodePng(png);
    let inked = 0;
    for (let pixel = 0; pixel < image.width * image.height; pixel++) {
      const offset = pixel * image.channels;
      const darkest = Math.min(...image.data.subarray(offset, offset + Math.min(3, image.channels)));
      if (darkest < 235) inked++;
    }
    return {
      text,
      pages,
      png,
      width: image.width,
      height: image.height,
      inkedShare: inked / (image.width * image.height),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Enough PNG for poppler's output: 8 bits per sample, grey, RGB or RGBA, not interlaced. */
export function decodePng(png: Buffer): { width: number; height: number; channels: number; data: Uint8Array } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const compressed: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colorType, , , interlace] = body.subarray(8, 13);
      const byType: Record<number, number> = { 0: 1, 2: 3, 6: 4 };
      if (depth !== 8 || !(colorType in byType) || interlace !== 0) throw new Error("unsupported PNG");
      channels = byType[colorType];
    } else if (type === "IDAT") compressed.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)];
    const line = raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    const out = row * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? data[out + i - channels] : 0;
      const up = row > 0 ? data[out - stride + i] : 0;
      const upLeft = row > 0 && i >= channels ? data[out - stride + i - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      data[out + i] = (line[i] + predictor) & 0xff;
    }
  }
  return { width, height, channels, data };
}
