/**
 * Validates the documents the app writes against Hacienda's official v4.4 schemas, in process:
 * libxml2 compiled to WebAssembly (libxml2-wasm), so the server needs no system package. Each
 * schema is read and compiled once per process; a document is then validated in well under a
 * millisecond (decision 173, which replaced a per-run xmllint for that reason).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlParseError,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
  type ErrorDetail,
} from "libxml2-wasm";
import { KIND_INFO } from "~/domain/hacienda/codes";
import type { InvoiceKind } from "~/domain/invoicing/types";
import { spanishXsdMessage } from "./xsd-messages.server";
import { countLabel } from "~/domain/text";

export type ValidatedKind = InvoiceKind | "MensajeReceptor";

export type XsdValidation = { ok: true } | { ok: false; errors: string[] };

// Both the sources and the built server run from the project directory, where the schemas ship (the
// bundle's own location says nothing about them).
const XSD_DIR = path.resolve(process.cwd(), "packages/hacienda-xsd");
const XMLDSIG_FILE = "xmldsig-core-schema.xsd";
/** Where the schemas live for libxml2: an in-memory location no file or network name can match. */
const SCHEMA_BASE = "contabilidad-xsd:/";
/** The name errors are reported under (the messages' own parser keys on it). */
const DOCUMENT_NAME = "documento.xml";
const MAX_ERRORS = 50;

function rootElementOf(kind: ValidatedKind): string {
  return kind === "MensajeReceptor" ? kind : KIND_INFO[kind].rootElement;
}

let provider: XmlBufferInputProvider | null = null;

/** The xmldsig schema the v4.4 schemas import, served to libxml2 from memory. */
function registerImports(): void {
  if (provider) return;
  provider = new XmlBufferInputProvider({
    [`${SCHEMA_BASE}${XMLDSIG_FILE}`]: readFileSync(path.join(XSD_DIR, XMLDSIG_FILE)),
  });
  xmlRegisterInputProvider(provider);
}

const validators = new Map<ValidatedKind, XsdValidator>();

/**
 * The compiled schema. In the official layout the xmldsig import points two folders up; here both sit
 * side by side, so only that location changes.
 */
function validatorFor(kind: ValidatedKind): XsdValidator {
  let validator = validators.get(kind);
  if (!validator) {
    registerImports();
    const fileName = `${rootElementOf(kind)}_V4.4.xsd`;
    const schema = readFileSync(path.join(XSD_DIR, "schemas", "v4.4", fileName), "utf8").replace(
      /schemaLocation="\.\.\/\.\.\/xmldsig-core-schema\.xsd"/g,
      `schemaLocation="${XMLDSIG_FILE}"`,
    );
    const document = XmlDocument.fromString(schema, { url: `${SCHEMA_BASE}${fileName}` });
    try {
      validator = XsdValidator.fromDoc(document);
    } finally {
      document.dispose();
    }
    validators.set(kind, validator);
  }
  return validator;
}

function capped(errors: string[]): string[] {
  if (errors.length <= MAX_ERRORS) return errors;
  return [...errors.slice(0, MAX_ERRORS), `… y ${countLabel(errors.length - MAX_ERRORS, "error", "errores")} más.`];
}

/** libxml2's diagnostics as xmllint prints them, then in Spanish with their line. */
function spanish(details: ErrorDetail[], kind: "Schemas validity error" | "parser error"): string[] {
  return details
    .filter((detail) => detail.level >= 2)
    .map((detail) =>
      spanishXsdMessage(`${DOCUMENT_NAME}:${detail.line}: ${kind} : ${detail.message.trim()}`, DOCUMENT_NAME),
    )
    .filter((message): message is string => message !== null);
}

/** Validates one document against its v4.4 schema; Spanish errors with the line they refer to. */
export async function validateInvoiceXml(xml: string, kind: ValidatedKind): Promise<XsdValidation> {
  const validator = validatorFor(kind);
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(xml, { url: DOCUMENT_NAME });
  } catch (error) {
    if (error instanceof XmlParseError) return { ok: false, errors: capped(spanish(error.details, "parser error")) };
    throw error;
  }
  try {
    validator.validate(document);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    const errors = spanish(error.details, "Schemas validity error");
    if (errors.length === 0) throw new Error(`El validador XSD no dio razones: ${error.message}`);
    return { ok: false, errors: capped(errors) };
  } finally {
    document.dispose();
  }
}

/** Releases the compiled schemas (tests, shutdown); the next validation compiles them again. */
export async function stopXsdValidator(): Promise<void> {
  for (const validator of validators.values()) validator.dispose();
  validators.clear();
}
