import { toJsNumber } from "../bson/arithmetic";
import { type Doc, isNumeric, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import type { CommandContext } from "./context";

/**
 * MongoDB's `failCommand` fail point (a test command, only with `enableTestCommands`): makes the next
 * matching commands fail with a chosen error, a write concern error or a closed connection, so
 * driver behaviour on errors (retries, transaction labels) can be tested against this server.
 */
interface FailCommand {
  remaining: number;
  skip: number;
  commands: Set<string>;
  appName: string | null;
  closeConnection: boolean;
  errorCode: number | null;
  errorLabels: string[] | null;
  writeConcernError: Doc | null;
  blockTimeMS: number;
}

/** Returned instead of a reply: the connection is closed without answering. */
export const CLOSE_CONNECTION: Doc = Object.freeze({ closeConnection: true });

export class FailPoints {
  private failCommand: FailCommand | null = null;

  configure(context: CommandContext): Doc {
    const body = context.body;
    if (body.configureFailPoint !== "failCommand")
      throw new ServerError(ErrorCode.BadValue, `Unknown fail point: ${String(body.configureFailPoint)}`);
    const mode = body.mode;
    if (mode === "off") {
      this.failCommand = null;
      return { count: 0, ok: 1 };
    }
    let remaining = Number.POSITIVE_INFINITY;
    let skip = 0;
    if (isPlainObject(mode) && isNumeric(mode.times)) remaining = toJsNumber(mode.times);
    else if (isPlainObject(mode) && isNumeric(mode.skip)) skip = toJsNumber(mode.skip);
    else if (mode !== "alwaysOn") throw new ServerError(ErrorCode.BadValue, "unsupported fail point mode");
    const data = isPlainObject(body.data) ? body.data : {};
    const commands = Array.isArray(data.failCommands) ? data.failCommands.map(String) : [];
    this.failCommand = {
      remaining,
      skip,
      commands: new Set(commands),
      appName: typeof data.appName === "string" ? data.appName : null,
      closeConnection: data.closeConnection === true,
      errorCode: isNumeric(data.errorCode) ? toJsNumber(data.errorCode) : null,
      errorLabels: Array.isArray(data.errorLabels) ? data.errorLabels.map(String) : null,
      writeConcernError: isPlainObject(data.writeConcernError) ? data.writeConcernError : null,
      blockTimeMS: data.blockConnection === true && isNumeric(data.blockTimeMS) ? toJsNumber(data.blockTimeMS) : 0,
    };
    return { count: 0, ok: 1 };
  }

  /** The fail point that applies to this command, consuming one of its `times`. */
  take(name: string, appName: string | null): FailCommand | null {
    const point = this.failCommand;
    if (!point || !point.commands.has(name)) return null;
    if (point.appName !== null && point.appName !== appName) return null;
    if (point.skip > 0) {
      point.skip -= 1;
      return null;
    }
    point.remaining -= 1;
    if (point.remaining <= 0) this.failCommand = null;
    return point;
  }
}

export type { FailCommand };
