import { describe, expect, it } from "vitest";
import { Types } from "mongoose";
import { BankStatementLine } from "../../models/bank-statement-line";
import { Entry } from "../../models/entry";
import { parseSort } from "../../packages/embedded-mongo/src/query/sort";
import { Engine } from "../../packages/embedded-mongo/src/storage/engine";
import { planQuery } from "../../packages/embedded-mongo/src/storage/planner";
import { reversalsSinceFilter } from "../../app/services/ledger/account-lines.server";
import type { CalendarDate } from "../../app/domain/calendar";

type Model = typeof Entry | typeof BankStatementLine;

/** A collection with the model's own indexes, as the app creates them, for the embedded planner. */
function collectionOf(model: Model) {
  const engine = new Engine();
  const collection = engine.createCollection("planner", model.collection.collectionName);
  engine.createIndexes(
    collection,
    model.schema.indexes().map(([key, options], index) => ({ key, name: `index_${index}`, ...options })),
  );
  return collection;
}

/** The fields of the index the planner chose for a filter, or null for a scan. */
function plannedIndex(model: Model, filter: Record<string, unknown>): string | null {
  const plan = planQuery(collectionOf(model), filter, parseSort({}));
  if (!plan) return null;
  const index = Number(plan.index.replace("index_", ""));
  return Object.keys(model.schema.indexes()[index][0]).join(",");
}

describe("the reversals read by bank reconciliation", () => {
  it("has an index of its own: organization, source kind and date", () => {
    expect(plannedIndex(Entry, reversalsSinceFilter("CR:3101123456", "2026-09-01" as CalendarDate))).toBe(
      "organizationId,source.kind,date",
    );
  });
});

describe("the fingerprints an import looks up", () => {
  const fingerprints = (count: number) => Array.from({ length: count }, (_, i) => `huella-${i}`);

  it("are read a thousand at a time, which the unique index serves (a whole statement at once would not)", () => {
    const bankAccountId = new Types.ObjectId();
    expect(plannedIndex(BankStatementLine, { bankAccountId, fingerprint: { $in: fingerprints(1_000) } })).toBe(
      "bankAccountId,fingerprint",
    );
    expect(plannedIndex(BankStatementLine, { bankAccountId, fingerprint: { $in: fingerprints(10_000) } })).toBeNull();
  });
});
