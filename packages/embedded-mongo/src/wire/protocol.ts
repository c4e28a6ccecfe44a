import { BSON, type Document } from "bson";

/** MongoDB wire protocol framing: OP_QUERY (legacy handshake), OP_MSG, and the replies to both. */
export const OpCode = {
  Reply: 1,
  Query: 2004,
  Compressed: 2012,
  Msg: 2013,
} as const;

export const HEADER_SIZE = 16;
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;

const CHECKSUM_PRESENT = 1 << 0;
const MORE_TO_COME = 1 << 1;
const EXHAUST_ALLOWED = 1 << 16;
const KNOWN_FLAGS = CHECKSUM_PRESENT | MORE_TO_COME | EXHAUST_ALLOWED;

/** Decoding options: Int64 as bigint keeps its type; other numbers become JS numbers. */
export const DESERIALIZE_OPTIONS = { useBigInt64: true, promoteValues: true, promoteBuffers: false } as const;

export class ProtocolError extends Error {}

export interface Header {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface ParsedCommand {
  kind: "msg" | "query";
  requestId: number;
  /** OP_MSG moreToCome: the client expects no reply. */
  moreToCome: boolean;
  body: Document;
  /** OP_QUERY only: the namespace it was sent to. */
  namespace?: string;
}

export function readHeader(buffer: Buffer, offset = 0): Header {
  return {
    length: buffer.readInt32LE(offset),
    requestId: buffer.readInt32LE(offset + 4),
    responseTo: buffer.readInt32LE(offset + 8),
    opCode: buffer.readInt32LE(offset + 12),
  };
}

function readDocument(buffer: Buffer, offset: number, end: number): { doc: Document; next: number } {
  if (offset + 5 > end) throw new ProtocolError("truncated BSON document");
  const size = buffer.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError("invalid BSON document length");
  if (size > MAX_BSON_OBJECT_SIZE + 16 * 1024) throw new ProtocolError("BSON document too large");
  const doc = BSON.deserialize(buffer.subarray(offset, offset + size), DESERIALIZE_OPTIONS);
  return { doc, next: offset + size };
}

function readCString(buffer: Buffer, offset: number, end: number): { value: string; next: number } {
  const zero = buffer.indexOf(0, offset);
  if (zero < 0 || zero >= end) throw new ProtocolError("unterminated string");
  return { value: buffer.toString("utf8", offset, zero), next: zero + 1 };
}

/** Parses one complete message (header included). Throws ProtocolError on malformed input. */
export function parseMessage(message: Buffer): ParsedCommand {
  const header = readHeader(message);
  if (header.length !== message.length) throw new ProtocolError("message length mismatch");
  if (header.opCode === OpCode.Msg) return parseOpMsg(message, header);
  if (header.opCode === OpCode.Query) return parseOpQuery(message, header);
  throw new ProtocolError(`unsupported opCode ${header.opCode}`);
}

function parseOpMsg(message: Buffer, header: Header): ParsedCommand {
  if (message.length < HEADER_SIZE + 5) throw new ProtocolError("OP_MSG too short");
  const flags = message.readUInt32LE(HEADER_SIZE);
  if ((flags & 0xffff & ~KNOWN_FLAGS) !== 0) throw new ProtocolError(`unsupported OP_MSG flags ${flags}`);
  const end = message.length - (flags & CHECKSUM_PRESENT ? 4 : 0);
  let offset = HEADER_SIZE + 4;
  let body: Document | null = null;
  const sequences: Array<[string, Document[]]> = [];
  while (offset < end) {
    const kind = message[offset];
    offset += 1;
    if (kind === 0) {
      if (body) throw new ProtocolError("OP_MSG has more than one body section");
      const { doc, next } = readDocument(message, offset, end);
      body = doc;
      offset = next;
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError("truncated document sequence");
      const size = message.readInt32LE(offset);
      const sectionEnd = offset + size;
      if (size < 5 || sectionEnd > end) throw new ProtocolError("invalid document sequence length");
      const { value: identifier, next } = readCString(message, offset + 4, sectionEnd);
      const docs: Document[] = [];
      let position = next;
      while (position < sectionEnd) {
        const { doc, next: after } = readDocument(message, position, sectionEnd);
        docs.push(doc);
        position = after;
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new ProtocolError("OP_MSG without a body section");
  for (const [identifier, docs] of sequences) {
    const existing = body[identifier];
    body[identifier] = Array.isArray(existing) ? [...existing, ...docs] : docs;
  }
  return { kind: "msg", requestId: header.requestId, moreToCome: (flags & MORE_TO_COME) !== 0, body };
}

function parseOpQuery(message: Buffer, header: Header): ParsedCommand {
  let offset = HEADER_SIZE + 4;
  const { value: namespace, next } = readCString(message, offset, message.length);
  offset = next + 8;
  const { doc } = readDocument(message, offset, message.length);
  // Legacy commands may wrap the command as {$query: {...}, $readPreference: ...}.
  const body = doc.$query && typeof doc.$query === "object" ? (doc.$query as Document) : doc;
  return { kind: "query", requestId: header.requestId, moreToCome: false, body, namespace };
}

let nextRequestId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const buffer = Buffer.allocUnsafe(HEADER_SIZE);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

export function serializeReply(doc: Document): Buffer {
  return Buffer.from(BSON.serialize(doc, { ignoreUndefined: true }));
}

/** An OP_MSG reply with a single body section holding an already serialized document. */
export function buildMsgReply(responseTo: number, body: Buffer): Buffer[] {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32LE(0, 0);
  prefix[4] = 0;
  return [header(HEADER_SIZE + 5 + body.length, responseTo, OpCode.Msg), prefix, body];
}

export function buildQueryReply(responseTo: number, body: Buffer): Buffer[] {
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(0, 0);
  fields.writeBigInt64LE(0n, 4);
  fields.writeInt32LE(0, 12);
  fields.writeInt32LE(1, 16);
  return [header(HEADER_SIZE + 20 + body.length, responseTo, OpCode.Reply), fields, body];
}
