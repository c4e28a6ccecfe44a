import { evaluate } from "../aggregate/expressions";
import { toJsNumber } from "../bson/arithmetic";
import { type Doc, isNumeric, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import type { Collection } from "../storage/collection";
import type { Engine } from "../storage/engine";
import type { ReadView } from "../storage/read-view";
import type { Transaction } from "../storage/transaction";
import type { CursorRegistry } from "./cursors";
import type { FailPoints } from "./fail-points";
import type { SessionRegistry } from "./sessions";

export interface ServerState {
  engine: Engine;
  cursors: CursorRegistry;
  sessions: SessionRegistry;
  startedAt: Date;
  port: number;
  /** host:port, or the Unix socket path: the one member of the replica set. */
  address: string;
  replicaSetName: string;
  /** Seconds part of every cluster time this run hands out. */
  bootSeconds: number;
  /** Test commands (configureFailPoint); null unless enableTestCommands. */
  failPoints: FailPoints | null;
  /** The application name each connection gave in its handshake (fail points can target one). */
  appNames: Map<number, string>;
}

export interface CommandContext {
  state: ServerState;
  name: string;
  db: string;
  body: Doc;
  transaction: Transaction | null;
  view: ReadView;
  connectionId: number;
  sessionKey: string | null;
}

/** A reply document, or an already encoded one (cursor batches). */
export type CommandResult = Doc | Buffer;
export type CommandHandler = (context: CommandContext) => CommandResult | Promise<CommandResult>;

/** Thrown when a document is held by another open transaction: the command waits for it, then retries. */
export class LockWait {
  constructor(readonly transaction: Transaction) {}
}

export function collectionName(context: CommandContext): string {
  const value = context.body[context.name];
  if (typeof value !== "string" || value.length === 0) {
    throw new ServerError(ErrorCode.InvalidNamespace, `collection name has invalid type ${typeof value}`);
  }
  return value;
}

export function existingCollection(context: CommandContext): Collection | undefined {
  return context.state.engine.collection(context.db, collectionName(context), context.transaction);
}

export function optionalObject(context: CommandContext, field: string): Doc | undefined {
  const value = context.body[field];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value))
    throw new ServerError(
      ErrorCode.TypeMismatch,
      `BSON field '${context.name}.${field}' is the wrong type '${typeof value}', expected type 'object'`,
    );
  return value;
}

export function optionalCount(context: CommandContext, field: string, source: Doc = context.body): number | undefined {
  const value = source[field];
  if (value === undefined || value === null) return undefined;
  if (!isNumeric(value))
    throw new ServerError(
      ErrorCode.TypeMismatch,
      `BSON field '${context.name}.${field}' is the wrong type, expected a number`,
    );
  return toJsNumber(value);
}

export function namespace(context: CommandContext, collection: string): string {
  return `${context.db}.${collection}`;
}

/** The command's `let` option: each value is an expression, evaluated once, bound as `$$name`. */
export function letVariables(context: CommandContext): Doc | undefined {
  const spec = optionalObject(context, "let");
  if (!spec) return undefined;
  const variables: Doc = {};
  for (const [name, expr] of Object.entries(spec)) {
    if (!/^[a-z][A-Za-z0-9_]*$/.test(name))
      throw new ServerError(
        ErrorCode.FailedToParse,
        `'${name}' starts with an invalid character for a user variable name`,
      );
    variables[name] = evaluate({}, expr, variables);
  }
  return variables;
}
