import type { Model } from "mongoose";
import { parseSort } from "../../packages/embedded-mongo/src/query/sort";
import { Engine } from "../../packages/embedded-mongo/src/storage/engine";
import { planQuery } from "../../packages/embedded-mongo/src/storage/planner";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModel = Model<any>;

/** A collection with the model's own indexes, as the app creates them, for the embedded planner. */
function collectionOf(model: AnyModel) {
  const engine = new Engine();
  const collection = engine.createCollection("planner", model.collection.collectionName);
  engine.createIndexes(
    collection,
    model.schema.indexes().map(([key, options], index) => ({ key, name: `index_${index}`, ...options })),
  );
  return collection;
}

/**
 * The plan the embedded database chooses for a read of `model`: the fields of its index and whether the
 * index already gives the order asked; null for a scan of the collection.
 */
export function planOf(
  model: AnyModel,
  filter: Record<string, unknown>,
  sort: Record<string, 1 | -1> = {},
): { fields: string; ordered: boolean } | null {
  const planned = planQuery(collectionOf(model), filter, parseSort(sort));
  if (!planned) return null;
  const index = Number(planned.index.replace("index_", ""));
  return { fields: Object.keys(model.schema.indexes()[index][0]).join(","), ordered: planned.ordered };
}
