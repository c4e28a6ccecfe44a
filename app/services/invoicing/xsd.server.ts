/**
 * Validates the documents the app writes against Hacienda's official v4.4 schemas, in process:
 * libxml2's xmllint compiled to WebAssembly (xmllint-wasm), so the server needs no system package.
 * The vendored schemas (packages/hacienda-xsd) are read once; the module runs warm in one worker
 * thread (xmllint-worker.mjs). Why this library: docs/decisions/160.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { KIND_INFO } from "~/domain/hacienda/codes";
import type { InvoiceKind } from "~/domain/invoicing/types";
import { spanishXsdMessages } from "./xsd-messages.server";

export type ValidatedKind = InvoiceKind | "MensajeReceptor";

export type XsdValidation = { ok: true } | { ok: false; errors: string[] };

// Both the sources and the built server run from the project directory, where the schemas and the
// worker ship (the bundle's own location says nothing about them).
const XSD_DIR = path.resolve(process.cwd(), "packages/hacienda-xsd");
const WORKER_FILE = path.resolve(process.cwd(), "app/services/invoicing/xmllint-worker.mjs");
const XMLDSIG_FILE = "xmldsig-core-schema.xsd";
const DOCUMENT_NAME = "documento";
const MAX_ERRORS = 50;

interface InputFile {
  fileName: string;
  contents: string;
}

interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function rootElementOf(kind: ValidatedKind): string {
  return kind === "MensajeReceptor" ? kind : KIND_INFO[kind].rootElement;
}

const schemas = new Map<ValidatedKind, Promise<InputFile[]>>();

/**
 * The schema and the xmldsig schema it imports. In the official layout the import points two
 * folders up; in xmllint's in-memory file system both sit side by side, so only that location changes.
 */
function schemaFiles(kind: ValidatedKind): Promise<InputFile[]> {
  let files = schemas.get(kind);
  if (!files) {
    const fileName = `${rootElementOf(kind)}_V4.4.xsd`;
    files = Promise.all([
      readFile(path.join(XSD_DIR, "schemas", "v4.4", fileName), "utf8"),
      readFile(path.join(XSD_DIR, XMLDSIG_FILE), "utf8"),
    ]).then(([schema, xmldsig]) => [
      {
        fileName,
        contents: schema.replace(
          /schemaLocation="\.\.\/\.\.\/xmldsig-core-schema\.xsd"/g,
          `schemaLocation="${XMLDSIG_FILE}"`,
        ),
      },
      { fileName: XMLDSIG_FILE, contents: xmldsig },
    ]);
    files.catch(() => schemas.delete(kind));
    schemas.set(kind, files);
  }
  return files;
}

interface Pending {
  resolve: (result: RunResult) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  worker = null;
  for (const task of pending.values()) task.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_FILE);
  started.unref();
  started.on("message", (message: { kind: string; id?: number } & Partial<RunResult>) => {
    if (message.kind !== "result" || message.id === undefined) return;
    const task = pending.get(message.id);
    pending.delete(message.id);
    // An idle worker must not keep the process alive (scripts, tests).
    if (pending.size === 0) started.unref();
    task?.resolve({ exitCode: message.exitCode ?? -1, stdout: message.stdout ?? "", stderr: message.stderr ?? "" });
  });
  started.on("error", (error) => failAll(error));
  started.on("exit", (code) => {
    if (worker === started) failAll(new Error(`El validador XSD se detuvo (código ${code}).`));
  });
  return started;
}

function runXmllint(files: InputFile[], args: string[]): Promise<RunResult> {
  worker ??= startWorker();
  const running = worker;
  const id = nextId++;
  return new Promise<RunResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    running.ref();
    running.postMessage({ kind: "validate", id, files, args });
  });
}

interface Request {
  kind: ValidatedKind;
  xml: string;
  resolve: (result: XsdValidation) => void;
  reject: (error: Error) => void;
}

/**
 * Compiling the schema is most of a run (≈ 20 of 25 ms), and xmllint compiles it once for all the
 * files it is given: requests that arrive while a run is under way wait and go together in the next.
 */
const MAX_BATCH = 64;
const waiting: Request[] = [];
let running = false;

function capped(errors: string[]): string[] {
  if (errors.length <= MAX_ERRORS) return errors;
  return [...errors.slice(0, MAX_ERRORS), `… y ${errors.length - MAX_ERRORS} errores más.`];
}

async function runBatch(kind: ValidatedKind, batch: Request[]): Promise<void> {
  try {
    const [schema, xmldsig] = await schemaFiles(kind);
    const names = batch.map((_, index) => `${DOCUMENT_NAME}-${index + 1}.xml`);
    const { exitCode, stderr } = await runXmllint(
      [schema, xmldsig, ...batch.map((request, index) => ({ fileName: names[index], contents: request.xml }))],
      ["--nonet", "--noout", "--schema", schema.fileName, ...names],
    );
    // 0: all valid; 1 and 4: a document could not be parsed; 3: one does not follow the schema.
    // Anything else (5: the schema did not compile) is a fault of ours, not of the documents.
    if (![0, 1, 3, 4].includes(exitCode)) {
      throw new Error(`El validador XSD falló (código ${exitCode}): ${stderr.trim()}`);
    }
    const lines = new Set(stderr.split("\n"));
    batch.forEach((request, index) => {
      if (lines.has(`${names[index]} validates`)) return request.resolve({ ok: true });
      const errors = spanishXsdMessages(stderr, names[index]);
      if (errors.length === 0) {
        return request.reject(new Error(`El validador XSD no dio razones para ${names[index]}: ${stderr.trim()}`));
      }
      request.resolve({ ok: false, errors: capped(errors) });
    });
  } catch (error) {
    for (const request of batch) request.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function dispatch(): void {
  if (running || waiting.length === 0) return;
  const kind = waiting[0].kind;
  const batch: Request[] = [];
  for (let index = 0; index < waiting.length && batch.length < MAX_BATCH;) {
    if (waiting[index].kind === kind) batch.push(...waiting.splice(index, 1));
    else index++;
  }
  running = true;
  void runBatch(kind, batch).finally(() => {
    running = false;
    dispatch();
  });
}

/** Validates one document against its v4.4 schema; Spanish errors with the line they refer to. */
export function validateInvoiceXml(xml: string, kind: ValidatedKind): Promise<XsdValidation> {
  return new Promise((resolve, reject) => {
    waiting.push({ kind, xml, resolve, reject });
    dispatch();
  });
}

/** Ends the worker thread (tests, shutdown); the next validation starts a new one. */
export async function stopXsdValidator(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await running.terminate();
}
