import { toJsNumber } from "../bson/arithmetic";
import { compareValues, type Doc, isNumeric, isPlainObject } from "../bson/values";
import { badValue } from "../errors";
import { gatherLeafValues, splitPath } from "./paths";

export interface SortField {
  path: string;
  parts: readonly string[];
  direction: 1 | -1;
}

export function parseSort(spec: unknown): SortField[] {
  if (spec === undefined || spec === null) return [];
  if (!isPlainObject(spec)) throw badValue("sort must be an object");
  const fields: SortField[] = [];
  for (const path of Object.keys(spec)) {
    const value = spec[path];
    if (isPlainObject(value) && "$meta" in value) continue;
    const direction = isNumeric(value) ? toJsNumber(value) : Number.NaN;
    if (direction !== 1 && direction !== -1)
      throw badValue(`$sort key ordering must be 1 (for ascending) or -1 (for descending)`);
    fields.push({ path, parts: splitPath(path), direction });
  }
  return fields;
}

/** For arrays a document sorts by its smallest element ascending and its largest descending. */
function pickBetter(direction: 1 | -1, candidate: unknown, current: unknown): boolean {
  const order = compareValues(candidate, current);
  return direction === 1 ? order < 0 : order > 0;
}

/** Sorts documents by the given fields; stable, so ties keep their incoming (natural) order. */
export function sortDocuments<T extends Doc>(
  docs: T[],
  fields: readonly SortField[],
  compare: (a: unknown, b: unknown) => number = compareValues,
): T[] {
  if (fields.length === 0 || docs.length < 2) return docs;
  const keys = docs.map((doc) => fields.map((field) => computeSortKey(doc, field)));
  const order = docs.map((_, index) => index);
  order.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const comparison = compare(keys[a][i], keys[b][i]);
      if (comparison !== 0) return comparison * fields[i].direction;
    }
    return a - b;
  });
  return order.map((index) => docs[index]);
}

export function computeSortKey(doc: Doc, field: SortField): unknown {
  if (field.parts.length === 1) {
    const value = doc[field.path];
    if (!Array.isArray(value)) return value === undefined ? null : value;
  }
  const candidates: unknown[] = [];
  gatherLeafValues(doc, field.parts, 0, candidates, { fromArray: false, present: false });
  let best = candidates[0];
  for (let i = 1; i < candidates.length; i++) {
    if (pickBetter(field.direction, candidates[i], best)) best = candidates[i];
  }
  return best === undefined ? null : best;
}

export function compareBySort(fields: readonly SortField[]): (a: Doc, b: Doc) => number {
  return (a, b) => {
    for (const field of fields) {
      const comparison = compareValues(computeSortKey(a, field), computeSortKey(b, field));
      if (comparison !== 0) return comparison * field.direction;
    }
    return 0;
  };
}
