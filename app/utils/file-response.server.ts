/** One shape for every download: its type, an attachment name any browser reads, and no caching of private data. */

export interface FileResponseOptions {
  contentType: string;
  fileName: string;
}

/** Characters kept in the plain `filename="…"` fallback; anything else becomes "_". */
const SAFE_ASCII = /[^A-Za-z0-9._\- ()]/g;

// RFC 8187 attr-char minus what encodeURIComponent leaves but the grammar forbids.
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * RFC 6266 Content-Disposition: an ASCII `filename` for old clients and `filename*=UTF-8''…` with the
 * exact name. Path separators, quotes and control characters never reach either form.
 */
export function contentDisposition(fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern is for
  const name = fileName.replace(/[\\/\u0000-\u001f\u007f"]/g, "_").trim() || "descarga";
  const ascii = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(SAFE_ASCII, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

export function fileResponse(body: BodyInit, { contentType, fileName }: FileResponseOptions): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
  /** XML we write ourselves, always UTF-8. */
  xml: "application/xml; charset=utf-8",
  /** A stored original: its bytes declare their own encoding, which a charset here could contradict. */
  originalXml: "application/xml",
} as const;
