/** Reads fields from fast-xml-parser output (all values kept as strings) and collects Spanish errors. */
import { parseAmount, parseDecimal, type Amount } from "../money";
import { decodeXmlEntities } from "./xml-text";

export type XmlNode = { [key: string]: unknown };

export function isNode(value: unknown): value is XmlNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asList(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Child elements with content; an empty element (`<X/>`) counts as an empty node. */
export function childNodes(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node) return [];
  return asList(node[name]).flatMap((value) => (isNode(value) ? [value] : value === "" ? [{}] : []));
}

export function childNode(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return childNodes(node, name)[0];
}

function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return decodeXmlEntities(value).trim();
  if (isNode(value)) {
    const inner = value["#text"];
    if (typeof inner === "string") return decodeXmlEntities(inner).trim();
    // An element with only attributes or children has no text of its own.
    return "";
  }
  return undefined;
}

export class FieldReader {
  readonly errors: string[] = [];

  /** Trimmed text of the first `name` child; undefined when absent. */
  text(node: XmlNode | undefined, name: string): string | undefined {
    if (!node) return undefined;
    const value = node[name];
    return textOf(Array.isArray(value) ? value[0] : value);
  }

  /** Like `text`, but an empty element counts as absent. */
  optional(node: XmlNode | undefined, name: string): string | undefined {
    const value = this.text(node, name);
    return value === "" ? undefined : value;
  }

  texts(node: XmlNode | undefined, name: string): string[] {
    if (!node) return [];
    return asList(node[name])
      .map(textOf)
      .filter((value): value is string => value !== undefined && value !== "");
  }

  required(node: XmlNode | undefined, name: string, path: string): string {
    const value = this.optional(node, name);
    if (value === undefined) {
      this.errors.push(`Falta el campo obligatorio ${path}.`);
      return "";
    }
    return value;
  }

  amount(node: XmlNode | undefined, name: string, path: string): Amount | undefined {
    const value = this.optional(node, name);
    if (value === undefined) return undefined;
    const amount = parseAmount(value);
    if (amount === null || amount < 0n) {
      this.errors.push(`El monto de ${path} no es un número decimal válido (hasta 5 decimales): «${value}».`);
      return undefined;
    }
    return amount;
  }

  requiredAmount(node: XmlNode | undefined, name: string, path: string): Amount {
    if (this.optional(node, name) === undefined) {
      this.errors.push(`Falta el campo obligatorio ${path}.`);
      return 0n;
    }
    return this.amount(node, name, path) ?? 0n;
  }

  /** A non-money decimal (Cantidad, Tarifa, porcentajes), checked and kept as text. */
  decimal(node: XmlNode | undefined, name: string, path: string, maxDecimals: number): string | undefined {
    const value = this.optional(node, name);
    if (value === undefined) return undefined;
    if (parseDecimal(value, maxDecimals) === null) {
      this.errors.push(`El valor de ${path} no es un número decimal válido: «${value}».`);
      return undefined;
    }
    return value;
  }
}
