import { randomBytes } from "node:crypto";
import { MongoClient } from "mongodb";
import { startEmbeddedMongo } from "../../packages/embedded-mongo/src/index";

export interface TestDatabase {
  /** Connection string that names the test database, e.g. mongodb://127.0.0.1:1234/test_ab12cd. */
  uri: string;
  dbName: string;
  stop(): Promise<void>;
}

// URIs handed out by this helper: tests copy them into process.env.MONGODB_URI for the app, which must
// not make a later test file in the same worker mistake them for an external server.
const HANDED_OUT = "__embeddedMongoTestUris";
const handedOut: Set<string> =
  ((globalThis as Record<string, unknown>)[HANDED_OUT] as Set<string> | undefined) ?? new Set();
(globalThis as Record<string, unknown>)[HANDED_OUT] = handedOut;

function externalUri(): string | undefined {
  const uri = process.env.MONGODB_URI;
  if (!uri || handedOut.has(uri)) return undefined;
  return uri;
}

function uniqueName(): string {
  return `test_${randomBytes(6).toString("hex")}`;
}

/** Puts the database name into the path of a MongoDB connection string, keeping its options. */
export function withDatabaseName(uri: string, dbName: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error(`Unrecognised MongoDB connection string: ${uri}`);
  const [, base, pathPart, query = ""] = match;
  const originalDb = (pathPart ?? "/").slice(1);
  // Credentials authenticate against the database in the path unless authSource says otherwise.
  if (originalDb && base.includes("@") && !/[?&]authSource=/.test(query)) {
    return `${base}/${dbName}${query ? `${query}&` : "?"}authSource=${originalDb}`;
  }
  return `${base}/${dbName}${query}`;
}

/**
 * A database of its own for one test file: on the MongoDB named by MONGODB_URI when set (dropped in
 * stop()), otherwise on a fresh in-memory embedded server (closed in stop()).
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const dbName = uniqueName();
  const external = externalUri();
  if (external) {
    const uri = withDatabaseName(external, dbName);
    handedOut.add(uri);
    return {
      uri,
      dbName,
      async stop() {
        const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 10_000 });
        try {
          await client.db(dbName).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  }
  const server = await startEmbeddedMongo({ port: 0 });
  const uri = server.connectionString(dbName);
  handedOut.add(uri);
  return { uri, dbName, stop: () => server.close() };
}

let transactionSupport: Promise<boolean> | null = null;

/** True on the embedded server; on a real MongoDB only when it is a replica set member (or mongos). */
export function supportsTransactions(): Promise<boolean> {
  const external = externalUri();
  if (!external) return Promise.resolve(true);
  transactionSupport ??= (async () => {
    const client = await MongoClient.connect(external, { serverSelectionTimeoutMS: 10_000 });
    try {
      const hello = await client.db("admin").command({ hello: 1 });
      return typeof hello.setName === "string" || hello.msg === "isdbgrid";
    } finally {
      await client.close();
    }
  })();
  return transactionSupport;
}
