// XSD validation worker: libxml2's xmllint compiled to WebAssembly (xmllint-wasm), kept warm. The
// package starts a new thread and compiles its 780 KB module for every document (~200 ms); here
// the module is compiled once and each request only instantiates it. Plain JavaScript so that Node
// loads it as is beside the sources and from the bundled server build.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
const xmllint = require("xmllint-wasm/xmllint-node.js");
const compiled = new WebAssembly.Module(readFileSync(require.resolve("xmllint-wasm/xmllint.wasm")));

// 16 MiB initial, 256 MiB at most (an invoice of 1000 lines needs far less).
const INITIAL_PAGES = 256;
const MAXIMUM_PAGES = 4096;

function run({ files, args }) {
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let settled = false;
    const finish = (exitCode) => {
      if (settled) return;
      settled = true;
      resolve({ exitCode, stdout, stderr });
    };
    xmllint({
      inputFiles: files,
      arguments: args,
      print: (text) => (stdout += `${text}\n`),
      printErr: (text) => (stderr += `${text}\n`),
      onExit: finish,
      onAbort: (reason) => {
        stderr += `WASM Abort: ${reason}\n`;
        finish(-1);
      },
      wasmMemory: new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES }),
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
        return {};
      },
    }).catch((error) => {
      stderr += `${error instanceof Error ? error.message : String(error)}\n`;
      finish(-1);
    });
  });
}

// One document at a time: each run takes its own 16 MiB of WebAssembly memory, and a burst of
// requests started together would hold all of it at once.
let queue = Promise.resolve();
parentPort.on("message", (message) => {
  if (!message || message.kind !== "validate") return;
  queue = queue.then(async () => {
    const result = await run(message);
    parentPort.postMessage({ kind: "result", id: message.id, ...result });
  });
});
parentPort.postMessage({ kind: "ready" });
