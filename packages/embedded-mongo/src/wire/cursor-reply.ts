/**
 * Builds `{cursor: {firstBatch|nextBatch: [...], id, ns}, ok: 1}` around documents that are already
 * BSON-encoded, so each document is encoded once and batch sizes are known exactly.
 */
export function buildCursorReply(
  batchName: "firstBatch" | "nextBatch",
  docs: Uint8Array[],
  cursorId: bigint,
  ns: string,
): Buffer {
  const nsLength = Buffer.byteLength(ns, "utf8");
  let arraySize = 5;
  for (let i = 0; i < docs.length; i++) arraySize += 1 + String(i).length + 1 + docs[i].length;
  // cursor document: batch array, id (int64), ns (string)
  const cursorSize = 4 + (1 + batchName.length + 1 + arraySize) + (1 + 3 + 8) + (1 + 3 + 4 + nsLength + 1) + 1;
  const totalSize = 4 + (1 + 7 + cursorSize) + (1 + 3 + 8) + 1;
  const out = Buffer.allocUnsafe(totalSize);
  let offset = 0;
  offset = out.writeInt32LE(totalSize, offset);
  out[offset++] = 0x03;
  offset += out.write("cursor\u0000", offset, "latin1");
  offset = out.writeInt32LE(cursorSize, offset);
  out[offset++] = 0x04;
  offset += out.write(`${batchName}\u0000`, offset, "latin1");
  offset = out.writeInt32LE(arraySize, offset);
  for (let i = 0; i < docs.length; i++) {
    out[offset++] = 0x03;
    offset += out.write(`${i}\u0000`, offset, "latin1");
    out.set(docs[i], offset);
    offset += docs[i].length;
  }
  out[offset++] = 0;
  out[offset++] = 0x12;
  offset += out.write("id\u0000", offset, "latin1");
  offset = out.writeBigInt64LE(cursorId, offset);
  out[offset++] = 0x02;
  offset += out.write("ns\u0000", offset, "latin1");
  offset = out.writeInt32LE(nsLength + 1, offset);
  offset += out.write(ns, offset, "utf8");
  out[offset++] = 0;
  out[offset++] = 0;
  out[offset++] = 0x01;
  offset += out.write("ok\u0000", offset, "latin1");
  offset = out.writeDoubleLE(1, offset);
  out[offset++] = 0;
  if (offset !== totalSize) throw new Error(`cursor reply size mismatch ${offset} != ${totalSize}`);
  return out;
}
