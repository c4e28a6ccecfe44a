import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { MongoClient, MongoWriteConcernError, Timestamp } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedMongo, startEmbeddedMongo } from "../src/index";

let server: EmbeddedMongo;
beforeAll(async () => {
  server = await startEmbeddedMongo({ port: 0 });
});
afterAll(() => server?.close());

async function withClient<T>(uri: string, work: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

function topologyType(client: MongoClient): string {
  return (client as unknown as { topology: { description: { type: string } } }).topology.description.type;
}

describe("a single-node replica set as the driver sees it", () => {
  it("answers hello as the writable primary of its set, listing the address clients connect to", async () => {
    await withClient(server.uri, async (client) => {
      const hello = await client.db("admin").command({ hello: 1 });
      const address = server.uri.replace("mongodb://", "");
      expect(hello).toMatchObject({
        setName: "rs0",
        isWritablePrimary: true,
        secondary: false,
        hosts: [address],
        primary: address,
        me: address,
        setVersion: 1,
      });
      expect(hello.electionId).toBeDefined();
      expect(hello.topologyVersion).toBeUndefined();
    });
  });

  it("is discovered as a replica set with or without ?replicaSet, and refuses another set name", async () => {
    await withClient(server.uri, async (client) => {
      await client.db("t").command({ ping: 1 });
      expect(topologyType(client)).toBe("ReplicaSetWithPrimary");
    });
    await withClient(server.connectionString("t"), async (client) => {
      await client.db().collection("c").insertOne({ a: 1 });
      expect(topologyType(client)).toBe("ReplicaSetWithPrimary");
      expect(client.db().databaseName).toBe("t");
    });
    const wrong = new MongoClient(`${server.uri}/?replicaSet=other`, { serverSelectionTimeoutMS: 500 });
    await expect(wrong.connect()).rejects.toThrow();
    await wrong.close();
  });

  it("works over an owner-only Unix socket with ?replicaSet (the app's connection string)", async () => {
    // mkdtemp's suffix has capitals: a lowercase path is what lets the driver rediscover the member.
    const directory = path.join(os.tmpdir(), `rs-socket-${randomBytes(4).toString("hex")}`);
    await mkdir(directory, { mode: 0o700 });
    const local = await startEmbeddedMongo({ socketPath: path.join(directory, "db.sock") });
    try {
      await withClient(local.connectionString("app"), async (client) => {
        const hello = await client.db("admin").command({ hello: 1 });
        expect(hello.hosts).toEqual([path.join(directory, "db.sock")]);
        await client.withSession((session) =>
          session.withTransaction(() => client.db().collection("c").insertOne({ x: 1 }, { session })),
        );
        expect(await client.db().collection("c").countDocuments()).toBe(1);
      });
    } finally {
      await local.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("reaches a socket whose path has capital letters directly, since the driver lowercases reported hosts", async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), "RS-Upper-"));
    const local = await startEmbeddedMongo({ socketPath: path.join(directory, "db.sock") });
    try {
      expect(local.connectionString("app")).toContain("directConnection=true");
      await withClient(local.connectionString("app"), async (client) => {
        await client.withSession((session) =>
          session.withTransaction(() => client.db().collection("c").insertOne({ x: 1 }, { session })),
        );
        expect(await client.db().collection("c").countDocuments()).toBe(1);
      });
    } finally {
      await local.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("reports its status and configuration as one healthy primary", async () => {
    await withClient(server.uri, async (client) => {
      const status = await client.db("admin").command({ replSetGetStatus: 1 });
      expect(status.set).toBe("rs0");
      expect(status.myState).toBe(1);
      expect(status.members).toHaveLength(1);
      expect(status.members[0]).toMatchObject({ stateStr: "PRIMARY", self: true, health: 1 });
      const config = await client.db("admin").command({ replSetGetConfig: 1 });
      expect(config.config.members).toHaveLength(1);
    });
  });

  it("puts operationTime and $clusterTime on replies, advancing with each write", async () => {
    await withClient(server.uri, async (client) => {
      const db = client.db("times");
      const first = await db.command({ ping: 1 });
      expect(first.operationTime).toBeInstanceOf(Timestamp);
      expect(first.$clusterTime.clusterTime).toBeInstanceOf(Timestamp);
      await db.collection("c").insertOne({ n: 1 });
      const found = await db.command({ find: "c", filter: {} });
      expect(found.cursor.firstBatch).toHaveLength(1);
      expect((found.operationTime as Timestamp).greaterThan(first.operationTime as Timestamp)).toBe(true);
    });
  });

  it("serves snapshot reads at the cluster time of the session's first read", async () => {
    await withClient(server.uri, async (client) => {
      const items = client.db("snap").collection<{ _id: number; v: number }>("items");
      await items.insertMany([
        { _id: 1, v: 1 },
        { _id: 2, v: 1 },
      ]);
      const session = client.startSession({ snapshot: true });
      try {
        expect(await items.findOne({ _id: 1 }, { session })).toEqual({ _id: 1, v: 1 });
        const snapshotTime = (session as unknown as { snapshotTime?: Timestamp }).snapshotTime;
        expect(snapshotTime).toBeInstanceOf(Timestamp);
        await items.updateMany({}, { $set: { v: 2 } });
        await items.insertOne({ _id: 3, v: 2 });
        expect(await items.find({}, { session }).sort({ _id: 1 }).toArray()).toEqual([
          { _id: 1, v: 1 },
          { _id: 2, v: 1 },
        ]);
        expect(await items.distinct("v", {}, { session })).toEqual([1]);
        expect(await items.countDocuments({}, { session })).toBe(2);
      } finally {
        await session.endSession();
      }
      expect(await items.distinct("v")).toEqual([2]);
    });
  });

  it("refuses a snapshot read of a time whose history is gone, and snapshot on commands that cannot", async () => {
    await withClient(server.uri, async (client) => {
      const db = client.db("snap2");
      await db.collection("c").insertOne({ a: 1 });
      const old = (await db.command({ ping: 1 })).operationTime as Timestamp;
      await db.collection("c").insertOne({ a: 2 });
      await expect(
        db.command({ find: "c", readConcern: { level: "snapshot", atClusterTime: old } }),
      ).rejects.toMatchObject({ code: 239, codeName: "SnapshotTooOld" });
      await expect(db.command({ count: "c", readConcern: { level: "snapshot" } })).rejects.toMatchObject({
        code: 72,
      });
      await expect(
        db.command({ find: "c", readConcern: { level: "local", atClusterTime: old } }),
      ).rejects.toMatchObject({ code: 72 });
    });
  });

  it("applies a write with w greater than the members but reports MongoDB's writeConcernError", async () => {
    await withClient(server.uri, async (client) => {
      const c = client.db("wc").collection("c");
      await expect(c.insertOne({ _id: 1 } as never, { writeConcern: { w: 2 } })).rejects.toBeInstanceOf(
        MongoWriteConcernError,
      );
      await expect(c.insertOne({ _id: 2 } as never, { writeConcern: { w: 2 } })).rejects.toMatchObject({
        code: 100,
        message: "Not enough data-bearing nodes",
      });
      await c.insertOne({ _id: 3 } as never, { writeConcern: { w: "majority" } });
      await c.insertOne({ _id: 4 } as never, { writeConcern: { w: 1, j: true } });
      expect(await c.countDocuments()).toBe(4);
    });
  });
});
