import { applyStages, type PipelineContext } from "../aggregate/pipeline";
import { compareValues, type Doc, isPlainObject, isRegexValue } from "../bson/values";
import { ErrorCode, ServerError, TRANSIENT_TRANSACTION_ERROR } from "../errors";
import { parseCollation } from "../query/collation";
import { compileFilter } from "../query/matcher";
import { compileProjection } from "../query/projection";
import { parseSort } from "../query/sort";
import { type Collection, idKeyOf } from "../storage/collection";
import { findMatches, type Match, readDocument } from "../storage/read-view";
import { validateDocument } from "../storage/validation";
import {
  applyReplacement,
  applyUpdateOperators,
  ensureId,
  isOperatorUpdate,
  keepIdFirst,
  seedFromQuery,
} from "../update/apply-update";
import { type CommandContext, type CommandResult, collectionName, letVariables, LockWait } from "./context";

/** Errors that end the whole command (and a transaction) instead of becoming a writeErrors entry. */
function isCommandLevel(error: ServerError): boolean {
  return error.errorLabels.includes(TRANSIENT_TRANSACTION_ERROR) || error.code === ErrorCode.WriteConflict;
}

function writeErrorEntry(index: number, error: ServerError): Doc {
  return { index, code: error.code, errmsg: error.message, ...error.extra };
}

async function retryOnLock<T>(operation: () => T): Promise<T> {
  for (;;) {
    try {
      return operation();
    } catch (error) {
      if (error instanceof LockWait) {
        await error.transaction.finished;
        continue;
      }
      throw error;
    }
  }
}

/** Throws LockWait if another open transaction holds any of these documents (outside transactions). */
function checkLocks(context: CommandContext, collection: Collection, ids: Iterable<string>): void {
  if (context.transaction) return;
  for (const id of ids) {
    const holder = context.state.engine.lockedBy(collection, id);
    if (holder) throw new LockWait(holder);
  }
}

function writeDocument(
  context: CommandContext,
  collection: Collection,
  id: string,
  doc: Doc | null,
  insertOnly: boolean,
): void {
  const engine = context.state.engine;
  if (doc) {
    const previous = insertOnly ? null : readDocument(context.view, collection, id);
    validateDocument(collection, doc, previous, context.body.bypassDocumentValidation === true);
  }
  if (context.transaction) {
    engine.transactionalWrite(context.transaction, collection, id, doc, insertOnly);
    return;
  }
  const holder = engine.lockedBy(collection, id);
  if (holder) throw new LockWait(holder);
  engine.commit([{ collection, id, doc, insertOnly }]);
}

function validateNewDocument(doc: unknown): Doc {
  if (!isPlainObject(doc)) throw new ServerError(ErrorCode.TypeMismatch, "documents to insert must be objects");
  const id = doc._id;
  if (Array.isArray(id)) throw new ServerError(ErrorCode.BadValue, "can't use an array for _id");
  if (isRegexValue(id)) throw new ServerError(ErrorCode.BadValue, "can't use a regex for _id");
  if (isPlainObject(id) && Object.keys(id).some((key) => key.startsWith("$"))) {
    throw new ServerError(ErrorCode.DollarPrefixedFieldName, `_id fields may not contain '$'-prefixed fields`);
  }
  return ensureId(doc);
}

function pipelineContext(context: CommandContext, variables?: Doc): PipelineContext {
  return {
    view: context.view,
    collection: (name) => context.state.engine.collection(context.db, name, context.transaction),
    variables,
  };
}

function documentsEqual(a: Doc, b: Doc): boolean {
  return compareValues(a, b) === 0 && Object.keys(a).join("\u0000") === Object.keys(b).join("\u0000");
}

function writeTarget(context: CommandContext): Collection {
  return context.state.engine.ensureCollection(context.db, collectionName(context), context.transaction);
}

function arrayField(context: CommandContext, field: string): Doc[] {
  const value = context.body[field];
  if (!Array.isArray(value))
    throw new ServerError(
      ErrorCode.FailedToParse,
      `BSON field '${context.name}.${field}' is missing but a required field`,
    );
  return value as Doc[];
}

