import { canonicalKey, type Doc, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import { ID_INDEX_NAME } from "../storage/index-instance";
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE, MAX_WRITE_BATCH_SIZE } from "../wire/protocol";
import { type CommandContext, type CommandResult, collectionName, existingCollection, namespace } from "./context";
import { replicaSetFields } from "./replication";
import { sessionKeyOf } from "./sessions";

export const SERVER_VERSION = "7.0.0-embedded";

export function helloReply(context: CommandContext): Doc {
  return {
    helloOk: true,
    ismaster: true,
    isWritablePrimary: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: context.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ...replicaSetFields(context.state),
    ok: 1,
  };
}

export function buildInfoReply(): Doc {
  return {
    version: SERVER_VERSION,
    gitVersion: "embedded",
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    storageEngines: ["embedded"],
    javascriptEngine: "none",
    modules: [],
    embedded: true,
    ok: 1,
  };
}

export function createCommand(context: CommandContext): CommandResult {
  const name = collectionName(context);
  const options: Doc = {};
  for (const [key, value] of Object.entries(context.body)) {
    if (
      key === "create" ||
      key.startsWith("$") ||
      [
        "lsid",
        "txnNumber",
        "writeConcern",
        "autocommit",
        "startTransaction",
        "comment",
        "apiVersion",
        "apiStrict",
        "apiDeprecationErrors",
      ].includes(key)
    ) {
      continue;
    }
    options[key] = value;
  }
  if (options.capped === true)
    throw new ServerError(ErrorCode.CommandNotSupported, "capped collections are not supported by the embedded server");
  if (options.viewOn !== undefined)
    throw new ServerError(ErrorCode.CommandNotSupported, "views are not supported by the embedded server");
  assertSupportedValidator(options.validator);
  context.state.engine.createCollection(context.db, name, options, context.transaction);
  return { ok: 1 };
}

export function dropCommand(context: CommandContext): CommandResult {
  const name = collectionName(context);
  const dropped = context.state.engine.dropCollection(context.db, name);
  if (!dropped) return { ok: 1 };
  return { nIndexesWas: dropped.indexes.size, ns: dropped.ns, ok: 1 };
}

export function dropDatabaseCommand(context: CommandContext): CommandResult {
  context.state.engine.dropDatabase(context.db);
  return { dropped: context.db, ok: 1 };
}

export function createIndexesCommand(context: CommandContext): CommandResult {
  const specs = context.body.indexes;
  if (!Array.isArray(specs) || specs.length === 0)
    throw new ServerError(ErrorCode.BadValue, "Must specify at least one index to create");
  const engine = context.state.engine;
  const name = collectionName(context);
  const existed = engine.collection(context.db, name, context.transaction) !== undefined;
  const collection = engine.ensureCollection(context.db, name, context.transaction);
  const before = collection.indexes.size;
  const created = engine.createIndexes(collection, specs);
  const reply: Doc = {
    numIndexesBefore: before,
    numIndexesAfter: collection.indexes.size,
    createdCollectionAutomatically: !existed,
  };
  if (created === 0) reply.note = "all indexes already exist";
  reply.ok = 1;
  return reply;
}

export function dropIndexesCommand(context: CommandContext): CommandResult {
  const collection = existingCollection(context);
  if (!collection)
    throw new ServerError(ErrorCode.NamespaceNotFound, `ns not found ${namespace(context, collectionName(context))}`);
  const engine = context.state.engine;
  const before = collection.indexes.size;
  const target = context.body.index;
  if (target === "*") {
    for (const name of [...collection.indexes.keys()]) if (name !== ID_INDEX_NAME) engine.dropIndex(collection, name);
  } else if (typeof target === "string") {
    engine.dropIndex(collection, target);
  } else if (Array.isArray(target)) {
    for (const name of target) engine.dropIndex(collection, String(name));
  } else if (isPlainObject(target)) {
    const match = [...collection.indexes.values()].find(
      (index) => canonicalKey(index.spec.key) === canonicalKey(target),
    );
    if (!match) throw new ServerError(ErrorCode.IndexNotFound, `can't find index with key: ${JSON.stringify(target)}`);
    engine.dropIndex(collection, match.name);
  } else {
    throw new ServerError(ErrorCode.TypeMismatch, "dropIndexes 'index' must be a string, an array or an object");
  }
  return { nIndexesWas: before, ok: 1 };
}

