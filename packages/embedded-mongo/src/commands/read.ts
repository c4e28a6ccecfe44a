import { applyStages, type PipelineContext, runPipeline } from "../aggregate/pipeline";
import { WRITE_STAGES, writeMerge, writeOut } from "../aggregate/write-stages";
import { canonicalKey, type Doc, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import { collatedCompare, parseCollation } from "../query/collation";
import { compileFilter } from "../query/matcher";
import { collectPathValues } from "../query/paths";
import { compileProjection } from "../query/projection";
import { parseSort } from "../query/sort";
import { findMatches, type Match } from "../storage/read-view";
import {
  type CommandContext,
  type CommandResult,
  collectionName,
  existingCollection,
  namespace,
  optionalCount,
  optionalObject,
  letVariables,
} from "./context";

function cursorOptions(context: CommandContext): { batchSize?: number } {
  const cursor = optionalObject(context, "cursor");
  return { batchSize: cursor ? optionalCount(context, "batchSize", cursor) : undefined };
}

export function findCommand(context: CommandContext): CommandResult {
  const name = collectionName(context);
  const filter = optionalObject(context, "filter");
  const sort = parseSort(optionalObject(context, "sort"));
  const variables = letVariables(context);
  const projection = compileProjection(optionalObject(context, "projection"), { forFind: true, variables });
  let limit = optionalCount(context, "limit") ?? 0;
  const skip = optionalCount(context, "skip") ?? 0;
  let singleBatch = context.body.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  if (skip < 0) throw new ServerError(ErrorCode.BadValue, "skip value must be non-negative");
  const batchSize = optionalCount(context, "batchSize");
  if (batchSize !== undefined && batchSize < 0)
    throw new ServerError(ErrorCode.BadValue, "batchSize value must be non-negative");
  const collation = parseCollation(context.body.collation);
  const matches = findMatches(context.view, existingCollection(context), {
    filter,
    matcher: compileFilter(filter, { variables, collation }),
    sort,
    skip,
    limit,
    collation,
    wantDetails: projection !== null,
  });
  return context.state.cursors.open({
    ns: namespace(context, name),
    items: matches,
    toDocument: projection
      ? (item) => projection.apply((item as Match).doc, (item as Match).details)
      : (item) => (item as Match).doc,
    batchSize: batchSize ?? (limit > 0 ? Math.min(limit, 101) : undefined),
    singleBatch,
    sessionKey: context.sessionKey,
  });
}

export function getMoreCommand(context: CommandContext): CommandResult {
  const raw = context.body.getMore;
  const id = typeof raw === "bigint" ? raw : typeof raw === "number" ? BigInt(raw) : null;
  if (id === null) throw new ServerError(ErrorCode.TypeMismatch, "getMore cursor id must be a long");
  const collection = context.body.collection;
  if (typeof collection !== "string")
    throw new ServerError(ErrorCode.TypeMismatch, "getMore collection must be a string");
  return context.state.cursors.getMore(id, namespace(context, collection), optionalCount(context, "batchSize"));
}

export function killCursorsCommand(context: CommandContext): CommandResult {
  const ids = context.body.cursors;
  if (!Array.isArray(ids)) throw new ServerError(ErrorCode.FailedToParse, "killCursors requires a 'cursors' array");
  const { killed, notFound } = context.state.cursors.kill(ids.map((id) => BigInt(id as number | bigint)));
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
}

export function countCommand(context: CommandContext): CommandResult {
  if (context.transaction)
    throw new ServerError(
      ErrorCode.OperationNotSupportedInTransaction,
      "Cannot run 'count' in a multi-document transaction. Please see http://dochub.mongodb.org/core/transaction-count for a recommended alternative.",
    );
  const filter = optionalObject(context, "query");
  const collection = existingCollection(context);
  const skip = optionalCount(context, "skip") ?? 0;
  const limit = Math.abs(optionalCount(context, "limit") ?? 0);
  if (!filter || Object.keys(filter).length === 0) {
    if (!collection) return { n: 0, ok: 1 };
    if (!context.transaction) {
      let n = Math.max(0, collection.records.size - skip);
      if (limit > 0) n = Math.min(n, limit);
      return { n, ok: 1 };
    }
  }
  const collation = parseCollation(context.body.collation);
  const matches = findMatches(context.view, collection, {
    filter,
    matcher: compileFilter(filter, { collation }),
    sort: [],
    skip,
    limit,
    collation,
  });
  return { n: matches.length, ok: 1 };
}

export function distinctCommand(context: CommandContext): CommandResult {
  const key = context.body.key;
  if (typeof key !== "string") throw new ServerError(ErrorCode.TypeMismatch, "distinct key must be a string");
  const filter = optionalObject(context, "query");
  const collation = parseCollation(context.body.collation);
  const matches = findMatches(context.view, existingCollection(context), {
    filter,
    matcher: compileFilter(filter, { collation }),
    sort: [],
    collation,
  });
  const values = new Map<string, unknown>();
  const compare = collatedCompare(collation);
  const add = (value: unknown) => {
    if (value === undefined) return;
    const text = canonicalKey(value);
    if (values.has(text)) return;
    if (collation && typeof value === "string" && [...values.values()].some((seen) => compare(seen, value) === 0))
      return;
    values.set(text, value);
  };
  for (const match of matches) {
    for (const value of collectPathValues(match.doc, key)) {
      if (Array.isArray(value)) value.forEach(add);
      else add(value);
    }
  }
  return { values: [...values.values()].sort(compare), ok: 1 };
}

export function aggregateCommand(context: CommandContext): CommandResult {
  const target = context.body.aggregate;
  const pipeline = context.body.pipeline;
  if (!Array.isArray(pipeline))
    throw new ServerError(ErrorCode.TypeMismatch, "'pipeline' option must be specified as an array");
  if (context.body.explain === true) {
    return {
      explainVersion: "1",
      queryPlanner: { namespace: namespace(context, String(target)), winningPlan: { stage: "EMBEDDED" } },
      ok: 1,
    };
  }
  if (!isPlainObject(context.body.cursor)) {
    throw new ServerError(
      ErrorCode.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  const pipelineContext: PipelineContext = {
    view: context.view,
    collection: (name) => context.state.engine.collection(context.db, name, context.transaction),
    variables: letVariables(context),
    collation: parseCollation(context.body.collation),
  };
  const stages = pipeline as Doc[];
  const last = stages[stages.length - 1];
  const writeStage = isPlainObject(last) ? Object.keys(last).find((name) => WRITE_STAGES.has(name)) : undefined;
  if (writeStage && context.transaction)
    throw new ServerError(
      ErrorCode.OperationNotSupportedInTransaction,
      `${writeStage} cannot be used in a transaction`,
    );
  if (writeStage && isPlainObject(context.body.readConcern) && context.body.readConcern.level === "linearizable")
    throw new ServerError(
      ErrorCode.InvalidOptions,
      `${writeStage} cannot be used with a 'linearizable' read concern level`,
    );
  const readStages = writeStage ? stages.slice(0, -1) : stages;
  let docs: Doc[];
  let ns: string;
  if (typeof target === "string") {
    ns = namespace(context, target);
    docs = runPipeline(
      pipelineContext,
      context.state.engine.collection(context.db, target, context.transaction),
      readStages,
    );
  } else {
    ns = namespace(context, "$cmd.aggregate");
    const [first, ...rest] = readStages;
    docs = applyStages(pipelineContext, databaseSource(context, first), rest);
  }
  if (writeStage) {
    const engine = context.state.engine;
    if (writeStage === "$out") writeOut(engine, context.db, last.$out, docs);
    else writeMerge(pipelineContext, engine, context.db, last.$merge, docs);
    docs = [];
  }
  return context.state.cursors.open({ ns, items: docs, ...cursorOptions(context), sessionKey: context.sessionKey });
}

/** The first stage of a database-level aggregate: `$documents` or `$listLocalSessions`. */
function databaseSource(context: CommandContext, first: Doc | undefined): Doc[] {
  if (first && Array.isArray(first.$documents)) return (first.$documents as Doc[]).slice();
  if (first && first.$listLocalSessions !== undefined) return context.state.sessions.list();
  throw new ServerError(
    ErrorCode.InvalidNamespace,
    "{aggregate: 1} is not valid for '$match'; a collection is required.",
  );
}

export function listCollectionsCommand(context: CommandContext): CommandResult {
  const filter = optionalObject(context, "filter");
  const matcher = compileFilter(filter);
  const nameOnly = context.body.nameOnly === true;
  const docs: Doc[] = [];
  for (const collection of context.state.engine.listCollections(context.db, context.transaction)) {
    const info: Doc = nameOnly
      ? { name: collection.name, type: "collection" }
      : {
          name: collection.name,
          type: "collection",
          options: collection.options,
          info: { readOnly: false, uuid: collection.uuid },
          idIndex: { v: 2, key: { _id: 1 }, name: "_id_" },
        };
    if (matcher(info)) docs.push(info);
  }
  return context.state.cursors.open({
    ns: namespace(context, "$cmd.listCollections"),
    items: docs,
    ...cursorOptions(context),
  });
}

export function listIndexesCommand(context: CommandContext): CommandResult {
  const collection = existingCollection(context);
  if (!collection)
    throw new ServerError(
      ErrorCode.NamespaceNotFound,
      `ns does not exist: ${namespace(context, collectionName(context))}`,
    );
  return context.state.cursors.open({
    ns: namespace(context, collection.name),
    items: collection.indexSpecs(),
    ...cursorOptions(context),
  });
}

export function listDatabasesCommand(context: CommandContext): CommandResult {
  const filter = optionalObject(context, "filter");
  const matcher = compileFilter(filter);
  const databases: Doc[] = [];
  for (const [name, collections] of context.state.engine.databases) {
    let documents = 0;
    for (const collection of collections.values()) documents += collection.records.size;
    const entry: Doc =
      context.body.nameOnly === true ? { name } : { name, sizeOnDisk: documents * 256, empty: documents === 0 };
    if (matcher(entry)) databases.push(entry);
  }
  const totalSize = databases.reduce((total, entry) => total + ((entry.sizeOnDisk as number | undefined) ?? 0), 0);
  return context.body.nameOnly === true
    ? { databases, ok: 1 }
    : { databases, totalSize, totalSizeMb: Math.round(totalSize / 1048576), ok: 1 };
}
