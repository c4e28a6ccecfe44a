import { BSON } from "bson";
import type { Doc } from "../bson/values";

/**
 * A committed document's BSON, serialized once for the data file and the journal alike: the data file's
 * write keeps the bytes here until the journal record of the same commit takes them. Stored documents
 * are never changed in place, so the bytes stay right; bytes nobody takes go with their document.
 */
const pending = new WeakMap<Doc, Uint8Array>();

function serialize(doc: Doc): Uint8Array {
  return BSON.serialize(doc, { ignoreUndefined: true });
}

/** The document's BSON, kept for the journal. */
export function serializeStored(doc: Doc): Uint8Array {
  const bytes = serialize(doc);
  pending.set(doc, bytes);
  return bytes;
}

/** The document's BSON as the data file's write made it, else made now. */
export function takeSerialized(doc: Doc): Uint8Array {
  const bytes = pending.get(doc);
  if (!bytes) return serialize(doc);
  pending.delete(doc);
  return bytes;
}