export function collModCommand(context: CommandContext): CommandResult {
  const collection = existingCollection(context);
  if (!collection)
    throw new ServerError(
      ErrorCode.NamespaceNotFound,
      `ns does not exist: ${namespace(context, collectionName(context))}`,
    );
  const change = context.body.index;
  if (isPlainObject(change)) {
    const index = [...collection.indexes.values()].find(
      (candidate) =>
        candidate.name === change.name ||
        (isPlainObject(change.keyPattern) && canonicalKey(candidate.spec.key) === canonicalKey(change.keyPattern)),
    );
    if (!index) throw new ServerError(ErrorCode.IndexNotFound, "cannot find index for collMod");
    const spec: Doc = { ...index.spec };
    const reply: Doc = {};
    if (change.expireAfterSeconds !== undefined) {
      reply.expireAfterSeconds_old = spec.expireAfterSeconds;
      spec.expireAfterSeconds = change.expireAfterSeconds;
      reply.expireAfterSeconds_new = change.expireAfterSeconds;
    }
    if (change.hidden !== undefined) spec.hidden = change.hidden === true;
    const engine = context.state.engine;
    engine.dropIndex(collection, index.name);
    engine.createIndexes(collection, [spec]);
    return { ...reply, ok: 1 };
  }
  const changes: Doc = {};
  for (const field of ["validator", "validationLevel", "validationAction"]) {
    if (context.body[field] !== undefined) changes[field] = context.body[field];
  }
  if (Object.keys(changes).length > 0) {
    assertSupportedValidator(changes.validator);
    context.state.engine.setOptions(collection, { ...collection.options, ...changes });
  }
  return { ok: 1 };
}

function assertSupportedValidator(validator: unknown): void {
  if (validator === undefined) return;
  if (!isPlainObject(validator)) throw new ServerError(ErrorCode.TypeMismatch, "'validator' must be an object");
  if (validator.$jsonSchema !== undefined)
    throw new ServerError(
      ErrorCode.CommandNotSupported,
      "$jsonSchema validators are not supported by the embedded server",
    );
}

export function renameCollectionCommand(context: CommandContext): CommandResult {
  const from = context.body.renameCollection;
  const to = context.body.to;
  if (typeof from !== "string" || typeof to !== "string")
    throw new ServerError(ErrorCode.TypeMismatch, "renameCollection and to must be strings");
  context.state.engine.renameCollection(from, to, context.body.dropTarget === true);
  return { ok: 1 };
}

export function endSessionsCommand(context: CommandContext): CommandResult {
  const list = context.body[context.name];
  const keys: string[] = [];
  if (Array.isArray(list)) {
    for (const lsid of list) {
      const key = sessionKeyOf({ lsid });
      if (key) {
        keys.push(key);
        context.state.cursors.killForSession(key);
      }
    }
  }
  context.state.sessions.end(keys);
  return { ok: 1 };
}

export async function commitTransactionCommand(context: CommandContext): Promise<CommandResult> {
  const transaction = context.transaction;
  if (!transaction)
    throw new ServerError(ErrorCode.InvalidOptions, "commitTransaction must be run within a transaction");
  if (transaction.state === "active") context.state.engine.commitTransaction(transaction);
  await context.state.engine.durable();
  return { ok: 1 };
}

export function abortTransactionCommand(context: CommandContext): CommandResult {
  const transaction = context.transaction;
  if (!transaction)
    throw new ServerError(ErrorCode.InvalidOptions, "abortTransaction must be run within a transaction");
  context.state.engine.abortTransaction(transaction);
  return { ok: 1 };
}

export function serverStatusReply(context: CommandContext): Doc {
  const uptime = (Date.now() - context.state.startedAt.getTime()) / 1000;
  return {
    host: context.state.address,
    version: SERVER_VERSION,
    process: "embedded-mongo",
    pid: BigInt(process.pid),
    uptime,
    uptimeMillis: BigInt(Math.round(uptime * 1000)),
    localTime: new Date(),
    connections: { current: 0, available: 1000 },
    metrics: { cursor: { open: { total: context.state.cursors.size } } },
    transactions: { currentActive: context.state.engine.transactions.size },
    ...(context.state.engine.storage ? { embeddedStorage: context.state.engine.storage.stats() } : {}),
    ok: 1,
  };
}

export function dbStatsReply(context: CommandContext): Doc {
  const collections = context.state.engine.listCollections(context.db);
  const objects = collections.reduce((total, collection) => total + collection.records.size, 0);
  const indexes = collections.reduce((total, collection) => total + collection.indexes.size, 0);
  return {
    db: context.db,
    collections: collections.length,
    views: 0,
    objects,
    avgObjSize: 0,
    dataSize: 0,
    storageSize: 0,
    indexes,
    indexSize: 0,
    totalSize: 0,
    scaleFactor: 1,
    ok: 1,
  };
}

export function collStatsReply(context: CommandContext): Doc {
  const collection = existingCollection(context);
  if (!collection)
    throw new ServerError(ErrorCode.NamespaceNotFound, `ns not found ${namespace(context, collectionName(context))}`);
  return {
    ns: collection.ns,
    count: collection.records.size,
    size: 0,
    storageSize: 0,
    nindexes: collection.indexes.size,
    ok: 1,
  };
}
