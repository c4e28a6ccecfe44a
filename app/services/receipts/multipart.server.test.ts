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

  it("reads escaped quotes and strips an old browser's full path", async () => {
    const body =
      `--b\r\nContent-Disposition: form-data; name="files"; filename="dice \\"hola\\".xml"\r\n\r\n<a/>\r\n` +
      `--b\r\nContent-Disposition: form-data; name="files"; filename="C:\\Users\\ana\\junio.xml"\r\n\r\n<b/>\r\n--b--\r\n`;
    const parts = await partsOf(body, "b");
    expect(parts.map((part) => part.filename)).toEqual(['dice "hola".xml', "junio.xml"]);
  });

  /** A body of `parts` files of `size` bytes each, handed over in 64 KB chunks, counting what was pulled. */
  function countedBody(parts: number, size: number) {
    const head = (index: number) =>
      new TextEncoder().encode(`--b\r\nContent-Disposition: form-data; name="files"; filename="${index}.xml"\r\n\r\n`);
    const chunks: Uint8Array[] = [];
    for (let index = 0; index < parts; index++) {
      chunks.push(head(index));
      for (let offset = 0; offset < size; offset += 64 * 1024)
        chunks.push(new Uint8Array(Math.min(64 * 1024, size - offset)).fill(0x61));
      chunks.push(new TextEncoder().encode("\r\n"));
    }
    chunks.push(new TextEncoder().encode("--b--\r\nepilogue"));
    const state = { pulled: 0, total: chunks.reduce((sum, chunk) => sum + chunk.length, 0), ended: false };
    async function* body() {
      for (const chunk of chunks) {
        state.pulled += chunk.length;
        yield chunk;
      }
      state.ended = true;
    }
    return { body: body(), state };
  }

  it("reads the body no faster than the parts are consumed", async () => {
    const { body, state } = countedBody(1, 8 * 1024 * 1024);
    const parts = readMultipart(body, "b");
    const first = await parts.next();
    expect(first.done).toBe(false);
    // The part's bytes are not read yet: only a small window of the 8 MB body has been pulled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.pulled).toBeLessThan(1024 * 1024);
    let received = 0;
    for await (const chunk of first.value!.data) received += chunk.length;
    expect(received).toBe(8 * 1024 * 1024);
    expect((await parts.next()).done).toBe(true);
    expect(state.ended).toBe(true);
  });

  it("skips what a caller leaves unread, and reads the whole body when the caller stops early", async () => {
    const skipped = countedBody(3, 300 * 1024);
    const names: string[] = [];
    for await (const part of readMultipart(skipped.body, "b")) {
      names.push(part.filename!);
      for await (const _chunk of part.data) break;
    }
    expect(names).toEqual(["0.xml", "1.xml", "2.xml"]);
    expect(skipped.state.ended).toBe(true);

    const stopped = countedBody(3, 300 * 1024);
    for await (const part of readMultipart(stopped.body, "b")) {
      expect(part.filename).toBe("0.xml");
      break;
    }
    await expect.poll(() => stopped.state.ended).toBe(true);
    expect(stopped.state.pulled).toBe(stopped.state.total);
  });

  it("lets an error of the body itself through unchanged (the caller's size limit)", async () => {
    class TooLarge extends Error {}
    async function* body() {
      yield new TextEncoder().encode(
        `--b\r\nContent-Disposition: form-data; name="files"; filename="a.xml"\r\n\r\n<a>`,
      );
      throw new TooLarge();
    }
    const reading = (async () => {
      for await (const part of readMultipart(body(), "b")) for await (const _chunk of part.data) void _chunk;
    })();
    await expect(reading).rejects.toBeInstanceOf(TooLarge);
  });
});