export async function insertCommand(context: CommandContext): Promise<CommandResult> {
  const documents = arrayField(context, "documents");
  const ordered = context.body.ordered !== false;
  const collection = writeTarget(context);
  const writeErrors: Doc[] = [];
  let inserted = 0;
  for (let index = 0; index < documents.length; index++) {
    try {
      const doc = validateNewDocument(documents[index]);
      const id = idKeyOf(doc._id);
      for (;;) {
        try {
          writeDocument(context, collection, id, doc, true);
          break;
        } catch (error) {
          if (!(error instanceof LockWait)) throw error;
          await error.transaction.finished;
        }
      }
      inserted += 1;
    } catch (error) {
      if (!(error instanceof ServerError) || isCommandLevel(error)) throw error;
      writeErrors.push(writeErrorEntry(index, error));
      if (ordered) break;
    }
  }
  const reply: Doc = { n: inserted };
  if (writeErrors.length > 0) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
}

interface UpdateStatement {
  q?: unknown;
  u?: unknown;
  upsert?: unknown;
  multi?: unknown;
  arrayFilters?: unknown;
  sort?: unknown;
  collation?: unknown;
}

function computeUpdated(
  context: CommandContext,
  doc: Doc,
  update: unknown,
  position: number | undefined,
  arrayFilters: unknown[] | undefined,
  isInsert: boolean,
  variables?: Doc,
): Doc {
  if (Array.isArray(update)) {
    const [result] = applyStages(pipelineContext(context, variables), [doc], update as Doc[]);
    if (!result) throw new ServerError(ErrorCode.BadValue, "pipeline update produced no document");
    // A stage that drops _id ($replaceRoot, $project) keeps the original one, as MongoDB does.
    if (doc._id !== undefined && result._id !== undefined && compareValues(result._id, doc._id) !== 0) {
      throw new ServerError(
        ErrorCode.ImmutableField,
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
    return keepIdFirst(doc._id !== undefined && result._id === undefined ? { _id: doc._id, ...result } : result);
  }
  if (!isPlainObject(update))
    throw new ServerError(ErrorCode.FailedToParse, "Update argument must be either an object or an array");
  if (isOperatorUpdate(update)) return applyUpdateOperators(doc, update, { position, arrayFilters, isInsert });
  return applyReplacement(doc, update);
}

function upsertDocument(
  context: CommandContext,
  filter: Doc | undefined,
  update: unknown,
  arrayFilters: unknown[] | undefined,
  variables?: Doc,
): Doc {
  const seed = seedFromQuery(filter);
  if (!Array.isArray(update) && isPlainObject(update) && !isOperatorUpdate(update)) {
    const replacement: Doc = { ...update };
    if (replacement._id === undefined && seed._id !== undefined) replacement._id = seed._id;
    return validateNewDocument(replacement);
  }
  return validateNewDocument(computeUpdated(context, seed, update, undefined, arrayFilters, true, variables));
}

function readFilter(value: unknown): Doc | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw new ServerError(ErrorCode.TypeMismatch, "query filter must be an object");
  return value;
}

export async function updateCommand(context: CommandContext): Promise<CommandResult> {
  const statements = arrayField(context, "updates") as UpdateStatement[];
  const ordered = context.body.ordered !== false;
  const variables = letVariables(context);
  // MongoDB 8.0 added `sort` to update statements; 7.0 rejects the whole command.
  for (const statement of statements) {
    if (isPlainObject(statement) && statement.sort !== undefined)
      throw new ServerError(ErrorCode.UnknownField, "BSON field 'update.updates.sort' is an unknown field.");
  }
  const collection = writeTarget(context);
  const writeErrors: Doc[] = [];
  const upserted: Doc[] = [];
  let matched = 0;
  let modified = 0;
  for (let index = 0; index < statements.length; index++) {
    const statement = statements[index];
    try {
      const filter = readFilter(statement.q);
      const multi = statement.multi === true;
      const arrayFilters = Array.isArray(statement.arrayFilters) ? statement.arrayFilters : undefined;
      if (multi && isPlainObject(statement.u) && !isOperatorUpdate(statement.u)) {
        throw new ServerError(ErrorCode.FailedToParse, "multi update is not supported for replacement-style update");
      }
      const collation = parseCollation(statement.collation);
      const matcher = compileFilter(filter, { variables, collation });
      await retryOnLock(() => {
        const matches = findMatches(context.view, collection, {
          filter,
          matcher,
          sort: [],
          collation,
          limit: multi ? 0 : 1,
          wantDetails: true,
        });
        if (matches.length === 0) {
          if (statement.upsert === true) {
            const doc = upsertDocument(context, filter, statement.u, arrayFilters, variables);
            writeDocument(context, collection, idKeyOf(doc._id), doc, true);
            upserted.push({ index, _id: doc._id });
          }
          return;
        }
        const changes: Array<{ id: string; doc: Doc }> = [];
        for (const match of matches) {
          const updated = computeUpdated(
            context,
            match.doc,
            statement.u,
            match.details?.position,
            arrayFilters,
            false,
            variables,
          );
          if (!documentsEqual(updated, match.doc)) changes.push({ id: match.id, doc: updated });
        }
        checkLocks(
          context,
          collection,
          changes.map((change) => change.id),
        );
        matched += matches.length;
        for (const change of changes) {
          writeDocument(context, collection, change.id, change.doc, false);
          modified += 1;
        }
      });
    } catch (error) {
      if (!(error instanceof ServerError) || isCommandLevel(error)) throw error;
      writeErrors.push(writeErrorEntry(index, error));
      if (ordered) break;
    }
  }
  const reply: Doc = { n: matched + upserted.length, nModified: modified };
  if (upserted.length > 0) reply.upserted = upserted;
  if (writeErrors.length > 0) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
}

export async function deleteCommand(context: CommandContext): Promise<CommandResult> {
  const statements = arrayField(context, "deletes");
  const ordered = context.body.ordered !== false;
  const variables = letVariables(context);
  const collection = context.state.engine.collection(context.db, collectionName(context), context.transaction);
  const writeErrors: Doc[] = [];
  let deleted = 0;
  for (let index = 0; index < statements.length; index++) {
    const statement = statements[index];
    try {
      if (!isPlainObject(statement)) throw new ServerError(ErrorCode.TypeMismatch, "delete statements must be objects");
      const filter = readFilter(statement.q);
      const limit = statement.limit === 1 ? 1 : 0;
      if (!collection) continue;
      const collation = parseCollation(statement.collation);
      const matcher = compileFilter(filter, { variables, collation });
      await retryOnLock(() => {
        const matches = findMatches(context.view, collection, { filter, matcher, sort: [], limit, collation });
        checkLocks(
          context,
          collection,
          matches.map((match) => match.id),
        );
        for (const match of matches) {
          writeDocument(context, collection, match.id, null, false);
          deleted += 1;
        }
      });
    } catch (error) {
      if (!(error instanceof ServerError) || isCommandLevel(error)) throw error;
      writeErrors.push(writeErrorEntry(index, error));
      if (ordered) break;
    }
  }
  const reply: Doc = { n: deleted };
  if (writeErrors.length > 0) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
}

export async function findAndModifyCommand(context: CommandContext): Promise<CommandResult> {
  const body = context.body;
  const filter = readFilter(body.query);
  const remove = body.remove === true;
  const update = body.update;
  const returnNew = body.new === true;
  const upsert = body.upsert === true;
  if (remove && update !== undefined)
    throw new ServerError(ErrorCode.FailedToParse, "Cannot specify both an update and remove=true");
  if (!remove && update === undefined)
    throw new ServerError(ErrorCode.FailedToParse, "Either an update or remove=true must be specified");
  if (remove && upsert)
    throw new ServerError(ErrorCode.FailedToParse, "Cannot specify both upsert=true and remove=true");
  if (remove && returnNew)
    throw new ServerError(
      ErrorCode.FailedToParse,
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  const projection = compileProjection(body.fields, { forFind: true });
  const arrayFilters = Array.isArray(body.arrayFilters) ? body.arrayFilters : undefined;
  const sort = parseSort(body.sort);
  const variables = letVariables(context);
  const collation = parseCollation(body.collation);
  const matcher = compileFilter(filter, { variables, collation });
  const collection = remove
    ? context.state.engine.collection(context.db, collectionName(context), context.transaction)
    : writeTarget(context);
  const present = (doc: Doc | null, details?: Match["details"]) =>
    doc && projection ? projection.apply(doc, details) : doc;

  return retryOnLock(() => {
    const [match] = collection
      ? findMatches(context.view, collection, { filter, matcher, sort, limit: 1, wantDetails: true, collation })
      : [];
    if (!collection || !match) {
      if (!upsert || !collection) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
      const doc = upsertDocument(context, filter, update, arrayFilters, variables);
      writeDocument(context, collection, idKeyOf(doc._id), doc, true);
      return {
        lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
        value: returnNew ? present(doc) : null,
        ok: 1,
      };
    }
    if (remove) {
      writeDocument(context, collection, match.id, null, false);
      return { lastErrorObject: { n: 1 }, value: present(match.doc, match.details), ok: 1 };
    }
    const updated = computeUpdated(context, match.doc, update, match.details?.position, arrayFilters, false, variables);
    if (!documentsEqual(updated, match.doc)) writeDocument(context, collection, match.id, updated, false);
    else checkLocks(context, collection, [match.id]);
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: present(returnNew ? updated : match.doc, match.details),
      ok: 1,
    };
  });
}
