import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Db, MongoClient, ObjectId } from "mongodb";
import { startEmbeddedMongo } from "../src/index";

/**
 * Benchmark of the embedded MongoDB-compatible server through the real driver. Prints one line per
 * figure; targets from the issue are shown beside the measured values.
 */
interface Figure {
  name: string;
  value: string;
  target?: string;
}

const figures: Figure[] = [];

function record(name: string, value: string, target?: string): void {
  figures.push({ name, value, target });
  console.log(`${name.padEnd(52)} ${value.padStart(14)}${target ? `   (target ${target})` : ""}`);
}

async function time<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

function entry(i: number, orgs: number) {
  return {
    orgId: `org-${i % orgs}`,
    date: new Date(Date.UTC(2024, 0, 1) + (i % 730) * 86_400_000),
    number: i,
    account: `1.1.${String(i % 97).padStart(2, "0")}`,
    amount: (i % 10_000) / 100,
    memo: `Asiento ${i}`,
  };
}

async function fill(db: Db, name: string, count: number): Promise<void> {
  const collection = db.collection(name);
  for (let start = 0; start < count; start += 10_000) {
    await collection.insertMany(
      Array.from({ length: Math.min(10_000, count - start) }, (_, k) => entry(start + k, 50)),
    );
  }
}

async function perOperation(rounds: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await work(i);
  return (performance.now() - started) / rounds;
}

export async function runEmbeddedMongoBench(): Promise<Figure[]> {
  const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-bench-"));
  try {
    console.log(`embedded MongoDB benchmark (node ${process.version}, ${os.cpus().length} cores)`);
    let server = await startEmbeddedMongo({ dbPath });
    let client = await MongoClient.connect(server.uri);
    let db = client.db("bench");

    const batch = Array.from({ length: 10_000 }, (_, i) => ({ _id: new ObjectId(), ...entry(i, 50) }));
    const [, insertMs] = await time(() => db.collection("small").insertMany(batch));
    record("insertMany 10k documents (durable)", `${insertMs.toFixed(0)} ms`);
    const [docs, findMs] = await time(() => db.collection("small").find().toArray());
    record(`find 10k toArray (${docs.length} documents)`, `${findMs.toFixed(0)} ms`);

    await fill(db, "large", 100_000);
    const large = db.collection("large");
    await large.createIndex({ orgId: 1, date: -1 });
    await large.createIndex({ number: 1 }, { unique: true });
    record("ping", `${(await perOperation(300, () => db.command({ ping: 1 }))).toFixed(3)} ms`);
    const equality = await perOperation(500, (i) => large.findOne({ number: (i * 7919) % 100_000 }));
    record("indexed equality lookup, 100k documents", `${equality.toFixed(3)} ms`, "< 2 ms");
    const range = await perOperation(300, (i) =>
      large
        .find({
          orgId: `org-${i % 50}`,
          date: {
            $gte: new Date(Date.UTC(2024, 0, 1) + (i % 700) * 86_400_000),
            $lt: new Date(Date.UTC(2024, 0, 1) + ((i % 700) + 30) * 86_400_000),
          },
        })
        .toArray(),
    );
    record("indexed range query (org + 30 days), 100k documents", `${range.toFixed(3)} ms`, "< 2 ms");
    const sorted = await perOperation(200, (i) =>
      large
        .find({ orgId: `org-${i % 50}` })
        .sort({ date: -1 })
        .limit(20)
        .toArray(),
    );
    record("latest 20 of one org via index sort, 100k documents", `${sorted.toFixed(3)} ms`);
    const [groups, groupMs] = await time(() =>
      large.aggregate([{ $group: { _id: "$account", total: { $sum: "$amount" }, n: { $sum: 1 } } }]).toArray(),
    );
    record(`$group over 100k (${groups.length} groups)`, `${groupMs.toFixed(0)} ms`);
    const [, countMs] = await time(() => large.countDocuments({ orgId: "org-7" }));
    record("countDocuments on an indexed field, 100k documents", `${countMs.toFixed(1)} ms`);

    await fill(db, "txn_small", 1_000);
    const transaction = async (name: string) =>
      perOperation(200, async (i) => {
        const session = client.startSession();
        try {
          await session.withTransaction(async () => {
            await db
              .collection(name)
              .insertOne(
                { transaction: i, number: -1 - i - (name === "large" ? 0 : 1_000_000), at: new Date() },
                { session },
              );
          });
        } finally {
          await session.endSession();
        }
      });
    const onSmall = await transaction("txn_small");
    const onLarge = await transaction("large");
    record("one-insert transaction on 1k documents", `${onSmall.toFixed(3)} ms`);
    record("one-insert transaction on 100k documents", `${onLarge.toFixed(3)} ms`, "within 2x of 1k");
    record("  ratio 100k / 1k", `${(onLarge / onSmall).toFixed(2)}x`);

    const concurrentStarted = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, (_, w) => perOperation(50, (i) => db.collection("concurrent").insertOne({ w, i }))),
    );
    const perWrite = (performance.now() - concurrentStarted) / 1000;
    record("durable insertOne, 20 concurrent writers (group commit)", `${perWrite.toFixed(3)} ms/write`);

    await client.close();
    await server.close();
    const [restarted, restartMs] = await time(() => startEmbeddedMongo({ dbPath, snapshotOnClose: false }));
    server = restarted;
    client = await MongoClient.connect(server.uri);
    db = client.db("bench");
    record(
      `restart from snapshot (${await db.collection("large").estimatedDocumentCount()} + 12.2k documents)`,
      `${restartMs.toFixed(0)} ms`,
    );
    await db.collection("large").updateMany({ orgId: "org-1" }, { $set: { touched: true } });
    await client.close();
    await server.close();
    const [replayed, replayMs] = await time(() => startEmbeddedMongo({ dbPath }));
    record("restart replaying the journal (snapshot + 2k updates)", `${replayMs.toFixed(0)} ms`);
    await replayed.close();

    const journalOnly = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-bench-journal-"));
    try {
      const writer = await startEmbeddedMongo({
        dbPath: journalOnly,
        compactAfterBytes: Number.MAX_SAFE_INTEGER,
        snapshotOnClose: false,
      });
      const writerClient = await MongoClient.connect(writer.uri);
      await fill(writerClient.db("bench"), "large", 100_000);
      await writerClient.close();
      await writer.close();
      const [fromJournal, journalMs] = await time(() =>
        startEmbeddedMongo({ dbPath: journalOnly, snapshotOnClose: false }),
      );
      record("recovery of 100k documents from the journal alone", `${journalMs.toFixed(0)} ms`);
      await fromJournal.close();
    } finally {
      fs.rmSync(journalOnly, { recursive: true, force: true });
    }
    return figures;
  } finally {
    fs.rmSync(dbPath, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runEmbeddedMongoBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
