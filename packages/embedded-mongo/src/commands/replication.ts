import { Binary, Long, ObjectId, Timestamp } from "bson";
import { toJsNumber } from "../bson/arithmetic";
import { type Doc, isNumeric, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import type { CommandContext, ServerState } from "./context";

/**
 * The server presents itself as the only member of a replica set, so the driver discovers a primary,
 * runs transactions, retryable writes and snapshot reads exactly as against a one-node production set.
 */
export const DEFAULT_REPLICA_SET_NAME = "rs0";
/** One election per process: the driver compares electionId/setVersion to detect stale primaries. */
const ELECTION_ID = new ObjectId("7fffffff0000000000000001");
const SIGNATURE = { hash: new Binary(Buffer.alloc(20)), keyId: Long.fromNumber(0) };

/**
 * Cluster time: the engine's commit clock in the increment, the boot second as the seconds part so the
 * value still grows across restarts (the clock itself restarts from the recovered journal).
 */
export function clusterTime(state: ServerState, clock = state.engine.clock): Timestamp {
  return new Timestamp({ t: state.bootSeconds, i: clock });
}

/** The commit clock a cluster time names, or null when it belongs to an earlier run of the server. */
export function clockOf(state: ServerState, time: Timestamp): number | null {
  if (time.high !== state.bootSeconds) return time.high < state.bootSeconds ? -1 : null;
  return time.low;
}

export function clusterTimeFields(state: ServerState): Doc {
  const now = clusterTime(state);
  return { $clusterTime: { clusterTime: now, signature: SIGNATURE }, operationTime: now };
}

export function replicaSetFields(state: ServerState): Doc {
  const opTime = { ts: clusterTime(state), t: Long.fromNumber(1) };
  const now = new Date();
  return {
    hosts: [state.address],
    setName: state.replicaSetName,
    setVersion: 1,
    secondary: false,
    primary: state.address,
    me: state.address,
    electionId: ELECTION_ID,
    lastWrite: { opTime, lastWriteDate: now, majorityOpTime: opTime, majorityWriteDate: now },
  };
}

export function replSetGetStatusReply(context: CommandContext): Doc {
  const { state } = context;
  const opTime = { ts: clusterTime(state), t: Long.fromNumber(1) };
  const now = new Date();
  const uptime = Math.floor((Date.now() - state.startedAt.getTime()) / 1000);
  return {
    set: state.replicaSetName,
    date: now,
    myState: 1,
    term: Long.fromNumber(1),
    heartbeatIntervalMillis: Long.fromNumber(2000),
    majorityVoteCount: 1,
    writeMajorityCount: 1,
    votingMembersCount: 1,
    writableVotingMembersCount: 1,
    optimes: {
      lastCommittedOpTime: opTime,
      readConcernMajorityOpTime: opTime,
      appliedOpTime: opTime,
      durableOpTime: opTime,
    },
    members: [
      {
        _id: 0,
        name: state.address,
        health: 1,
        state: 1,
        stateStr: "PRIMARY",
        uptime,
        optime: opTime,
        optimeDate: now,
        electionTime: clusterTime(state, 0),
        electionDate: state.startedAt,
        configVersion: 1,
        configTerm: 1,
        self: true,
      },
    ],
    ok: 1,
  };
}

export function replSetGetConfigReply(context: CommandContext): Doc {
  const { state } = context;
  return {
    config: {
      _id: state.replicaSetName,
      version: 1,
      term: 1,
      members: [{ _id: 0, host: state.address, arbiterOnly: false, hidden: false, priority: 1, votes: 1 }],
      protocolVersion: Long.fromNumber(1),
      writeConcernMajorityJournalDefault: true,
      settings: { chainingAllowed: true, replicaSetId: ELECTION_ID },
    },
    ok: 1,
  };
}

const READ_CONCERN_LEVELS = new Set(["local", "majority", "linearizable", "available", "snapshot"]);
/** Commands that accept readConcern "snapshot" outside a transaction (MongoDB 5.0+). */
const SNAPSHOT_COMMANDS = new Set(["find", "aggregate", "distinct"]);
/** Commands that accept a readConcern at all (the first command of a transaction may carry one). */
const READ_CONCERN_COMMANDS = new Set([
  "find",
  "aggregate",
  "distinct",
  "count",
  "insert",
  "update",
  "delete",
  "findAndModify",
  "findandmodify",
  "getMore",
  "listCollections",
  "listIndexes",
  "create",
  "createIndexes",
  "bulkWrite",
]);

export interface ReadConcern {
  level: string | null;
  atClusterTime: Timestamp | null;
}

/** Validates readConcern as a one-node replica set does; returns the snapshot request, if any. */
export function parseReadConcern(context: CommandContext): ReadConcern {
  const raw = context.body.readConcern;
  if (raw === undefined || raw === null) return { level: null, atClusterTime: null };
  if (!isPlainObject(raw))
    throw new ServerError(ErrorCode.TypeMismatch, "BSON field 'readConcern' is the wrong type, expected type 'object'");
  const level = raw.level;
  if (level !== undefined && (typeof level !== "string" || !READ_CONCERN_LEVELS.has(level)))
    throw new ServerError(ErrorCode.FailedToParse, `${String(level)} is not a valid readConcern level`);
  if (Object.keys(raw).length > 0 && !READ_CONCERN_COMMANDS.has(context.name) && context.transaction === null)
    throw new ServerError(
      ErrorCode.InvalidOptions,
      `Command ${context.name} does not support { readConcern: ${JSON.stringify(raw)} }`,
    );
  const atClusterTime = raw.atClusterTime;
  if (atClusterTime !== undefined && !(atClusterTime instanceof Timestamp))
    throw new ServerError(ErrorCode.TypeMismatch, "readConcern.atClusterTime must be a Timestamp");
  if (atClusterTime !== undefined && level !== "snapshot")
    throw new ServerError(
      ErrorCode.InvalidOptions,
      "readConcern level must be 'snapshot' when specifying atClusterTime",
    );
  if (level === "snapshot" && context.transaction === null && !SNAPSHOT_COMMANDS.has(context.name))
    throw new ServerError(
      ErrorCode.InvalidOptions,
      `Command ${context.name} does not support { readConcern: { level: "snapshot" } } outside a transaction`,
    );
  return { level: typeof level === "string" ? level : null, atClusterTime: atClusterTime ?? null };
}

/**
 * A one-node set satisfies w: 1 and "majority"; a larger number or an unknown tag can never be, and
 * MongoDB applies the write then reports a writeConcernError (the document is written).
 */
export function writeConcernError(body: Doc): Doc | null {
  const raw = body.writeConcern;
  if (!isPlainObject(raw)) return null;
  const w = raw.w;
  if (isNumeric(w) && toJsNumber(w) > 1) {
    return {
      code: ErrorCode.UnsatisfiableWriteConcern,
      codeName: "UnsatisfiableWriteConcern",
      errmsg: "Not enough data-bearing nodes",
    };
  }
  if (typeof w === "string" && w !== "majority") {
    return {
      code: ErrorCode.UnknownReplWriteConcern,
      codeName: "UnknownReplWriteConcern",
      errmsg: `Unrecognized write concern mode: ${w}`,
    };
  }
  return null;
}

export function validateWriteConcern(context: CommandContext): void {
  const raw = context.body.writeConcern;
  if (raw === undefined || raw === null) return;
  if (!isPlainObject(raw))
    throw new ServerError(
      ErrorCode.TypeMismatch,
      "BSON field 'writeConcern' is the wrong type, expected type 'object'",
    );
  const w = raw.w;
  if (isNumeric(w) && toJsNumber(w) < 0)
    throw new ServerError(ErrorCode.FailedToParse, "w has to be a non-negative number and not greater than 50");
  if (
    context.transaction &&
    context.name !== "commitTransaction" &&
    context.name !== "abortTransaction" &&
    Object.keys(raw).length > 0
  )
    throw new ServerError(ErrorCode.InvalidOptions, "Cannot set write concern after starting a transaction");
}

/** Appends fields to an encoded reply document (cursor replies are built as bytes). */
export function appendToEncoded(encoded: Buffer, extra: Buffer): Buffer {
  // extra is a whole BSON document: drop its length prefix and terminator, keep its elements.
  const elements = extra.subarray(4, extra.length - 1);
  const out = Buffer.allocUnsafe(encoded.length + elements.length);
  encoded.copy(out, 0, 0, encoded.length - 1);
  elements.copy(out, encoded.length - 1);
  out[out.length - 1] = 0;
  out.writeInt32LE(out.length, 0);
  return out;
}
