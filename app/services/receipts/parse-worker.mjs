// A parse worker. Plain JavaScript so that Node loads it as is, both beside the sources (dev, tests)
// and from the bundled server build; it registers tsx to load the TypeScript parser itself.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { parseDocument } = await import("./parse-document.server.ts");

parentPort.on("message", ({ id, bytes }) => {
  let result;
  try {
    result = parseDocument(bytes);
  } catch (error) {
    result = {
      ok: false,
      errors: [`No se pudo leer el XML: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  parentPort.postMessage({ id, result });
});
parentPort.postMessage({ ready: true });
