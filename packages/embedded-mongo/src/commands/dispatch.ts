import { type Doc, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError, toServerError } from "../errors";
import {
  abortTransactionCommand,
  buildInfoReply,
  collModCommand,
  collStatsReply,
  commitTransactionCommand,
  createCommand,
  createIndexesCommand,
  dbStatsReply,
  dropCommand,
  dropDatabaseCommand,
  dropIndexesCommand,
  endSessionsCommand,
  helloReply,
  renameCollectionCommand,
  serverStatusReply,
  SERVER_VERSION,
} from "./admin";
import type { CommandContext, CommandHandler, CommandResult, ServerState } from "./context";
import {
  aggregateCommand,
  countCommand,
  distinctCommand,
  findCommand,
  getMoreCommand,
  killCursorsCommand,
  listCollectionsCommand,
  listDatabasesCommand,
  listIndexesCommand,
} from "./read";
import {
  appendToEncoded,
  clockOf,
  clusterTime,
  clusterTimeFields,
  parseReadConcern,
  replSetGetConfigReply,
  replSetGetStatusReply,
  validateWriteConcern,
  writeConcernError,
} from "./replication";
import { sessionKeyOf } from "./sessions";
import { CLOSE_CONNECTION, type FailCommand } from "./fail-points";
import { errorLabelsFor } from "./error-labels";
import { serialize } from "bson";
import type { Transaction } from "../storage/transaction";
import { deleteCommand, findAndModifyCommand, insertCommand, updateCommand } from "./write";

const ok: CommandHandler = () => ({ ok: 1 });

