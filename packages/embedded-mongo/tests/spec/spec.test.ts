import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedMongo, startEmbeddedMongo } from "../../src/index";
import { KNOWN_FAILURES, UNSTABLE } from "./known-failures";
import {
  checkEvents,
  closeEntities,
  createEntities,
  Entities,
  match,
  parseSpecFile,
  type RunContext,
  runOperation,
  unmetRequirements,
} from "./unified-runner";

/**
 * MongoDB's unified-format specification tests (vendored from the Node driver's repository, see
 * SOURCE) run through the real driver against this server as a one-node replica set. Tests whose
 * requirements a 7.0 replica set does not meet are skipped with the reason; the known failures are
 * listed with theirs in known-failures.ts. The run fails when a listed test passes, an unlisted one
 * fails, a listed one is not an applicable test, or the pass rate of the applicable tests drops below
 * 95 %.
 */
const SUITES = ["crud", "transactions", "transactions-convenient-api"];
const MINIMUM_PASS_RATE = 0.95;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Tally {
  applicable: number;
  passed: number;
  skipped: number;
}
const tallies = new Map<string, Tally>(SUITES.map((suite) => [suite, { applicable: 0, passed: 0, skipped: 0 }]));
const skipReasons = new Map<string, number>();
const applicableIds = new Set<string>();

let server: EmbeddedMongo;
let internal: MongoClient;

beforeAll(async () => {
  server = await startEmbeddedMongo({ port: 0, enableTestCommands: true });
  internal = await MongoClient.connect(server.connectionString());
});

afterAll(async () => {
  await internal?.close();
  await server?.close();
  const lines = [...tallies].map(
    ([suite, tally]) =>
      `${suite}: ${tally.passed}/${tally.applicable} applicable passed (${((100 * tally.passed) / Math.max(1, tally.applicable)).toFixed(1)} %), ${tally.skipped} skipped`,
  );
  const total = [...tallies.values()].reduce(
    (sum, tally) => ({ applicable: sum.applicable + tally.applicable, passed: sum.passed + tally.passed }),
    { applicable: 0, passed: 0 },
  );
  lines.push(
    `total: ${total.passed}/${total.applicable} (${((100 * total.passed) / Math.max(1, total.applicable)).toFixed(1)} %)`,
  );
  for (const [reason, count] of [...skipReasons].sort((a, b) => b[1] - a[1]))
    lines.push(`  skipped ${count}: ${reason}`);
  console.log(`MongoDB specification tests\n${lines.join("\n")}`);
  if (total.applicable > 0) expect(total.passed / total.applicable).toBeGreaterThanOrEqual(MINIMUM_PASS_RATE);
});

async function runTest(file: ReturnType<typeof parseSpecFile>, test: (typeof file.tests)[number]): Promise<void> {
  await internal
    .db("admin")
    .command({ killAllSessions: [] })
    .catch(() => undefined);
  for (const data of file.initialData ?? []) {
    const db = internal.db(data.databaseName);
    await db.dropCollection(data.collectionName, { writeConcern: { w: "majority" } }).catch(() => undefined);
    if (data.createOptions || data.documents.length === 0)
      await db.createCollection(data.collectionName, {
        ...(data.createOptions ?? {}),
        writeConcern: { w: "majority" },
      });
    if (data.documents.length > 0)
      await db.collection(data.collectionName).insertMany(data.documents, { writeConcern: { w: "majority" } });
  }
  const entities = new Entities();
  const context: RunContext = { entities, uri: server.connectionString(), internal, failPointsSet: [] };
  try {
    await createEntities(context.uri, file.createEntities ?? [], entities);
    for (const operation of test.operations) await runOperation(operation, context);
    if (test.expectEvents) checkEvents(test.expectEvents, entities);
  } finally {
    for (const client of context.failPointsSet)
      await client
        .db("admin")
        .command({ configureFailPoint: "failCommand", mode: "off" })
        .catch(() => undefined);
    await closeEntities(entities);
  }
  for (const outcome of test.outcome ?? []) {
    const documents = await internal
      .db(outcome.databaseName)
      .collection(outcome.collectionName)
      .find({}, { sort: { _id: 1 }, readConcern: { level: "local" } })
      .toArray();
    match(outcome.documents, documents, entities, `outcome ${outcome.collectionName}`, false);
  }
}

for (const suite of SUITES) {
  const directory = path.join(here, suite);
  const tally = tallies.get(suite)!;
  describe(suite, () => {
    for (const fileName of readdirSync(directory)
      .filter((name) => name.endsWith(".json"))
      .sort()) {
      const file = parseSpecFile(readFileSync(path.join(directory, fileName), "utf8"));
      describe(fileName, () => {
        for (const test of file.tests) {
          const id = `${suite}/${fileName.replace(/\.json$/, "")}: ${test.description}`;
          const reason =
            unmetRequirements(file.runOnRequirements) ??
            unmetRequirements(test.runOnRequirements) ??
            (test.skipReason ? `skipReason: ${test.skipReason}` : null);
          if (reason) {
            tally.skipped += 1;
            const key = reason.split(";")[0];
            skipReasons.set(key, (skipReasons.get(key) ?? 0) + 1);
            it.skip(`${test.description} (${reason})`, () => undefined);
            continue;
          }
          tally.applicable += 1;
          applicableIds.add(id);
          const known = KNOWN_FAILURES[id];
          it(test.description, async () => {
            let failure: unknown = null;
            try {
              await runTest(file, test);
            } catch (error) {
              failure = error;
            }
            if (UNSTABLE[id]) {
              if (failure) console.warn(`unstable test failed (${UNSTABLE[id]}): ${id}`);
              else tally.passed += 1;
              return;
            }
            if (known) {
              expect(
                failure,
                `listed as failing (${known}) but passes: remove it from known-failures.ts`,
              ).not.toBeNull();
              return;
            }
            if (failure) throw failure;
            tally.passed += 1;
          });
        }
      });
    }
  });
}

describe("known-failures.ts", () => {
  it("lists only tests that exist and apply here", () => {
    const listed = [...Object.keys(KNOWN_FAILURES), ...Object.keys(UNSTABLE)];
    expect(listed.filter((id) => !applicableIds.has(id))).toEqual([]);
  });
});
