import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { UUID } from "bson";
import type { Doc } from "../bson/values";
import { type Collection, idKeyOf } from "../storage/collection";
import type { Engine } from "../storage/engine";
import { decodeFrames, encodeFrame, serializeDocument } from "./frames";

const open = promisify(fs.open);
const write = promisify(fs.write);
const fsync = promisify(fs.fsync);
const close = promisify(fs.close);
const rename = promisify(fs.rename);

/**
 * The snapshot of the earlier data directory format (before documents moved to LMDB): read once to
 * bring such a directory over; the writer stays for exporting an in-memory engine and for tests.
 */
export const SNAPSHOT_NAME = "snapshot.bson";
const DOCS_PER_FRAME = 500;
const WRITE_CHUNK = 4 * 1024 * 1024;

/** What a snapshot holds, captured synchronously (documents are immutable, so references suffice). */
export interface CapturedState {
  ts: number;
  collections: Array<{ ns: string; options: Doc; uuid: UUID; indexes: Doc[]; docs: Doc[] }>;
}

export function captureState(engine: Engine): CapturedState {
  const collections: CapturedState["collections"] = [];
  for (const database of engine.databases.values()) {
    for (const collection of database.values()) {
      const docs: Doc[] = new Array(collection.records.size);
      let i = 0;
      for (const record of collection.records.values()) docs[i++] = record.doc;
      collections.push({
        ns: collection.ns,
        options: collection.options,
        uuid: collection.uuid,
        indexes: collection.indexSpecs(),
        docs,
      });
    }
  }
  return { ts: engine.clock, collections };
}

export function syncDirectory(directory: string): void {
  const fd = fs.openSync(directory, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes the snapshot to a temporary file, syncs it, then renames it into place atomically. */
export async function writeSnapshot(directory: string, state: CapturedState): Promise<void> {
  const temporary = path.join(directory, `${SNAPSHOT_NAME}.tmp`);
  const fd = await open(temporary, "w", 0o600);
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  const flush = async () => {
    if (bufferedBytes === 0) return;
    const data = Buffer.concat(buffered);
    buffered = [];
    bufferedBytes = 0;
    let offset = 0;
    while (offset < data.length) {
      const { bytesWritten } = await write(fd, data, offset, data.length - offset, null);
      offset += bytesWritten;
    }
  };
  const push = async (frame: Buffer) => {
    buffered.push(frame);
    bufferedBytes += frame.length;
    if (bufferedBytes >= WRITE_CHUNK) await flush();
  };
  try {
    const header = {
      format: 1,
      ts: state.ts,
      collections: state.collections.map(({ ns, options, uuid, indexes }) => ({ ns, options, uuid, indexes })),
    };
    await push(encodeFrame([serializeDocument(header)]));
    let count = 0;
    for (let c = 0; c < state.collections.length; c++) {
      const docs = state.collections[c].docs;
      for (let start = 0; start < docs.length; start += DOCS_PER_FRAME) {
        const slice = docs.slice(start, start + DOCS_PER_FRAME);
        const documents = [serializeDocument({ c, n: slice.length }), ...slice.map(serializeDocument)];
        await push(encodeFrame(documents));
        count += slice.length;
      }
    }
    await push(encodeFrame([serializeDocument({ end: true, count })]));
    await flush();
    await fsync(fd);
  } finally {
    await close(fd);
  }
  await rename(temporary, path.join(directory, SNAPSHOT_NAME));
  syncDirectory(directory);
}

/** Loads the snapshot into the engine; returns the commit time it covers (0 without a snapshot). */
export function loadSnapshot(directory: string, engine: Engine): number {
  const file = path.join(directory, SNAPSHOT_NAME);
  if (!fs.existsSync(file)) return 0;
  const { frames } = decodeFrames(fs.readFileSync(file));
  const header = frames[0]?.[0];
  const footer = frames[frames.length - 1]?.[0];
  if (!header || header.format !== 1 || !footer || footer.end !== true) {
    throw new Error(`The snapshot ${file} is incomplete or damaged; move it away to start from the journal alone.`);
  }
  const collections: Collection[] = (header.collections as Doc[]).map((meta) => {
    const ns = meta.ns as string;
    const dot = ns.indexOf(".");
    const collection = engine.newCollection(
      ns.slice(0, dot),
      ns.slice(dot + 1),
      meta.options as Doc,
      meta.uuid as UUID,
    );
    for (const spec of meta.indexes as Doc[]) {
      if (spec.name !== "_id_") collection.indexes.set(spec.name as string, collection.buildIndex(spec));
    }
    engine.attach(collection);
    return collection;
  });
  const ts = header.ts as number;
  for (let f = 1; f < frames.length - 1; f++) {
    const [info, ...docs] = frames[f];
    const collection = collections[info.c as number];
    for (const doc of docs) collection.records.set(idKeyOf(doc._id), { doc, ts });
  }
  for (const collection of collections) collection.rebuildIndexes();
  return ts;
}