const COMMANDS: Record<string, CommandHandler> = {
  hello: helloReply,
  isMaster: helloReply,
  ismaster: helloReply,
  ping: ok,
  buildInfo: buildInfoReply,
  buildinfo: buildInfoReply,
  find: findCommand,
  getMore: getMoreCommand,
  killCursors: killCursorsCommand,
  insert: insertCommand,
  update: updateCommand,
  delete: deleteCommand,
  findAndModify: findAndModifyCommand,
  findandmodify: findAndModifyCommand,
  aggregate: aggregateCommand,
  count: countCommand,
  distinct: distinctCommand,
  create: createCommand,
  drop: dropCommand,
  dropDatabase: dropDatabaseCommand,
  createIndexes: createIndexesCommand,
  dropIndexes: dropIndexesCommand,
  deleteIndexes: dropIndexesCommand,
  listIndexes: listIndexesCommand,
  listCollections: listCollectionsCommand,
  listDatabases: listDatabasesCommand,
  collMod: collModCommand,
  renameCollection: renameCollectionCommand,
  endSessions: endSessionsCommand,
  killSessions: endSessionsCommand,
  killAllSessions: ok,
  refreshSessions: ok,
  startSession: (context) => ({ id: context.body.lsid ?? null, timeoutMinutes: 30, ok: 1 }),
  commitTransaction: commitTransactionCommand,
  abortTransaction: abortTransactionCommand,
  serverStatus: serverStatusReply,
  dbStats: dbStatsReply,
  collStats: collStatsReply,
  hostInfo: () => ({ system: { hostname: "127.0.0.1", numCores: 1 }, os: { type: process.platform }, ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  whatsmyuri: () => ({ you: "127.0.0.1:0", ok: 1 }),
  getCmdLineOpts: () => ({ argv: ["embedded-mongo"], parsed: {}, ok: 1 }),
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  getParameter: () => ({ featureCompatibilityVersion: { version: "7.0" }, ok: 1 }),
  getFreeMonitoringStatus: () => ({ state: "disabled", ok: 1 }),
  listCommands: () => ({ commands: Object.fromEntries(Object.keys(COMMANDS).map((name) => [name, {}])), ok: 1 }),
  getLastError: () => ({ n: 0, err: null, ok: 1 }),
  resetError: ok,
  validate: (context) => ({ ns: `${context.db}.${String(context.body.validate)}`, valid: true, ok: 1 }),
  configureFailPoint: (context) => {
    if (!context.state.failPoints)
      throw new ServerError(ErrorCode.CommandNotFound, "no such command: 'configureFailPoint'");
    return context.state.failPoints.configure(context);
  },
  replSetGetStatus: replSetGetStatusReply,
  replSetGetConfig: replSetGetConfigReply,
  explain: (context) => ({
    queryPlanner: { namespace: context.db, winningPlan: { stage: "EMBEDDED" } },
    serverInfo: { version: SERVER_VERSION },
    ok: 1,
  }),
};

const MUTATING = new Set([
  "insert",
  "update",
  "delete",
  "findAndModify",
  "findandmodify",
  "create",
  "drop",
  "dropDatabase",
  "createIndexes",
  "dropIndexes",
  "deleteIndexes",
  "collMod",
  "renameCollection",
]);

/** Commands that change data: their reply waits until the change is durable. */
function isMutating(name: string, body: Doc): boolean {
  if (MUTATING.has(name)) return true;
  if (name !== "aggregate" || !Array.isArray(body.pipeline)) return false;
  const last: unknown = body.pipeline[body.pipeline.length - 1];
  return isPlainObject(last) && ("$out" in last || "$merge" in last);
}

const TRANSACTION_CONTROL = new Set(["commitTransaction", "abortTransaction"]);

export function commandName(body: Doc): string {
  const [name] = Object.keys(body);
  return name ?? "";
}

/** Runs one command and always produces a reply (errors become `{ok: 0, ...}`). */
export async function executeCommand(
  state: ServerState,
  body: Doc,
  connectionId: number,
  defaultDb = "admin",
): Promise<CommandResult> {
  const name = commandName(body);
  const handler = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!handler) {
    return new ServerError(ErrorCode.CommandNotFound, `no such command: '${name}'`).toReply();
  }
  const db = typeof body.$db === "string" ? body.$db : defaultDb;
  if ((name === "hello" || name === "isMaster" || name === "ismaster") && isPlainObject(body.client)) {
    const application = body.client.application;
    if (isPlainObject(application) && typeof application.name === "string")
      state.appNames.set(connectionId, application.name);
  }
  const failure: FailCommand | null = state.failPoints?.take(name, state.appNames.get(connectionId) ?? null) ?? null;
  if (failure) {
    if (failure.blockTimeMS > 0) await new Promise((resolve) => setTimeout(resolve, failure.blockTimeMS));
    if (failure.closeConnection) return CLOSE_CONNECTION;
  }
  let transaction = null;
  let result: CommandResult;
  let snapshotTime: number | null = null;
  let unpinned: Transaction | null = null;
  try {
    // Like mongod, the fail point answers before the command touches its session or transaction.
    if (failure && failure.errorCode !== null)
      throw new ServerError(failure.errorCode, "Failing command via 'failCommand' failpoint", {
        labels: failure.errorLabels ?? undefined,
      });
    const sessionKey = sessionKeyOf(body);
    if (sessionKey) state.sessions.touch(sessionKey);
    transaction = state.sessions.resolve(body, name);
    const context: CommandContext = {
      state,
      name,
      db,
      body,
      transaction,
      view: { transaction },
      connectionId,
      sessionKey: sessionKeyOf(body),
    };
    if (transaction && !TRANSACTION_CONTROL.has(name)) state.engine.assertActive(transaction);
    validateWriteConcern(context);
    const readConcern = parseReadConcern(context);
    if (readConcern.level === "snapshot" && !transaction) {
      snapshotTime = readConcern.atClusterTime ? clockOf(state, readConcern.atClusterTime) : state.engine.clock;
      if (snapshotTime === null || snapshotTime > state.engine.clock)
        throw new ServerError(ErrorCode.BadValue, "readConcern.atClusterTime is in the future of this server");
      if (!state.engine.canReadAt(snapshotTime))
        throw new ServerError(ErrorCode.SnapshotTooOld, "Read timestamp is older than the oldest available timestamp");
      const reader = state.sessions.snapshotReader(context.sessionKey, snapshotTime);
      if (!context.sessionKey) unpinned = reader;
      context.view = { transaction: reader };
    }
    result = await handler(context);
    if (transaction && !Buffer.isBuffer(result) && Array.isArray(result.writeErrors) && result.writeErrors.length > 0) {
      state.engine.abortTransaction(transaction);
    }
  } catch (error) {
    const serverError = toServerError(error);
    if (transaction && !TRANSACTION_CONTROL.has(name)) state.engine.abortTransaction(transaction);
    result = serverError.toReply();
    if (!failure?.errorLabels) {
      const labels = errorLabelsFor(name, body, serverError.code, serverError.errorLabels);
      if (labels.length > 0) result.errorLabels = labels;
      else delete result.errorLabels;
    }
  } finally {
    if (unpinned) state.engine.release(unpinned);
  }
  if (isMutating(name, body) && !transaction) {
    try {
      await state.engine.durable();
    } catch (error) {
      return new ServerError(
        ErrorCode.InternalError,
        `journal write failed: ${toServerError(error).message}`,
      ).toReply();
    }
  }
  return withReplicationFields(state, name, body, result, snapshotTime, failure);
}

/** operationTime and $clusterTime on every reply, as a replica set member sends them; writeConcernError. */
function withReplicationFields(
  state: ServerState,
  name: string,
  body: Doc,
  result: CommandResult,
  snapshotTime: number | null,
  failure: FailCommand | null,
): CommandResult {
  const extra: Doc = {};
  const isError = !Buffer.isBuffer(result) && result.ok === 0;
  if (!isError && (isMutating(name, body) || name === "commitTransaction" || name === "abortTransaction")) {
    const concernError = failure?.writeConcernError ?? writeConcernError(body);
    if (concernError) {
      extra.writeConcernError = concernError;
      const code = typeof concernError.code === "number" ? concernError.code : 0;
      const labels = failure?.errorLabels ?? errorLabelsFor(name, body, code, [], true);
      if (labels.length > 0) extra.errorLabels = labels;
    }
  }
  if (snapshotTime !== null && !isError) extra.atClusterTime = clusterTime(state, snapshotTime);
  Object.assign(extra, clusterTimeFields(state));
  if (Buffer.isBuffer(result)) return appendToEncoded(result, Buffer.from(serialize(extra)));
  const { ok, ...rest } = result;
  return { ...rest, ...extra, ok };
}
