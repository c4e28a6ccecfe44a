import { type Db, MongoClient } from "mongodb";
import { afterAll, beforeAll } from "vitest";
import { startTestDatabase, type TestDatabase } from "../../../../tests/support/database";

export interface Harness {
  readonly db: Db;
  readonly client: MongoClient;
  readonly uri: string;
}

/** One database per test file (embedded by default, MONGODB_URI when set), with a driver client. */
export function useDatabase(): Harness {
  let database: TestDatabase;
  let client: MongoClient;
  beforeAll(async () => {
    database = await startTestDatabase();
    client = await MongoClient.connect(database.uri);
  });
  afterAll(async () => {
    await client?.close();
    await database?.stop();
  });
  return {
    get db() {
      return client.db(database.dbName);
    },
    get client() {
      return client;
    },
    get uri() {
      return database.uri;
    },
  };
}

/** Strips _id so assertions can compare document bodies. */
export function withoutIds<T extends Record<string, unknown>>(docs: T[]): Array<Omit<T, "_id">> {
  return docs.map(({ _id, ...rest }) => rest);
}
