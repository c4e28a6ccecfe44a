import mongoose, { Schema, Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, supportsTransactions, type TestDatabase } from "../../../tests/support/database";

// The same mongoose usage the app relies on: unique and compound indexes, populate, Decimal128 money,
// aggregation, counters, TTL indexes and transactions through sessions.
let database: TestDatabase;
let connection: mongoose.Connection;

const organizationSchema = new Schema({
  name: { type: String, required: true },
  taxId: { type: String, required: true, unique: true },
});
const accountSchema = new Schema(
  {
    organization: { type: Schema.Types.ObjectId, ref: "Organization", required: true },
    code: { type: String, required: true },
    name: String,
    balance: { type: Schema.Types.Decimal128, default: () => new Types.Decimal128("0") },
  },
  { timestamps: true },
);
accountSchema.index({ organization: 1, code: 1 }, { unique: true });
const counterSchema = new Schema({ _id: String, seq: { type: Number, default: 0 } });
const sessionSchema = new Schema({ user: String, expiresAt: { type: Date, required: true } });
sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

function defineModels(on: mongoose.Connection) {
  return {
    Organization: on.model("Organization", organizationSchema),
    Account: on.model("Account", accountSchema),
    Counter: on.model("Counter", counterSchema),
    LoginSession: on.model("LoginSession", sessionSchema),
  };
}
type Models = ReturnType<typeof defineModels>;

let Organization: Models["Organization"];
let Account: Models["Account"];
let Counter: Models["Counter"];
let LoginSession: Models["LoginSession"];

beforeAll(async () => {
  database = await startTestDatabase();
  connection = await mongoose.createConnection(database.uri).asPromise();
  ({ Organization, Account, Counter, LoginSession } = defineModels(connection));
  await Promise.all([Organization.init(), Account.init(), Counter.init(), LoginSession.init()]);
});

afterAll(async () => {
  await connection?.close();
  await database?.stop();
});

describe("mongoose on the embedded server", () => {
  it("creates, reads, updates and deletes with validation and timestamps", async () => {
    const org = await Organization.create({ name: "Ferretería La Esquina", taxId: "3-101-123456" });
    const account = await Account.create({
      organization: org._id,
      code: "1.1.01",
      name: "Caja general",
      balance: "1500.25",
    });
    expect(account.createdAt).toBeInstanceOf(Date);
    const found = await Account.findOne({ code: "1.1.01" }).lean();
    expect(found?.balance?.toString()).toBe("1500.25");
    await Account.updateOne({ _id: account._id }, { $set: { name: "Caja chica" } });
    expect((await Account.findById(account._id))?.name).toBe("Caja chica");
    await expect(Account.create({ code: "x" })).rejects.toThrow(/organization/);
    await Account.deleteOne({ _id: account._id });
    expect(await Account.countDocuments()).toBe(0);
  });

  it("enforces unique and compound unique indexes with E11000", async () => {
    const org = await Organization.create({ name: "Uno", taxId: "3-101-000001" });
    await expect(Organization.create({ name: "Dos", taxId: "3-101-000001" })).rejects.toMatchObject({
      code: 11000,
      keyValue: { taxId: "3-101-000001" },
    });
    await Account.create({ organization: org._id, code: "2.1" });
    await expect(Account.create({ organization: org._id, code: "2.1" })).rejects.toMatchObject({ code: 11000 });
    const other = await Organization.create({ name: "Tres", taxId: "3-101-000003" });
    await expect(Account.create({ organization: other._id, code: "2.1" })).resolves.toBeDefined();
    const indexes = await Account.collection.listIndexes().toArray();
    expect(indexes.map((index) => index.name)).toContain("organization_1_code_1");
  });

  it("populates references", async () => {
    const org = await Organization.create({ name: "Populada", taxId: "3-101-999999" });
    await Account.create({ organization: org._id, code: "9.9", name: "Bancos" });
    const account = await Account.findOne({ code: "9.9" }).populate("organization").lean();
    expect((account?.organization as unknown as { name: string }).name).toBe("Populada");
  });

  it("aggregates with $group and $lookup", async () => {
    const org = await Organization.create({ name: "Agregada", taxId: "3-101-555555" });
    await Account.insertMany([
      { organization: org._id, code: "5.1", balance: "10.10" },
      { organization: org._id, code: "5.2", balance: "20.20" },
    ]);
    const [totals] = await Account.aggregate([
      { $match: { organization: org._id } },
      { $group: { _id: "$organization", total: { $sum: "$balance" }, n: { $sum: 1 } } },
      { $lookup: { from: "organizations", localField: "_id", foreignField: "_id", as: "org" } },
    ]);
    expect(totals.total.toString()).toBe("30.30");
    expect(totals.n).toBe(2);
    expect(totals.org[0].name).toBe("Agregada");
    expect(await Account.countDocuments({ organization: org._id, code: /^5\./ })).toBe(2);
  });

  it("hands out consecutive numbers with findOneAndUpdate $inc under concurrency", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        Counter.findOneAndUpdate({ _id: "factura" }, { $inc: { seq: 1 } }, { upsert: true, new: true }).lean(),
      ),
    );
    expect(results.map((doc) => doc?.seq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it("streams a cursor", async () => {
    const org = await Organization.create({ name: "Cursor", taxId: "3-101-777777" });
    await Account.insertMany(
      Array.from({ length: 150 }, (_, i) => ({ organization: org._id, code: `c${String(i).padStart(3, "0")}` })),
    );
    let seen = 0;
    for await (const account of Account.find({ organization: org._id }).sort({ code: 1 }).batchSize(40).cursor()) {
      expect(account.code).toBe(`c${String(seen).padStart(3, "0")}`);
      seen += 1;
    }
    expect(seen).toBe(150);
  });

  it("expires documents through a TTL index", { timeout: 20_000 }, async () => {
    if (process.env.MONGODB_URI && !(await isEmbedded())) {
      console.warn("Skipping the TTL timing check on a real MongoDB (its TTL monitor runs every 60 seconds).");
      return;
    }
    await LoginSession.create([
      { user: "gone", expiresAt: new Date(Date.now() - 1000) },
      { user: "stays", expiresAt: new Date(Date.now() + 3_600_000) },
    ]);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await LoginSession.countDocuments({ user: "gone" })) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await LoginSession.countDocuments({ user: "gone" })).toBe(0);
    expect(await LoginSession.countDocuments({ user: "stays" })).toBe(1);
  });

  it("runs transactions through sessions", async () => {
    if (!(await supportsTransactions())) {
      console.warn("Skipping the mongoose transaction test: MONGODB_URI is a standalone server.");
      return;
    }
    const org = await Organization.create({ name: "Transaccional", taxId: "3-101-888888" });
    await connection.transaction(async (session) => {
      await Account.create([{ organization: org._id, code: "t1" }], { session });
      await Counter.findOneAndUpdate({ _id: "asiento" }, { $inc: { seq: 1 } }, { upsert: true, session });
    });
    expect(await Account.countDocuments({ code: "t1" })).toBe(1);
    await expect(
      connection.transaction(async (session) => {
        await Account.create([{ organization: org._id, code: "t2" }], { session });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await Account.countDocuments({ code: "t2" })).toBe(0);
  });
});

async function isEmbedded(): Promise<boolean> {
  const info = await connection.db!.admin().command({ buildInfo: 1 });
  return String(info.version).includes("embedded");
}
