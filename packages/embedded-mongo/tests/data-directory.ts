import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { Store } from "../src/persist/store";
import { Engine } from "../src/storage/engine";

/** A maker of temporary data directories for a test file; each is removed after its test. */
export function temporaryDirectories(prefix: string): () => string {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });
  return () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    directories.push(directory);
    return directory;
  };
}

/** Runs `work` on an engine with `directory` open as its data directory, closed afterwards whatever happens. */
export async function withDataDirectory<T>(directory: string, work: (engine: Engine) => T | Promise<T>): Promise<T> {
  const engine = new Engine();
  const store = await Store.open(directory, engine, {});
  try {
    return await work(engine);
  } finally {
    await store.close();
  }
}
