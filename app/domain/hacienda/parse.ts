/**
 * parseComprobante: Hacienda XML (v4.3 / v4.4) → one typed model, or Spanish reasons for refusing it.
 * Hostile input is refused before parsing (size, DOCTYPE / ENTITY declarations); the parser runs
 * with entity processing off and keeps every value as text. It never throws.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { checkArithmetic } from "./arithmetic";
import { KIND_BY_ROOT, KIND_INFO, parseHaciendaNamespace, type DocumentKind, type HaciendaVersion } from "./codes";
import { checkIdentifiers } from "./consistency";
import { FieldReader, isNode, type XmlNode } from "./field-reader";
import { readHaciendaMessage } from "./read-hacienda-message";
import { xmlParserMessage, xmlValidatorMessage } from "./xml-errors";
import { readReceipt } from "./read-receipt";
import type { Comprobante, ParseResult } from "./types";

/** Real receipts are under 200 KB; parsing costs about 0.4 s of CPU per MB, so the limit stays near that. */
export const MAX_XML_BYTES = 1024 * 1024;

// Attributes carry nothing the model needs (xmlns is read from the raw start tag).
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function fail(...errors: string[]): ParseResult {
  return { ok: false, errors };
}

function utf8Length(text: string): number {
  // Each UTF-16 code unit needs at most 3 UTF-8 bytes, so short texts need no encoding pass.
  if (text.length * 3 <= MAX_XML_BYTES) return text.length;
  return new TextEncoder().encode(text).length;
}

interface RootTag {
  localName: string;
  namespace?: string;
}

/** The root element's name and namespace, read from its start tag (the parser drops xmlns attributes). */
function readRootTag(xml: string): RootTag | null {
  let index = 0;
  for (;;) {
    while (index < xml.length && /\s/.test(xml[index])) index++;
    if (xml.startsWith("<?", index)) {
      const end = xml.indexOf("?>", index);
      if (end < 0) return null;
      index = end + 2;
    } else if (xml.startsWith("<!--", index)) {
      const end = xml.indexOf("-->", index);
      if (end < 0) return null;
      index = end + 3;
    } else {
      break;
    }
  }
  const match = /^<(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(xml.slice(index, index + 4096));
  if (!match) return null;
  const [, prefix, localName, attributes] = match;
  const wanted = prefix ? `xmlns:${prefix}` : "xmlns";
  for (const attribute of attributes.matchAll(/(xmlns(?::[\w.-]+)?)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (attribute[1] === wanted) return { localName, namespace: attribute[2] ?? attribute[3] };
  }
  return { localName };
}

function inferVersion(root: XmlNode, kind: DocumentKind): HaciendaVersion {
  if (kind === "REP") return "4.4";
  const markers = ["ProveedorSistemas", "CodigoActividadEmisor", "EstadoMensaje"];
  return markers.some((name) => name in root) ? "4.4" : "4.3";
}

function resolveVersion(
  tag: RootTag,
  root: XmlNode,
  kind: DocumentKind,
): { version: HaciendaVersion; warnings: string[] } | { errors: string[] } {
  const info = KIND_INFO[kind];
  if (!tag.namespace) {
    const version = inferVersion(root, kind);
    return {
      version,
      warnings: [`El documento no declara el espacio de nombres de Hacienda; se leyó como versión ${version}.`],
    };
  }
  const parsed = parseHaciendaNamespace(tag.namespace);
  if (!parsed) {
    if (/v4\.[0-2]\b/.test(tag.namespace) || /tribunet/i.test(tag.namespace)) {
      return {
        errors: [
          "Los comprobantes de versiones anteriores a la 4.3 ya no son válidos; solo se admiten las versiones 4.3 y 4.4.",
        ],
      };
    }
    return {
      errors: [`El espacio de nombres «${tag.namespace}» no corresponde a un comprobante electrónico de Hacienda.`],
    };
  }
  if (parsed.version !== "4.3" && parsed.version !== "4.4") {
    return { errors: [`La versión ${parsed.version} de los comprobantes electrónicos no se admite; solo 4.3 y 4.4.`] };
  }
  const version: HaciendaVersion = parsed.version;
  if (!info.versions.includes(version)) {
    return { errors: [`${info.rootElement} no existe en la versión ${version} de los comprobantes electrónicos.`] };
  }
  const warnings =
    parsed.name === info.namespaceName
      ? []
      : [`El espacio de nombres «${tag.namespace}» no corresponde al elemento raíz ${info.rootElement}.`];
  return { version, warnings };
}

function parseChecked(xml: unknown): ParseResult {
  if (typeof xml !== "string" || xml.trim() === "") return fail("El archivo está vacío.");
  if (utf8Length(xml) > MAX_XML_BYTES) {
    return fail(`El archivo supera el tamaño máximo permitido de ${MAX_XML_BYTES / (1024 * 1024)} MB.`);
  }
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const security: string[] = [];
  if (/<!DOCTYPE/i.test(text)) {
    security.push(
      "El XML contiene una declaración DOCTYPE; se rechaza por seguridad (los comprobantes de Hacienda no la usan).",
    );
  }
  if (/<!ENTITY/i.test(text)) {
    security.push("El XML declara entidades (<!ENTITY>); se rechaza por seguridad (XXE o expansión de entidades).");
  }
  if (security.length > 0) return fail(...security);

  const validation = XMLValidator.validate(text);
  if (validation !== true) return fail(xmlValidatorMessage(validation.err));

  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    // The parser is stricter than the validator on a few constructs (e.g. unclosed processing instructions).
    return fail(xmlParserMessage(error));
  }
  const rootNames = isNode(parsed) ? Object.keys(parsed) : [];
  if (rootNames.length !== 1 || !isNode((parsed as XmlNode)[rootNames[0]])) {
    return fail("El XML debe tener un único elemento raíz con contenido.");
  }
  const rootName = rootNames[0];
  const root = (parsed as XmlNode)[rootName] as XmlNode;
  const kind = KIND_BY_ROOT.get(rootName);
  if (!kind) {
    if (rootName === "MensajeReceptor") {
      return fail("El archivo es un MensajeReceptor (la respuesta de un receptor), no un comprobante electrónico.");
    }
    return fail(`El elemento raíz «${rootName}» no es un comprobante electrónico de Hacienda reconocido.`);
  }

  const tag = readRootTag(text) ?? { localName: rootName };
  const resolved = resolveVersion(tag, root, kind);
  if ("errors" in resolved) return fail(...resolved.errors);

  const reader = new FieldReader();
  const context = {
    version: resolved.version,
    namespace: tag.namespace ?? "",
    rootElement: rootName,
    signed: "Signature" in root,
  };
  const document: Comprobante =
    kind === "MH" ? readHaciendaMessage(reader, root, context) : readReceipt(reader, root, { ...context, kind });
  if (reader.errors.length > 0) return fail(...reader.errors);

  const warnings = [...resolved.warnings];
  if (document.kind !== "MH") warnings.push(...checkIdentifiers(document), ...checkArithmetic(document));
  return { ok: true, document, warnings };
}

export function parseComprobante(xml: string): ParseResult {
  try {
    return parseChecked(xml);
  } catch {
    // An unexpected failure of a reader: the file is refused in Spanish; nothing English leaks out.
    return fail("No se pudo leer el XML: su estructura no es la de un comprobante electrónico.");
  }
}
