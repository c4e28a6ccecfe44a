import { describe, expect, it } from "vitest";
import { Entry } from "../../models/entry";
import { parseSort } from "../../packages/embedded-mongo/src/query/sort";
import { Engine } from "../../packages/embedded-mongo/src/storage/engine";
import { planQuery } from "../../packages/embedded-mongo/src/storage/planner";
import { reversalsSinceFilter } from "../../app/services/ledger/account-lines.server";
import type { CalendarDate } from "../../app/domain/calendar";

/** The entries collection with the model's own indexes, as the app creates them. */
function entriesCollection() {
  const engine = new Engine();
  const collection = engine.createCollection("planner", "entries");
  engine.createIndexes(
    collection,
    Entry.schema.indexes().map(([key, options], index) => ({ key, name: `entries_${index}`, ...options })),
  );
  return collection;
}

function indexKey(name: string): string {
  const index = Number(name.replace("entries_", ""));
  return Object.keys(Entry.schema.indexes()[index][0]).join(",");
}

describe("the reversals read by bank reconciliation", () => {
  it("has an index of its own: organization, source kind and date", () => {
    const plan = planQuery(
      entriesCollection(),
      reversalsSinceFilter("CR:3101123456", "2026-09-01" as CalendarDate),
      parseSort({}),
    );
    expect(plan).not.toBeNull();
    expect(indexKey(plan!.index)).toBe("organizationId,source.kind,date");
  });
});
