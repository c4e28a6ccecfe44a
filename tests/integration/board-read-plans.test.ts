import { describe, expect, it } from "vitest";
import { lastImportFilter, LAST_IMPORT_SORT } from "../../app/services/board/month-figures.server";
import { Receipt } from "../../models/receipt";
import { parseSort } from "../../packages/embedded-mongo/src/query/sort";
import { Engine } from "../../packages/embedded-mongo/src/storage/engine";
import { planQuery } from "../../packages/embedded-mongo/src/storage/planner";

// The board's reads that must stay short however many receipts a client has: the plan the embedded
// database chooses for them, with the receipts' own indexes.

function receiptsCollection() {
  const engine = new Engine();
  const collection = engine.createCollection("planner", Receipt.collection.collectionName);
  engine.createIndexes(
    collection,
    Receipt.schema.indexes().map(([key, options], index) => ({ key, name: `index_${index}`, ...options })),
  );
  return collection;
}

function plan(filter: Record<string, unknown>, sort: Record<string, 1 | -1>) {
  const planned = planQuery(receiptsCollection(), filter, parseSort(sort));
  if (!planned) return null;
  const index = Number(planned.index.replace("index_", ""));
  return { fields: Object.keys(Receipt.schema.indexes()[index][0]).join(","), ordered: planned.ordered };
}

describe("a client's last import", () => {
  it("is read from the (organization, importedAt) index in the order asked, so it stops at one receipt", () => {
    expect(plan(lastImportFilter("CR:3101123456"), LAST_IMPORT_SORT)).toEqual({
      fields: "organizationId,importedAt",
      ordered: true,
    });
  });

  it("would not be with the organization alone (the tie the bound on importedAt breaks)", () => {
    expect(plan({ organizationId: "CR:3101123456" }, LAST_IMPORT_SORT)).not.toEqual({
      fields: "organizationId,importedAt",
      ordered: true,
    });
  });
});
