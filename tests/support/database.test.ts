import mongoose from "mongoose";
import { describe, expect, it } from "vitest";
import { startTestDatabase, supportsTransactions, withDatabaseName } from "./database";

describe("startTestDatabase", () => {
  it("gives each caller its own database named in the URI, usable by mongoose.connect as is", async () => {
    const first = await startTestDatabase();
    const second = await startTestDatabase();
    try {
      expect(first.uri).toMatch(new RegExp(`^mongodb://[^/]+/${first.dbName}(\\?.*)?$`));
      expect(first.dbName).not.toBe(second.dbName);
      const connection = await mongoose.createConnection(first.uri).asPromise();
      expect(connection.db?.databaseName).toBe(first.dbName);
      await connection.close();
      expect(typeof (await supportsTransactions())).toBe("boolean");
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it("puts the database name into connection strings and keeps their options", () => {
    expect(withDatabaseName("mongodb://127.0.0.1:1234", "test_a")).toBe("mongodb://127.0.0.1:1234/test_a");
    expect(withDatabaseName("mongodb://h:1/?replicaSet=rs0", "test_a")).toBe("mongodb://h:1/test_a?replicaSet=rs0");
    expect(withDatabaseName("mongodb://u:p@h:1/admin", "test_a")).toBe("mongodb://u:p@h:1/test_a?authSource=admin");
    expect(withDatabaseName("mongodb+srv://u:p@c.example.net/app?authSource=admin", "test_a")).toBe(
      "mongodb+srv://u:p@c.example.net/test_a?authSource=admin",
    );
  });
});
