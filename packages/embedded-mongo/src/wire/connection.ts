import type { Socket } from "node:net";
import type { Document } from "bson";
import { CLOSE_CONNECTION } from "../commands/fail-points";
import { ErrorCode, ServerError } from "../errors";
import {
  buildMsgReply,
  buildQueryReply,
  HEADER_SIZE,
  MAX_MESSAGE_SIZE,
  OpCode,
  parseMessage,
  readHeader,
  serializeReply,
} from "./protocol";

/** Runs one command body and returns the reply document or its encoded form. */
export type CommandRunner = (body: Document, connectionId: number, defaultDb: string) => Promise<Document | Buffer>;

/**
 * One client connection: splits the byte stream into messages, runs them one at a time in arrival
 * order and writes the replies. Bad framing closes only this connection.
 */
export class Connection {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly socket: Socket,
    readonly id: number,
    private readonly run: CommandRunner,
    private readonly log: (line: string) => void,
  ) {
    socket.setNoDelay(true);
    socket.on("data", (chunk) => {
      try {
        this.onData(chunk);
      } catch (error) {
        this.log(`connection ${this.id}: ${error instanceof Error ? error.message : String(error)}, closing`);
        this.close();
      }
    });
    socket.on("error", () => this.close());
    socket.on("close", () => {
      this.closed = true;
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
  }

  private take(length: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.buffered);
    const message = all.subarray(0, length);
    const rest = all.subarray(length);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return message;
  }

  private peekLength(): number {
    if (this.chunks[0].length >= 4) return this.chunks[0].readInt32LE(0);
    return Buffer.concat(this.chunks, this.buffered).readInt32LE(0);
  }

  private onData(chunk: Buffer): void {
    if (this.closed) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (this.buffered >= 4) {
      const length = this.peekLength();
      if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) {
        this.log(`connection ${this.id}: invalid message length ${length}, closing`);
        this.close();
        return;
      }
      if (this.buffered < length) return;
      const message = this.take(length);
      this.queue = this.queue
        .then(() => this.handle(message))
        .catch((error) => {
          this.log(`connection ${this.id}: ${error instanceof Error ? error.message : String(error)}, closing`);
          this.close();
        });
    }
  }

  private async handle(message: Buffer): Promise<void> {
    if (this.closed) return;
    const header = readHeader(message);
    let parsed;
    try {
      parsed = parseMessage(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (header.opCode === OpCode.Msg) {
        const problem = new ServerError(ErrorCode.InvalidBSON, `Invalid message: ${reason}`);
        this.write(buildMsgReply(header.requestId, serializeReply(problem.toReply())));
        return;
      }
      this.log(`connection ${this.id}: ${reason}, closing`);
      this.close();
      return;
    }
    let reply: Document | Buffer;
    try {
      const defaultDb = parsed.namespace ? parsed.namespace.split(".")[0] : "admin";
      reply = await this.run(parsed.body, this.id, defaultDb);
    } catch (error) {
      reply = new ServerError(
        ErrorCode.InternalError,
        error instanceof Error ? error.message : String(error),
      ).toReply();
    }
    if (reply === CLOSE_CONNECTION) {
      this.close();
      return;
    }
    if (parsed.moreToCome || this.closed) return;
    let encoded: Buffer;
    try {
      encoded = Buffer.isBuffer(reply) ? reply : serializeReply(reply);
    } catch (error) {
      encoded = serializeReply(
        new ServerError(
          ErrorCode.InternalError,
          `could not encode reply: ${error instanceof Error ? error.message : String(error)}`,
        ).toReply(),
      );
    }
    this.write(
      parsed.kind === "query" ? buildQueryReply(parsed.requestId, encoded) : buildMsgReply(parsed.requestId, encoded),
    );
  }

  private write(parts: Buffer[]): void {
    if (this.closed) return;
    this.socket.write(Buffer.concat(parts));
  }
}
