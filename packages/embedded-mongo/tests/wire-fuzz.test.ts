import net from "node:net";
import { BSON } from "bson";
import fc from "fast-check";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedMongo, startEmbeddedMongo } from "../src/index";
import { parseMessage } from "../src/wire/protocol";

// Random and mutated wire messages must only ever cost the sender its connection or earn an error
// reply: the server keeps running and keeps serving other clients.
let server: EmbeddedMongo;
let client: MongoClient;

beforeAll(async () => {
  server = await startEmbeddedMongo();
  client = await MongoClient.connect(server.uri);
  await client
    .db("fuzz")
    .collection("items")
    .insertMany([{ a: 1 }, { a: 2 }]);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

function opMsg(
  body: Record<string, unknown>,
  sequence?: { id: string; docs: Record<string, unknown>[] },
  flags = 0,
): Buffer {
  const sections: Buffer[] = [Buffer.from([0]), Buffer.from(BSON.serialize(body))];
  if (sequence) {
    const docs = sequence.docs.map((doc) => Buffer.from(BSON.serialize(doc)));
    const id = Buffer.from(`${sequence.id}\u0000`, "utf8");
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + id.length + docs.reduce((total, doc) => total + doc.length, 0));
    sections.push(Buffer.from([1]), size, id, ...docs);
  }
  const payload = Buffer.concat(sections);
  const header = Buffer.alloc(20);
  header.writeInt32LE(20 + payload.length, 0);
  header.writeInt32LE(7, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(2013, 12);
  header.writeUInt32LE(flags, 16);
  return Buffer.concat([header, payload]);
}

const validMessages = [
  opMsg({ ping: 1, $db: "admin" }),
  opMsg({ find: "items", filter: { a: { $gte: 1 } }, $db: "fuzz" }),
  opMsg({ insert: "items", $db: "fuzz" }, { id: "documents", docs: [{ a: 3 }, { b: "x" }] }),
  opMsg({ update: "items", updates: [{ q: { a: 1 }, u: { $inc: { a: 1 } } }], $db: "fuzz" }),
  opMsg({ aggregate: "items", pipeline: [{ $group: { _id: null, n: { $sum: 1 } } }], cursor: {}, $db: "fuzz" }),
];

type Outcome = "reply" | "closed" | "silent";

/** Sends bytes on a fresh connection and reports whether a reply came, the server hung up, or neither. */
function send(bytes: Buffer, waitMs = 300): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, "127.0.0.1");
    let settled = false;
    let received = Buffer.alloc(0);
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish("silent"), waitMs);
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 4 && received.length >= received.readInt32LE(0)) finish("reply");
    });
    socket.on("close", () => finish("closed"));
    socket.on("error", () => finish("closed"));
    socket.on("connect", () => socket.write(bytes));
  });
}

/** Sends messages on one connection and collects the replies that arrive within a short wait. */
async function exchange(messages: Buffer[], waitMs = 400): Promise<Buffer[]> {
  const socket = net.connect(server.port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  const replies: Buffer[] = [];
  let buffered = Buffer.alloc(0);
  socket.on("data", (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 4 && buffered.length >= buffered.readInt32LE(0)) {
      const length = buffered.readInt32LE(0);
      replies.push(buffered.subarray(0, length));
      buffered = buffered.subarray(length);
    }
  });
  for (const message of messages) socket.write(message);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  socket.destroy();
  return replies;
}

async function serverStillWorks(): Promise<void> {
  expect(await client.db("admin").command({ ping: 1 })).toMatchObject({ ok: 1 });
  expect(
    await client
      .db("fuzz")
      .collection("items")
      .countDocuments({ a: { $exists: true } }),
  ).toBeGreaterThanOrEqual(2);
}

describe("wire protocol robustness", () => {
  it("answers valid messages sent on raw sockets", async () => {
    for (const message of validMessages) expect(await send(message)).toBe("reply");
  });

  it("skips a trailing checksum and sends no reply for moreToCome", async () => {
    const withChecksum = opMsg({ ping: 1, $db: "admin" }, undefined, 1);
    const padded = Buffer.concat([withChecksum, Buffer.from([1, 2, 3, 4])]);
    padded.writeInt32LE(padded.length, 0);
    const replies = await exchange([
      opMsg({ insert: "items", documents: [{ silent: true }], $db: "fuzz" }, undefined, 2),
      padded,
    ]);
    expect(replies).toHaveLength(1);
    expect(BSON.deserialize(replies[0].subarray(21)).ok).toBe(1);
    expect(await client.db("fuzz").collection("items").countDocuments({ silent: true })).toBe(1);
  });

  it("closes connections that announce a bad length", async () => {
    const tooLarge = Buffer.alloc(16);
    tooLarge.writeInt32LE(48_000_001, 0);
    expect(await send(tooLarge)).toBe("closed");
    const tooSmall = Buffer.alloc(16);
    tooSmall.writeInt32LE(8, 0);
    expect(await send(tooSmall)).toBe("closed");
    const negative = Buffer.alloc(16, 0xff);
    expect(await send(negative)).toBe("closed");
    await serverStillWorks();
  });

  it("answers malformed OP_MSG bodies with an error and keeps the connection usable", async () => {
    const broken = Buffer.from(validMessages[1]);
    broken.writeInt32LE(9999, 21);
    const replies = await exchange([broken, validMessages[0]]);
    expect(replies).toHaveLength(2);
    const first = BSON.deserialize(replies[0].subarray(21));
    const second = BSON.deserialize(replies[1].subarray(21));
    expect(first.ok).toBe(0);
    expect(second.ok).toBe(1);
  });

  it("survives truncated messages and connections closed mid-message", async () => {
    for (const message of validMessages) {
      for (const cut of [1, 4, 10, 17, message.length - 1]) {
        expect(await send(message.subarray(0, cut), 50)).not.toBe("reply");
      }
    }
    await serverStillWorks();
  });

  it("survives random bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (bytes) => {
        await send(Buffer.from(bytes), 40);
        return true;
      }),
      { numRuns: 150 },
    );
    await serverStillWorks();
  });

  it("survives mutated valid messages", async () => {
    const mutation = fc.record({
      message: fc.constantFrom(...validMessages),
      edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
      keepLength: fc.boolean(),
    });
    let replies = 0;
    await fc.assert(
      fc.asyncProperty(mutation, async ({ message, edits, keepLength }) => {
        const bytes = Buffer.from(message);
        for (const [position, value] of edits) {
          const index = keepLength ? 4 + (position % (bytes.length - 4)) : position % bytes.length;
          bytes[index] = value;
        }
        if ((await send(bytes, 60)) === "reply") replies += 1;
        return true;
      }),
      { numRuns: 300 },
    );
    expect(replies).toBeGreaterThan(0);
    await serverStillWorks();
  });

  it("the parser rejects garbage with errors instead of crashing", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 200 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        buffer.writeInt32LE(buffer.length, 0);
        buffer.writeInt32LE(2013, 12);
        try {
          parseMessage(buffer);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});
