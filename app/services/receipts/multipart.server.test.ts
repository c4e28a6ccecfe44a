import { describe, expect, it } from "vitest";
import { multipartBoundary, parseParameters, readMultipart } from "./multipart.server";

async function partsOf(body: string | Uint8Array, boundary: string, chunkSize = 7) {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  async function* chunks() {
    for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
  }
  const parts: Array<{ name: string; filename?: string; text: string }> = [];
  for await (const part of readMultipart(chunks(), boundary)) {
    let text = "";
    for await (const chunk of part.data) text += new TextDecoder().decode(chunk, { stream: true });
    parts.push({ name: part.name, ...(part.filename !== undefined ? { filename: part.filename } : {}), text });
  }
  return parts;
}

describe("multipart reading", () => {
  it("reads quoted parameters with ; = and escaped quotes, and RFC 5987 filename*", () => {
    expect(parseParameters('; name="files"; filename="Facturas junio; proveedor.xml"').get("filename")).toBe(
      "Facturas junio; proveedor.xml",
    );
    expect(parseParameters('; name="files"; filename="clave=506.xml"').get("filename")).toBe("clave=506.xml");
    expect(parseParameters('; filename="dice \\"hola\\".xml"').get("filename")).toBe('dice "hola".xml');
    expect(multipartBoundary('multipart/form-data; boundary="a;b=c"')).toBe("a;b=c");
    expect(multipartBoundary("text/plain")).toBeNull();
  });

  it("hands over every file name a computer produces, whatever the chunking", async () => {
    const names = [
      "Facturas junio; proveedor.xml",
      "clave=506.xml",
      "Factura %22junio%22.xml",
      "Recepción ñandú.xml",
      "🧾 factura.xml",
    ];
    const boundary = "----limite";
    const body =
      names
        .map(
          (name, index) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/xml\r\n\r\n<a>${index}</a>\r\n`,
        )
        .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="nota"\r\n\r\ntexto\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename*=UTF-8''%E2%9C%93%20listo.xml\r\n\r\n<b/>\r\n--${boundary}--\r\n`;
    for (const chunkSize of [1, 7, 64, 100_000]) {
      const parts = await partsOf(body, boundary, chunkSize);
      expect(parts.map((part) => part.filename)).toEqual([
        "Facturas junio; proveedor.xml",
        "clave=506.xml",
        'Factura "junio".xml',
        "Recepción ñandú.xml",
        "🧾 factura.xml",
        undefined,
        "✓ listo.xml",
      ]);
      expect(parts.map((part) => part.text)).toEqual([
        "<a>0</a>",
        "<a>1</a>",
        "<a>2</a>",
        "<a>3</a>",
        "<a>4</a>",
        "texto",
        "<b/>",
      ]);
    }
  });

  it("refuses a body that ends before its closing boundary", async () => {
    await expect(
      partsOf('--x\r\nContent-Disposition: form-data; name="files"; filename="a.xml"\r\n\r\n<a>', "x"),
    ).rejects.toThrow(/unexpected end/);
  });
});
