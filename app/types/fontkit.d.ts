declare module "fontkit" {
  /** A parsed font; pdfkit embeds it as is (it only needs `layout` and the tables). */
  export interface Font {
    layout(text: string, features?: unknown): unknown;
    postscriptName: string;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
