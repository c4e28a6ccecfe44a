import { canonicalKey, compareValues, type Doc, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError, writeConflict } from "../errors";
import { collectPathValues } from "../query/paths";
import { type Collection, idKeyOf } from "../storage/collection";
import type { Change, Engine } from "../storage/engine";
import { ensureId } from "../update/apply-update";
import { applyStages, type PipelineContext } from "./pipeline";

/** `$out` and `$merge`: the last stage of a pipeline, writing its results to a collection. */
export const WRITE_STAGES = new Set(["$out", "$merge"]);

interface Target {
  db: string;
  coll: string;
}

function targetOf(stage: string, spec: unknown, db: string): Target {
  if (typeof spec === "string") return { db, coll: spec };
  if (isPlainObject(spec) && typeof spec.coll === "string")
    return { db: typeof spec.db === "string" ? spec.db : db, coll: spec.coll };
  throw new ServerError(ErrorCode.FailedToParse, `${stage} requires a collection name or {db, coll}`);
}

function assertUnlocked(engine: Engine, collection: Collection, id: string): void {
  if (engine.lockedBy(collection, id)) throw writeConflict();
}

/**
 * `$out`: the target's documents become the results, all at once (a duplicate `_id` or unique key
 * leaves the target as it was); the target's indexes and options are kept.
 */
export function writeOut(engine: Engine, db: string, spec: unknown, results: Doc[]): void {
  const target = targetOf("$out", spec, db);
  const collection = engine.ensureCollection(target.db, target.coll);
  const changes: Change[] = [];
  const seen = new Set<string>();
  for (const id of collection.records.keys()) {
    assertUnlocked(engine, collection, id);
    changes.push({ collection, id, doc: null });
  }
  for (const raw of results) {
    const doc = ensureId(raw);
    const id = idKeyOf(doc._id);
    if (seen.has(id)) throw collection.indexes.get("_id_")!.duplicateKeyError([doc._id]);
    seen.add(id);
    changes.push({ collection, id, doc });
  }
  engine.commit(changes);
}

/** `$merge`: each result is matched on `on` fields and merged, replaced, kept, inserted or refused. */
export function writeMerge(context: PipelineContext, engine: Engine, db: string, spec: unknown, results: Doc[]): void {
  const options: Doc =
    typeof spec === "string" || (isPlainObject(spec) && !("into" in spec)) ? { into: spec } : (spec as Doc);
  if (!isPlainObject(options)) throw new ServerError(ErrorCode.FailedToParse, "$merge requires an object");
  const target = targetOf("$merge", options.into, db);
  const on: string[] =
    options.on === undefined ? ["_id"] : Array.isArray(options.on) ? options.on.map(String) : [String(options.on)];
  const whenMatched = options.whenMatched ?? "merge";
  const whenNotMatched = options.whenNotMatched ?? "insert";
  const collection = engine.ensureCollection(target.db, target.coll);
  for (const raw of results) {
    const keyValues = on.map((field) => collectPathValues(raw, field)[0]);
    if (keyValues.some((value) => value === undefined || Array.isArray(value)))
      throw new ServerError(51132, "$merge write error: 'on' field cannot be missing, null, undefined or an array");
    let existing: { id: string; doc: Doc } | undefined;
    for (const [id, record] of collection.records) {
      if (on.every((field, i) => compareValues(collectPathValues(record.doc, field)[0], keyValues[i]) === 0)) {
        existing = { id, doc: record.doc };
        break;
      }
    }
    if (!existing) {
      if (whenNotMatched === "discard") continue;
      if (whenNotMatched === "fail")
        throw new ServerError(
          13113,
          "$merge could not find a matching document in the target collection for at least one document in the source collection",
        );
      const doc = ensureId(raw);
      engine.commit([{ collection, id: idKeyOf(doc._id), doc, insertOnly: true }]);
      continue;
    }
    assertUnlocked(engine, collection, existing.id);
    let merged: Doc;
    if (whenMatched === "keepExisting") continue;
    if (whenMatched === "fail") {
      const keyValue = Object.fromEntries(on.map((field, i) => [field, keyValues[i]]));
      throw new ServerError(
        ErrorCode.DuplicateKey,
        `E11000 duplicate key error collection: ${collection.ns} index: ${on.map((f) => `${f}_1`).join("_")} dup key: ${canonicalKey(keyValue)}`,
        { extra: { keyPattern: Object.fromEntries(on.map((field) => [field, 1])), keyValue } },
      );
    }
    if (whenMatched === "replace") merged = { ...raw, _id: existing.doc._id };
    else if (whenMatched === "merge") merged = { ...existing.doc, ...raw, _id: existing.doc._id };
    else if (Array.isArray(whenMatched)) {
      const variables: Doc = { ...(context.variables ?? {}), new: raw };
      if (isPlainObject(options.let)) for (const [name, value] of Object.entries(options.let)) variables[name] = value;
      const [result] = applyStages({ ...context, variables }, [existing.doc], whenMatched as Doc[]);
      merged = { ...result, _id: existing.doc._id };
    } else throw new ServerError(ErrorCode.FailedToParse, `unknown $merge whenMatched mode: ${String(whenMatched)}`);
    engine.commit([{ collection, id: existing.id, doc: merged }]);
  }
}
