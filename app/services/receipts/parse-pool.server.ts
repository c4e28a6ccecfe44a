/**
 * Parsing uploaded XML off the request thread: a pool of worker threads, one per spare core (at
 * least one, at most four). Parsing a 1 MB document takes about 0.4 s of CPU; on the request thread
 * a hostile ZIP of such documents stopped every other request for minutes (issue 16).
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { parseDocument, type ParsedDocument } from "./parse-document.server";

// Bundled into the Remix build, this module starts the compiled worker of `npm run build`; run from
// its TypeScript source (tests, tools), the source worker. Both from the project directory.
const WORKER_FILE = import.meta.url.endsWith(".ts")
  ? path.resolve(process.cwd(), "app/services/receipts/parse-worker.mjs")
  : path.resolve(process.cwd(), "build/server/parse-worker.js");
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));

interface Task {
  id: number;
  bytes: Uint8Array;
  resolve: (result: ParsedDocument) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  loaded: boolean;
  task: Task | null;
}

let nextId = 0;
const queue: Task[] = [];
const slots: Slot[] = [];
/** Set when a worker could not even load: parsing then stays on this thread rather than failing. */
let unavailable = false;

function startSlot(): Slot {
  const worker = new Worker(WORKER_FILE);
  const slot: Slot = { worker, loaded: false, task: null };
  worker.unref();
  worker.on("message", (message: { ready?: true; id?: number; result?: ParsedDocument }) => {
    if (message.ready) {
      slot.loaded = true;
      return;
    }
    const task = slot.task;
    slot.task = null;
    worker.unref();
    if (task && message.result) task.resolve(message.result);
    dispatch();
  });
  const replace = (error: Error) => {
    if (!slot.loaded) unavailable = true;
    const task = slot.task;
    slot.task = null;
    slots.splice(slots.indexOf(slot), 1);
    task?.reject(error);
    dispatch();
  };
  worker.on("error", replace);
  worker.on("exit", (code) => {
    if (slots.includes(slot)) replace(new Error(`parse worker exited with code ${code}`));
  });
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length > 0) {
    if (unavailable) {
      for (const task of queue.splice(0)) task.reject(new Error("parse workers unavailable"));
      return;
    }
    let slot = slots.find((candidate) => candidate.task === null);
    if (!slot && slots.length < POOL_SIZE) slot = startSlot();
    if (!slot) return;
    const task = queue.shift()!;
    slot.task = task;
    // A busy worker keeps the process alive (scripts awaiting an import); an idle one does not.
    slot.worker.ref();
    slot.worker.postMessage({ id: task.id, bytes: task.bytes });
  }
}

/** Parses in a worker thread; the caller's bytes are copied, not moved. */
export function parseInWorker(bytes: Uint8Array): Promise<ParsedDocument> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, bytes, resolve, reject });
    dispatch();
  });
}

/**
 * The worker's answer; if the worker itself failed (crashed, could not load), the same parse on this
 * thread, so an import never fails for the pool's sake.
 */
export async function parseOffThread(bytes: Uint8Array): Promise<ParsedDocument> {
  if (unavailable) return parseDocument(bytes);
  try {
    return await parseInWorker(bytes);
  } catch (error) {
    console.error(
      `[receipts] parse worker failed, parsing in process: ${error instanceof Error ? error.message : error}`,
    );
    return parseDocument(bytes);
  }
}

export async function stopParseWorkers(): Promise<void> {
  const running = slots.splice(0);
  await Promise.all(running.map((slot) => slot.worker.terminate()));
}
