import zlib from "node:zlib";

/**
 * A gzip body assembled from pieces compressed once and short pieces that change per response (the
 * CSP nonce of a reused document, decision 175). DEFLATE (RFC 1951) allows it: each kept piece is
 * compressed on its own and ended with a sync flush, so it stops on a byte boundary and refers only
 * to its own bytes; a changing piece goes in as a stored (uncompressed) block; one empty final block
 * closes the stream. The gzip trailer (RFC 1952) is the CRC-32 and length of the whole text.
 */
export interface CompressedPiece {
  /** Raw DEFLATE blocks of `text`, the last one not final, ending on a byte boundary. */
  deflated: Buffer;
  text: Buffer;
}

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const STORED_BLOCK_MAX = 0xffff;

export function canStitchGzip(): boolean {
  return typeof zlib.crc32 === "function";
}

export function compressPiece(text: Buffer, level = 6): CompressedPiece {
  return { text, deflated: zlib.deflateRawSync(text, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

function storedBlocks(text: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < text.length; start += STORED_BLOCK_MAX) {
    const chunk = text.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** zlib's crc32 answers 0 for a buffer without memory behind it, whatever the running value. */
function crc32(bytes: Buffer, running: number): number {
  return bytes.length === 0 ? running : zlib.crc32(bytes, running);
}

/** The kept pieces with `between` stored between each two, as one gzip member. */
export function stitchGzip(pieces: CompressedPiece[], between: Buffer): Buffer {
  const out: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, index) => {
    if (index > 0) {
      out.push(...storedBlocks(between));
      crc = crc32(between, crc);
      size += between.length;
    }
    out.push(piece.deflated);
    crc = crc32(piece.text, crc);
    size += piece.text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(out);
}
