/**
 * Bytes of an uploaded XML file → text, honouring a BOM and the encoding declared in the XML
 * declaration (UTF-8 by default; some older systems emit ISO-8859-1 / windows-1252).
 */
const SUPPORTED = new Set(["utf-8", "utf8", "iso-8859-1", "latin1", "windows-1252", "utf-16le", "utf-16be"]);

export function declaredEncoding(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const match = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  const name = match?.[1].toLowerCase();
  return name && SUPPORTED.has(name) ? name : "utf-8";
}

export function decodeXmlBytes(bytes: Uint8Array): string {
  const text = new TextDecoder(declaredEncoding(bytes)).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
