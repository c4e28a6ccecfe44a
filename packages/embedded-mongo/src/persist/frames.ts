import { crc32 } from "node:zlib";
import { BSON, type Document } from "bson";
import { DESERIALIZE_OPTIONS } from "../wire/protocol";

/**
 * On-disk unit of the journal and the snapshot: [payload length u32][crc32 u32][payload], where the
 * payload is a run of BSON documents. A frame counts only if it is complete and its checksum matches,
 * which is how a torn write at the end of a file is recognised and ignored.
 */
const FRAME_HEADER = 8;

export function encodeFrame(documents: Uint8Array[]): Buffer {
  let payloadLength = 0;
  for (const doc of documents) payloadLength += doc.length;
  const frame = Buffer.allocUnsafe(FRAME_HEADER + payloadLength);
  let offset = FRAME_HEADER;
  for (const doc of documents) {
    frame.set(doc, offset);
    offset += doc.length;
  }
  frame.writeUInt32LE(payloadLength, 0);
  frame.writeUInt32LE(crc32(frame.subarray(FRAME_HEADER)), 4);
  return frame;
}

export function serializeDocument(doc: Document): Uint8Array {
  return BSON.serialize(doc, { ignoreUndefined: true });
}

export interface DecodedFrames {
  frames: Document[][];
  /** Bytes of valid frames; anything after is a torn or corrupt tail. */
  validLength: number;
  tornTail: boolean;
}

export function decodeFrames(data: Buffer): DecodedFrames {
  const frames: Document[][] = [];
  let offset = 0;
  while (offset + FRAME_HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    const checksum = data.readUInt32LE(offset + 4);
    const end = offset + FRAME_HEADER + length;
    if (end > data.length) break;
    const payload = data.subarray(offset + FRAME_HEADER, end);
    if (crc32(payload) !== checksum) break;
    const documents: Document[] = [];
    let position = 0;
    let valid = true;
    while (position < payload.length) {
      if (position + 4 > payload.length) {
        valid = false;
        break;
      }
      const size = payload.readInt32LE(position);
      if (size < 5 || position + size > payload.length) {
        valid = false;
        break;
      }
      documents.push(BSON.deserialize(payload.subarray(position, position + size), DESERIALIZE_OPTIONS));
      position += size;
    }
    if (!valid) break;
    frames.push(documents);
    offset = end;
  }
  return { frames, validLength: offset, tornTail: offset < data.length };
}
