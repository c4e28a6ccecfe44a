/**
 * A parse worker thread: parses the documents its pool sends and answers each by id. Production runs
 * its compiled form (`build/server/parse-worker.js`); from the sources, `parse-worker.mjs` loads it.
 */
import { parentPort } from "node:worker_threads";
import { parseDocument, type ParsedDocument } from "./parse-document.server";

const port = parentPort;
if (!port) throw new Error("parse-worker runs only as a worker thread");

port.on("message", ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  let result: ParsedDocument;
  try {
    result = parseDocument(bytes);
  } catch (error) {
    result = {
      ok: false,
      errors: [`No se pudo leer el XML: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  port.postMessage({ id, result });
});
port.postMessage({ ready: true });
