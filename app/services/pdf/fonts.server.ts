import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { create, type Font } from "fontkit";

/**
 * The DejaVu Sans faces, read from the installed `dejavu-fonts-ttf` package: PDF's standard fonts
 * have no ₡, so every printable document embeds these. Resolved through Node's module resolution
 * from this module, so the same code finds them in the sources, the server build and the image.
 */
export const FONT_FILES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
} as const;

export type FontFace = keyof typeof FONT_FILES;

let fontDirectory: string | null = null;
const loaded = new Map<FontFace, Buffer>();

export function fontDirectoryPath(): string {
  if (fontDirectory === null) {
    const require = createRequire(import.meta.url);
    fontDirectory = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
  }
  return fontDirectory;
}

/** The face's bytes, read once per process. */
export function fontBytes(face: FontFace): Buffer {
  let bytes = loaded.get(face);
  if (!bytes) {
    bytes = readFileSync(join(fontDirectoryPath(), FONT_FILES[face]));
    loaded.set(face, bytes);
  }
  return bytes;
}

const parsed = new Map<FontFace, Font>();

/**
 * The face parsed once per process. Handing pdfkit bytes makes it parse the whole TrueType file for
 * every document (and again for each registerFont): most of a small PDF's rendering time.
 */
export function fontFace(face: FontFace): Font {
  let font = parsed.get(face);
  if (!font) {
    font = create(fontBytes(face));
    parsed.set(face, font);
  }
  return font;
}
