/**
 * Minimal XML text helpers. The parser runs with entity processing off, so the five predefined
 * entities and character references are decoded here — no DTD-declared entity can ever expand.
 */

const ENTITY_PATTERN = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY_PATTERN, (whole, name: string) => {
    if (name[0] !== "#") return NAMED[name];
    const codePoint = name[1] === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (!Number.isFinite(codePoint) || codePoint > 0x10ffff) return whole;
    return String.fromCodePoint(codePoint);
  });
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** An element to write; `undefined` / `null` / `false` children are skipped, so optional parts read naturally. */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  text?: string;
  children?: XmlChild[];
}
export type XmlChild = XmlElement | string | null | undefined | false;

/** A child element with text, or nothing when the value is undefined. */
export function leaf(name: string, value: string | undefined): XmlElement | undefined {
  return value === undefined ? undefined : { name, text: value };
}

export function node(name: string, children: XmlChild[], attributes?: Record<string, string>): XmlElement {
  return { name, children, attributes };
}

function renderAttributes(attributes: Record<string, string> | undefined): string {
  if (!attributes) return "";
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
}

function render(element: XmlElement, depth: number, out: string[]): void {
  const pad = "  ".repeat(depth);
  const open = `${pad}<${element.name}${renderAttributes(element.attributes)}`;
  const children = (element.children ?? []).filter((child): child is XmlElement | string => Boolean(child));
  if (children.length === 0) {
    out.push(element.text === undefined ? `${open}/>` : `${open}>${escapeXml(element.text)}</${element.name}>`);
    return;
  }
  out.push(`${open}>`);
  for (const child of children) {
    if (typeof child === "string") {
      // Pre-rendered markup (e.g. a signature block), indented as a unit.
      out.push(
        child
          .split("\n")
          .map((line) => `${pad}  ${line}`)
          .join("\n"),
      );
    } else {
      render(child, depth + 1, out);
    }
  }
  out.push(`${pad}</${element.name}>`);
}

export function renderXmlDocument(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="utf-8"?>'];
  render(root, 0, out);
  return `${out.join("\n")}\n`;
}
