import { InvalidRegexError } from "./bson/values";

/** Server error codes and names as MongoDB reports them (src/mongo/base/error_codes.yml). */
export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  NoSuchKey: 4,
  FailedToParse: 9,
  Unauthorized: 13,
  TypeMismatch: 14,
  Overflow: 15,
  InvalidLength: 16,
  IllegalOperation: 20,
  InvalidBSON: 22,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  NoReplicationEnabled: 76,
  UnknownReplWriteConcern: 79,
  UnsatisfiableWriteConcern: 100,
  SnapshotTooOld: 239,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  MaxTimeMSExpired: 50,
  DollarPrefixedFieldName: 52,
  InvalidIdField: 53,
  NotSingleValueField: 54,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  IndexAlreadyExists: 68,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  WriteConflict: 112,
  CommandNotSupported: 115,
  ConflictingOperationInProgress: 117,
  CannotIndexParallelArrays: 171,
  KeyTooLong: 17280,
  InvalidPipelineOperator: 168,
  TransactionTooOld: 225,
  NoSuchTransaction: 251,
  TransactionCommitted: 256,
  OperationNotSupportedInTransaction: 263,
  TransactionExceededLifetimeLimitSeconds: 290,
  Location40324: 40324,
  Location15998: 15998,
  Location16410: 16410,
  Location17276: 17276,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
  UnknownField: 40415,
  DocumentValidationFailure: 121,
  HostUnreachable: 6,
  HostNotFound: 7,
  UnknownError: 8,
  LockTimeout: 24,
  WriteConcernFailed: 64,
  NetworkTimeout: 89,
  ShutdownInProgress: 91,
  PrimarySteppedDown: 189,
  SnapshotUnavailable: 246,
  ExceededTimeLimit: 262,
  SocketException: 9001,
  NotWritablePrimary: 10107,
  InterruptedAtShutdown: 11600,
  Interrupted: 11601,
  InterruptedDueToReplStateChange: 11602,
  NotPrimaryNoSecondaryOk: 13435,
  NotPrimaryOrSecondary: 13436,
} as const;

const codeNames = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

export function codeName(code: number): string {
  return codeNames.get(code) ?? `Location${code}`;
}

export const TRANSIENT_TRANSACTION_ERROR = "TransientTransactionError";

/** An error that becomes an `{ok: 0, errmsg, code, codeName}` reply (or a write error entry). */
export class ServerError extends Error {
  readonly code: number;
  readonly errorLabels: string[];
  readonly extra: Record<string, unknown>;

  constructor(code: number, message: string, options: { labels?: string[]; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.code = code;
    this.errorLabels = options.labels ?? [];
    this.extra = options.extra ?? {};
  }

  get codeName(): string {
    return codeName(this.code);
  }

  toReply(): Record<string, unknown> {
    const reply: Record<string, unknown> = {
      ok: 0,
      errmsg: this.message,
      code: this.code,
      codeName: this.codeName,
      ...this.extra,
    };
    if (this.errorLabels.length > 0) reply.errorLabels = this.errorLabels;
    return reply;
  }
}

export function badValue(message: string): ServerError {
  return new ServerError(ErrorCode.BadValue, message);
}

export function writeConflict(): ServerError {
  return new ServerError(
    ErrorCode.WriteConflict,
    "Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.",
    { labels: [TRANSIENT_TRANSACTION_ERROR] },
  );
}

/** Turns anything thrown while executing a command into a ServerError. */
export function toServerError(error: unknown): ServerError {
  if (error instanceof ServerError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof InvalidRegexError) return new ServerError(51091, message);
  // mingo reports invalid expressions and operators with its own error class.
  if (error instanceof Error && error.constructor.name === "MingoError") {
    return new ServerError(ErrorCode.BadValue, message);
  }
  return new ServerError(ErrorCode.InternalError, message);
}
