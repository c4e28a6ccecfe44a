import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPiece, stitchGzip } from "./stitched-gzip.server";

describe("stitchGzip", () => {
  it("decompresses to the pieces joined by what goes between them, the checksum and length included", () => {
    const pieces = ['<html><script nonce="', '">a</script><p>₡1 000,00</p>'.repeat(500), "</html>"];
    const between = Buffer.from("bm9uY2UtZGUtcHJ1ZWJh");
    const gzip = stitchGzip(
      pieces.map((piece) => compressPiece(Buffer.from(piece))),
      between,
    );
    expect(gunzipSync(gzip).toString("utf8")).toBe(pieces.join(between.toString()));
    expect(gzip.length).toBeLessThan(pieces.join("").length / 10);
  });

  it("holds one piece alone, empty pieces, and what goes between longer than one stored block", () => {
    const one = Buffer.from("solo");
    expect(gunzipSync(stitchGzip([compressPiece(one)], Buffer.alloc(0))).toString()).toBe("solo");
    const long = randomBytes(70_000);
    const empty = compressPiece(Buffer.alloc(0));
    const out = gunzipSync(stitchGzip([empty, compressPiece(one), empty], long));
    expect(out.equals(Buffer.concat([long, one, long]))).toBe(true);
  });

  it("is refused by gunzip when a byte of the body is changed: the trailer is the whole text's CRC-32", () => {
    const gzip = stitchGzip(
      [compressPiece(Buffer.from("a".repeat(100))), compressPiece(Buffer.from("b"))],
      Buffer.from("n"),
    );
    const tampered = Buffer.from(gzip);
    tampered[tampered.length - 8] ^= 0xff;
    expect(() => gunzipSync(tampered)).toThrow();
  });
});
