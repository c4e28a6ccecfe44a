import { describe, expect, it } from "vitest";
import { CONTENT_TYPES, contentDisposition, fileResponse } from "./file-response.server";

describe("fileResponse", () => {
  it("sends the type, an attachment name and no caching", async () => {
    const response = fileResponse("a,b\r\n", { contentType: CONTENT_TYPES.csv, fileName: "catalogo-3101123456.csv" });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="catalogo-3101123456.csv"; filename*=UTF-8''catalogo-3101123456.csv`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).toBe("a,b\r\n");
  });

  it("keeps accents in filename* and an ASCII fallback in filename (RFC 6266)", () => {
    expect(contentDisposition("catálogo Ñandú 2025.csv")).toBe(
      `attachment; filename="catalogo Nandu 2025.csv"; filename*=UTF-8''cat%C3%A1logo%20%C3%91and%C3%BA%202025.csv`,
    );
  });

  it("never lets quotes, path separators or line breaks through", () => {
    const header = contentDisposition("a\"b/../c\\d\r\nSet-Cookie: x=1;'(*).csv");
    expect(header).toBe(
      `attachment; filename="a_b_.._c_d__Set-Cookie_ x_1__(_).csv"; filename*=UTF-8''a_b_.._c_d__Set-Cookie%3A%20x%3D1%3B%27%28%2A%29.csv`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(contentDisposition("  ")).toBe(`attachment; filename="descarga"; filename*=UTF-8''descarga`);
  });
});
