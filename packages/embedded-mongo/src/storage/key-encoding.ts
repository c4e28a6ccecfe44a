import type { Binary, Decimal128, ObjectId, Timestamp } from "bson";
import { bsonTypeTag, type Doc, TypeRank, typeRank } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";

/**
 * Encodes index keys as bytes whose unsigned lexicographic order is MongoDB's comparison order, so
 * an index stored in a byte-ordered B-tree can be range-scanned. Every value's encoding starts with
 * its canonical type rank and is prefix-free, which keeps the order of a sequence of values and lets
 * a descending field be stored with its bytes inverted. Numbers are ordered as doubles (an int64 or
 * Decimal128 beyond a double's precision ties with its nearest double); strings by UTF-8 bytes.
 */
export class ByteWriter {
  private buffer = Buffer.allocUnsafe(256);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + extra));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  byte(value: number): void {
    this.ensure(1);
    this.buffer[this.length++] = value;
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  /** Inverts the bytes written since `from` (a descending field). */
  invertFrom(from: number): void {
    for (let i = from; i < this.length; i++) this.buffer[i] = ~this.buffer[i] & 0xff;
  }

  /** Writes a string's UTF-8 bytes. */
  utf8(text: string): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.ensure(text.length * 3);
    this.length += this.buffer.write(text, this.length, "utf8");
  }

  /** Starts over, keeping the buffer. */
  reset(): void {
    this.length = 0;
  }

  /** The bytes written, copied. */
  result(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }

  /** The bytes written, not copied: valid until the next write or reset. */
  view(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

const scratch = Buffer.allocUnsafe(8);

function writeDouble(out: ByteWriter, value: number): void {
  scratch.writeDoubleBE(value === 0 ? 0 : value, 0);
  if (scratch[0] & 0x80) for (let i = 0; i < 8; i++) scratch[i] = ~scratch[i] & 0xff;
  else scratch[0] |= 0x80;
  out.bytes(scratch);
}

/** Zero bytes are escaped (00 → 00 FF) so that 00 00 can end the string. */
function writeString(out: ByteWriter, text: string): void {
  // UTF-8 has a zero byte only for U+0000: text without one is written as it is.
  if (!text.includes("\0")) {
    out.utf8(text);
    out.byte(0);
    out.byte(0);
    return;
  }
  const data = Buffer.from(text, "utf8");
  let start = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i] !== 0) continue;
    out.bytes(data.subarray(start, i + 1));
    out.byte(0xff);
    start = i + 1;
  }
  out.bytes(data.subarray(start));
  out.byte(0);
  out.byte(0);
}

function numberOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (bsonTypeTag(value) === "Decimal128") return Number((value as Decimal128).toString());
  return Number((value as { valueOf(): unknown }).valueOf());
}

export function writeValue(out: ByteWriter, value: unknown): void {
  const rank = typeRank(value);
  out.byte(rank);
  switch (rank) {
    case TypeRank.MinKey:
    case TypeRank.Null:
    case TypeRank.MaxKey:
      return;
    case TypeRank.Number: {
      const number = numberOf(value);
      if (Number.isNaN(number)) out.byte(1);
      else {
        out.byte(2);
        writeDouble(out, number);
      }
      return;
    }
    case TypeRank.String:
      writeString(out, typeof value === "string" ? value : String((value as { value?: unknown }).value ?? value));
      return;
    case TypeRank.Object:
      for (const [name, field] of Object.entries(value as Doc)) {
        if (field === undefined) continue;
        out.byte(typeRank(field));
        writeString(out, name);
        writeValue(out, field);
      }
      out.byte(0);
      return;
    case TypeRank.Array:
      for (const element of value as unknown[]) writeValue(out, element);
      out.byte(0);
      return;
    case TypeRank.BinData: {
      const binary = value as Binary;
      const header = Buffer.allocUnsafe(5);
      header.writeUInt32BE(binary.position, 0);
      header[4] = binary.sub_type;
      out.bytes(header);
      out.bytes(binary.buffer.subarray(0, binary.position));
      return;
    }
    case TypeRank.ObjectId:
      out.bytes((value as ObjectId).id);
      return;
    case TypeRank.Boolean:
      out.byte(value ? 1 : 0);
      return;
    case TypeRank.Date:
      writeDouble(out, (value as Date).getTime());
      return;
    case TypeRank.Timestamp: {
      const timestamp = value as Timestamp;
      const bytes = Buffer.allocUnsafe(8);
      bytes.writeUInt32BE(timestamp.high >>> 0, 0);
      bytes.writeUInt32BE(timestamp.low >>> 0, 4);
      out.bytes(bytes);
      return;
    }
    case TypeRank.RegExp: {
      const [source, flags] =
        value instanceof RegExp
          ? [value.source, value.flags]
          : [(value as { pattern: string }).pattern, (value as { options: string }).options];
      writeString(out, source);
      writeString(out, flags);
      return;
    }
    default:
      writeString(out, String((value as { code?: unknown }).code ?? value));
  }
}

/** LMDB's largest key in the lmdb package's build. */
export const LMDB_MAX_KEY_BYTES = 1978;

/** The largest encoded index key, leaving room for the document's id that follows it. */
export const MAX_INDEX_KEY_BYTES = 1700;

export function keyTooLong(ns: string, indexName: string): ServerError {
  return new ServerError(
    ErrorCode.KeyTooLong,
    `Index key too large to store in the embedded server's data directory: collection ${ns}, index ${indexName}`,
  );
}

/** The encoded fields of one index key (`directions[i]` -1 inverts field i). */
export function writeKey(out: ByteWriter, key: readonly unknown[], directions: readonly number[]): void {
  for (let i = 0; i < key.length; i++) {
    const from = out.length;
    writeValue(out, key[i]);
    if (directions[i] === -1) out.invertFrom(from);
  }
}

/** The smallest byte string greater than every string that starts with `prefix` (null: none). */
export function successor(prefix: Buffer): Buffer | null {
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === 0xff) end--;
  if (end === 0) return null;
  const next = Buffer.from(prefix.subarray(0, end));
  next[end - 1] += 1;
  return next;
}
