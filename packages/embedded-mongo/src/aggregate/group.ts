import { addNumeric, divideNumeric, isDecimal, type Numeric, toJsNumber } from "../bson/arithmetic";
import { canonicalKey, compareValues, type Doc, isNumeric, isPlainObject } from "../bson/values";
import { ServerError } from "../errors";
import { evaluate } from "./expressions";

interface Accumulator {
  add(value: unknown): void;
  result(): unknown;
}

type AccumulatorFactory = () => Accumulator;

function sumAccumulator(): Accumulator {
  let total: Numeric = 0;
  return {
    add(value) {
      if (isNumeric(value)) total = addNumeric(total, value);
    },
    result: () => total,
  };
}

function avgAccumulator(): Accumulator {
  let total: Numeric = 0;
  let count = 0;
  return {
    add(value) {
      if (isNumeric(value)) {
        total = addNumeric(total, value);
        count += 1;
      }
    },
    result: () => (count === 0 ? null : isDecimal(total) ? divideNumeric(total, count) : toJsNumber(total) / count),
  };
}

function extremeAccumulator(sign: 1 | -1): AccumulatorFactory {
  return () => {
    let best: unknown = undefined;
    return {
      add(value) {
        if (value === null || value === undefined) return;
        if (best === undefined || sign * compareValues(value, best) > 0) best = value;
      },
      result: () => (best === undefined ? null : best),
    };
  };
}

function firstAccumulator(): Accumulator {
  let seen = false;
  let first: unknown = null;
  return {
    add(value) {
      if (!seen) {
        seen = true;
        first = value === undefined ? null : value;
      }
    },
    result: () => first,
  };
}

function lastAccumulator(): Accumulator {
  let last: unknown = null;
  return {
    add(value) {
      last = value === undefined ? null : value;
    },
    result: () => last,
  };
}

function pushAccumulator(): Accumulator {
  const values: unknown[] = [];
  return {
    add(value) {
      if (value !== undefined) values.push(value);
    },
    result: () => values,
  };
}

function addToSetAccumulator(): Accumulator {
  const values = new Map<string, unknown>();
  return {
    add(value) {
      if (value === undefined) return;
      const key = canonicalKey(value);
      if (!values.has(key)) values.set(key, value);
    },
    result: () => [...values.values()],
  };
}

function mergeObjectsAccumulator(): Accumulator {
  const merged: Doc = {};
  return {
    add(value) {
      if (value === null || value === undefined) return;
      if (!isPlainObject(value)) throw new ServerError(40400, "$mergeObjects requires object inputs");
      Object.assign(merged, value);
    },
    result: () => merged,
  };
}

function stdDevAccumulator(sample: boolean): AccumulatorFactory {
  return () => {
    const values: number[] = [];
    return {
      add(value) {
        if (isNumeric(value)) values.push(toJsNumber(value));
      },
      result() {
        const n = values.length;
        if (n === 0 || (sample && n === 1)) return null;
        const mean = values.reduce((sum, value) => sum + value, 0) / n;
        const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (sample ? n - 1 : n);
        return Math.sqrt(variance);
      },
    };
  };
}

const ACCUMULATORS: Record<string, AccumulatorFactory> = {
  $sum: sumAccumulator,
  $avg: avgAccumulator,
  $min: extremeAccumulator(-1),
  $max: extremeAccumulator(1),
  $first: firstAccumulator,
  $last: lastAccumulator,
  $push: pushAccumulator,
  $addToSet: addToSetAccumulator,
  $mergeObjects: mergeObjectsAccumulator,
  $stdDevPop: stdDevAccumulator(false),
  $stdDevSamp: stdDevAccumulator(true),
};

interface FieldSpec {
  name: string;
  factory: AccumulatorFactory;
  expr: unknown;
}

function parseGroupSpec(spec: Doc): FieldSpec[] {
  if (!("_id" in spec)) throw new ServerError(15955, "a group specification must include an _id");
  const fields: FieldSpec[] = [];
  for (const name of Object.keys(spec)) {
    if (name === "_id") continue;
    if (name.includes(".")) throw new ServerError(40235, `The field name '${name}' cannot contain '.'`);
    const accumulator = spec[name];
    if (!isPlainObject(accumulator) || Object.keys(accumulator).length !== 1) {
      throw new ServerError(40234, `The field '${name}' must be an accumulator object`);
    }
    const [operator] = Object.keys(accumulator);
    if (operator === "$count") {
      fields.push({ name, factory: sumAccumulator, expr: 1 });
      continue;
    }
    const factory = ACCUMULATORS[operator];
    if (!factory) throw new ServerError(15952, `unknown group operator '${operator}'`);
    fields.push({ name, factory, expr: accumulator[operator] });
  }
  return fields;
}

/** The $group stage: groups keep the order in which their first document arrived. */
export function groupDocuments(docs: Iterable<Doc>, spec: Doc, variables?: Doc): Doc[] {
  const fields = parseGroupSpec(spec);
  const groups = new Map<string, { id: unknown; accumulators: Accumulator[] }>();
  for (const doc of docs) {
    let id = evaluate(doc, spec._id, variables);
    if (id === undefined) id = null;
    const key = canonicalKey(id);
    let group = groups.get(key);
    if (!group) {
      group = { id, accumulators: fields.map((field) => field.factory()) };
      groups.set(key, group);
    }
    for (let i = 0; i < fields.length; i++) {
      group.accumulators[i].add(evaluate(doc, fields[i].expr, variables));
    }
  }
  const results: Doc[] = [];
  for (const group of groups.values()) {
    const out: Doc = { _id: group.id };
    fields.forEach((field, i) => {
      out[field.name] = group.accumulators[i].result();
    });
    results.push(out);
  }
  return results;
}
