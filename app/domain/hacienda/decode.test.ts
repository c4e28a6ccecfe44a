import { describe, expect, it } from "vitest";
import { declaredEncoding, decodeXmlBytes } from "./decode";
import { parseComprobante } from "./parse";

const xml =
  '<?xml version="1.0" encoding="ENCODING"?><MensajeHacienda><NombreEmisor>Ferretería Año Nuevo</NombreEmisor></MensajeHacienda>';

describe("decodeXmlBytes", () => {
  it("reads UTF-8, with or without a byte-order mark", () => {
    const bytes = new TextEncoder().encode(xml.replace("ENCODING", "utf-8"));
    expect(decodeXmlBytes(bytes)).toContain("Ferretería Año Nuevo");
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    expect(decodeXmlBytes(withBom).startsWith("<?xml")).toBe(true);
  });

  it("honours an ISO-8859-1 declaration", () => {
    const text = xml.replace("ENCODING", "ISO-8859-1");
    const latin1 = Uint8Array.from(text, (character) => character.charCodeAt(0));
    expect(declaredEncoding(latin1)).toBe("iso-8859-1");
    expect(decodeXmlBytes(latin1)).toContain("Ferretería Año Nuevo");
  });

  it("reads UTF-16 with a byte-order mark", () => {
    const text = xml.replace("ENCODING", "UTF-16");
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let index = 0; index < text.length; index++) bytes[2 + index * 2] = text.charCodeAt(index);
    expect(declaredEncoding(bytes)).toBe("utf-16le");
    expect(decodeXmlBytes(bytes)).toContain("Ferretería Año Nuevo");
  });

  it("falls back to UTF-8 for an unknown declaration, and the result still goes through the parser's checks", () => {
    const bytes = new TextEncoder().encode(xml.replace("ENCODING", "x-unknown"));
    expect(declaredEncoding(bytes)).toBe("utf-8");
    expect(parseComprobante(decodeXmlBytes(bytes)).ok).toBe(false);
  });
});
