import { Aggregator } from "mingo/aggregator";
import { ProcessingMode } from "mingo/core";
import type { Options } from "mingo/types";
import { toJsNumber } from "../bson/arithmetic";
import { canonicalKey, type Doc, isNumeric, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import { compileFilter } from "../query/matcher";
import { collectPathValues, splitPath } from "../query/paths";
import { compileProjection } from "../query/projection";
import { parseSort, sortDocuments } from "../query/sort";
import type { Collection } from "../storage/collection";
import { type Collation, collatedCompare } from "../query/collation";
import { findMatches, type ReadView } from "../storage/read-view";
import { evaluate, mingoOptions } from "./expressions";
import { groupDocuments } from "./group";

export interface PipelineContext {
  view: ReadView;
  /** Resolves a collection of the command's database (for $lookup and $unionWith). */
  collection(name: string): Collection | undefined;
  variables?: Doc;
  collation?: Collation | null;
}

const WRITE_STAGES = new Set(["$out", "$merge"]);

function requireObject(stage: string, value: unknown): Doc {
  if (!isPlainObject(value))
    throw new ServerError(ErrorCode.FailedToParse, `the ${stage} stage specification must be an object`);
  return value;
}

function requireCount(stage: string, value: unknown, allowZero: boolean): number {
  if (!isNumeric(value))
    throw new ServerError(ErrorCode.FailedToParse, `invalid argument to ${stage} stage: Expected a number`);
  const count = toJsNumber(value);
  if (!Number.isInteger(count) || count < 0 || (!allowZero && count === 0)) {
    throw new ServerError(
      ErrorCode.FailedToParse,
      `invalid argument to ${stage} stage: Expected a ${allowZero ? "non-negative" : "positive"} integer`,
    );
  }
  return count;
}

/** Reads the collection for a pipeline, using indexes for a leading $match / $sort / $skip / $limit. */
function initialDocuments(
  context: PipelineContext,
  collection: Collection | undefined,
  pipeline: Doc[],
): { docs: Doc[]; consumed: number } {
  if (!collection) return { docs: [], consumed: 0 };
  let consumed = 0;
  let filter: Doc | undefined;
  let sort: Doc | undefined;
  let skip = 0;
  let limit = 0;
  const first = pipeline[0];
  if (first && isPlainObject(first.$match)) {
    filter = first.$match;
    consumed = 1;
  }
  const next = pipeline[consumed];
  if (next && isPlainObject(next.$sort)) {
    sort = next.$sort;
    consumed += 1;
    while (consumed < pipeline.length) {
      const stage = pipeline[consumed];
      if (stage.$skip !== undefined && limit === 0) {
        skip += requireCount("$skip", stage.$skip, true);
      } else if (stage.$limit !== undefined) {
        const value = requireCount("$limit", stage.$limit, false);
        limit = limit === 0 ? value : Math.min(limit, value);
      } else {
        break;
      }
      consumed += 1;
    }
  }
  const matches = findMatches(context.view, collection, {
    filter,
    matcher: compileFilter(filter, { variables: context.variables, collation: context.collation }),
    sort: parseSort(sort),
    skip,
    limit,
    collation: context.collation,
  });
  return { docs: matches.map((match) => match.doc), consumed };
}

export function runPipeline(context: PipelineContext, collection: Collection | undefined, pipeline: unknown): Doc[] {
  if (!Array.isArray(pipeline))
    throw new ServerError(ErrorCode.TypeMismatch, "'pipeline' option must be specified as an array");
  const stages = pipeline.map((stage) => {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new ServerError(40323, "A pipeline stage specification object must contain exactly one field.");
    }
    return stage;
  });
  const { docs, consumed } = initialDocuments(context, collection, stages);
  return applyStages(context, docs, stages.slice(consumed));
}

export function applyStages(context: PipelineContext, input: Doc[], stages: Doc[]): Doc[] {
  let docs = input;
  for (const stage of stages) {
    const [name] = Object.keys(stage);
    const spec = stage[name];
    docs = applyStage(context, docs, name, spec);
  }
  return docs;
}

function applyStage(context: PipelineContext, docs: Doc[], name: string, spec: unknown): Doc[] {
  const variables = context.variables;
  switch (name) {
    case "$match": {
      const matcher = compileFilter(requireObject(name, spec), { variables, collation: context.collation });
      return docs.filter((doc) => matcher(doc));
    }
    case "$project": {
      const projection = compileProjection(requireObject(name, spec), { forFind: false, variables });
      return projection ? docs.map((doc) => projection.apply(doc)) : docs;
    }
    case "$addFields":
    case "$set":
      return docs.map((doc) => addFields(doc, requireObject(name, spec), variables));
    case "$unset": {
      const paths = typeof spec === "string" ? [spec] : Array.isArray(spec) ? spec : null;
      if (!paths || paths.some((path) => typeof path !== "string"))
        throw new ServerError(31002, "$unset specification must be a string or an array of strings");
      const projection = compileProjection(Object.fromEntries(paths.map((path) => [path, 0])), { forFind: false });
      return projection ? docs.map((doc) => projection.apply(doc)) : docs;
    }
    case "$group":
      return groupDocuments(docs, requireObject(name, spec), variables);
    case "$sort":
      return sortDocuments([...docs], parseSort(requireObject(name, spec)), collatedCompare(context.collation));
    case "$limit":
      return docs.slice(0, requireCount(name, spec, false));
    case "$skip":
      return docs.slice(requireCount(name, spec, true));
    case "$count": {
      if (typeof spec !== "string" || spec.length === 0 || spec.startsWith("$") || spec.includes(".")) {
        throw new ServerError(
          40156,
          "the count field must be a non-empty string that does not start with $ or contain a dot",
        );
      }
      return docs.length === 0 ? [] : [{ [spec]: docs.length }];
    }
    case "$unwind":
      return unwind(docs, spec);
    case "$lookup":
      return lookup(context, docs, requireObject(name, spec));
    case "$facet": {
      const facets = requireObject(name, spec);
      const out: Doc = {};
      for (const facet of Object.keys(facets)) {
        const sub = facets[facet];
        if (!Array.isArray(sub)) throw new ServerError(40170, "arguments to $facet must be arrays");
        out[facet] = applyStages(context, docs, sub as Doc[]);
      }
      return [out];
    }
    case "$sortByCount": {
      const grouped = groupDocuments(docs, { _id: spec, count: { $sum: 1 } }, variables);
      return sortDocuments(grouped, parseSort({ count: -1 }));
    }
    case "$replaceRoot":
    case "$replaceWith": {
      const expr = name === "$replaceRoot" ? requireObject(name, spec).newRoot : spec;
      return docs.map((doc) => {
        const root = evaluate(doc, expr, variables);
        if (!isPlainObject(root)) {
          throw new ServerError(
            40228,
            `'newRoot' expression must evaluate to an object, but resulting value was: ${String(root)}`,
          );
        }
        return root;
      });
    }
    case "$sample": {
      const size = requireCount("$sample", requireObject(name, spec).size, true);
      const copy = [...docs];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, size);
    }
    case "$unionWith": {
      const options = typeof spec === "string" ? { coll: spec } : requireObject(name, spec);
      const other = context.collection(String(options.coll));
      const otherDocs = runPipeline(context, other, options.pipeline ?? []);
      return [...docs, ...otherDocs];
    }
    default:
      if (WRITE_STAGES.has(name)) {
        throw new ServerError(40601, `${name} can only be the final stage in the pipeline`);
      }
      return fallbackStage(context, docs, name, spec);
  }
}

function fallbackStage(context: PipelineContext, docs: Doc[], name: string, spec: unknown): Doc[] {
  const options: Partial<Options> = {
    ...mingoOptions,
    processingMode: ProcessingMode.CLONE_INPUT,
    variables: context.variables,
    collectionResolver: (collectionName: string) =>
      findMatches(context.view, context.collection(collectionName), {
        filter: undefined,
        matcher: () => true,
        sort: [],
      }).map((match) => match.doc),
  };
  try {
    return new Aggregator([{ [name]: spec }], options).run(docs) as Doc[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/unregistered|not registered|unknown/i.test(message)) {
      throw new ServerError(ErrorCode.Location40324, `Unrecognized pipeline stage name: '${name}'`);
    }
    throw new ServerError(ErrorCode.BadValue, message);
  }
}

/** $addFields / $set: new values replace fields; nested objects of the spec merge into embedded documents. */
function addFields(doc: Doc, spec: Doc, variables: Doc | undefined): Doc {
  const out: Doc = { ...doc };
  for (const path of Object.keys(spec)) {
    setComputed(out, splitPath(path), 0, spec[path], doc, variables);
  }
  return out;
}

function setComputed(
  target: Doc,
  parts: readonly string[],
  index: number,
  expr: unknown,
  root: Doc,
  variables: Doc | undefined,
): void {
  const key = parts[index];
  if (index < parts.length - 1) {
    const existing = target[key];
    if (Array.isArray(existing)) {
      target[key] = existing.map((element) => {
        if (!isPlainObject(element)) return element;
        const copy = { ...element };
        setComputed(copy, parts, index + 1, expr, root, variables);
        return copy;
      });
      return;
    }
    const child: Doc = isPlainObject(existing) ? { ...existing } : {};
    setComputed(child, parts, index + 1, expr, root, variables);
    target[key] = child;
    return;
  }
  if (isPlainObject(expr) && Object.keys(expr).length > 0 && !Object.keys(expr)[0].startsWith("$")) {
    const existing = target[key];
    const child: Doc = isPlainObject(existing) ? { ...existing } : {};
    for (const field of Object.keys(expr)) setComputed(child, splitPath(field), 0, expr[field], root, variables);
    target[key] = child;
    return;
  }
  const value = evaluate(root, expr, variables);
  if (value === undefined) delete target[key];
  else target[key] = value;
}

function unwind(docs: Doc[], spec: unknown): Doc[] {
  const options = typeof spec === "string" ? { path: spec } : requireObject("$unwind", spec);
  const path = options.path;
  if (typeof path !== "string" || !path.startsWith("$")) {
    throw new ServerError(28818, "path option to $unwind stage should be prefixed with a '$'");
  }
  const parts = splitPath(path.slice(1));
  const preserve = options.preserveNullAndEmptyArrays === true;
  const indexField = options.includeArrayIndex;
  if (indexField !== undefined && (typeof indexField !== "string" || indexField.startsWith("$"))) {
    throw new ServerError(28822, "includeArrayIndex option to $unwind stage should be a string");
  }
  const out: Doc[] = [];
  for (const doc of docs) {
    const value = evaluate(doc, path);
    if (Array.isArray(value) && value.length > 0) {
      value.forEach((element, i) => {
        const copy = replaceAtPath(doc, parts, element);
        if (indexField) copy[indexField] = i;
        out.push(copy);
      });
    } else if (Array.isArray(value) || value === null || value === undefined) {
      if (preserve) {
        const copy = Array.isArray(value) ? removeAtPath(doc, parts) : { ...doc };
        if (indexField) copy[indexField] = null;
        out.push(copy);
      }
    } else {
      const copy = { ...doc };
      if (indexField) copy[indexField] = null;
      out.push(copy);
    }
  }
  return out;
}

function replaceAtPath(doc: Doc, parts: readonly string[], value: unknown): Doc {
  const copy: Doc = { ...doc };
  let target = copy;
  for (let i = 0; i < parts.length - 1; i++) {
    const child = isPlainObject(target[parts[i]]) ? { ...(target[parts[i]] as Doc) } : {};
    target[parts[i]] = child;
    target = child;
  }
  target[parts[parts.length - 1]] = value;
  return copy;
}

function removeAtPath(doc: Doc, parts: readonly string[]): Doc {
  const copy: Doc = { ...doc };
  let target = copy;
  for (let i = 0; i < parts.length - 1; i++) {
    if (!isPlainObject(target[parts[i]])) return copy;
    const child = { ...(target[parts[i]] as Doc) };
    target[parts[i]] = child;
    target = child;
  }
  delete target[parts[parts.length - 1]];
  return copy;
}

function lookup(context: PipelineContext, docs: Doc[], spec: Doc): Doc[] {
  const from = spec.from;
  const as = spec.as;
  if (typeof as !== "string" || as.length === 0)
    throw new ServerError(ErrorCode.FailedToParse, "must specify 'as' field for a $lookup");
  const fromName = isPlainObject(from) ? String(from.coll) : from;
  if (typeof fromName !== "string")
    throw new ServerError(ErrorCode.FailedToParse, "must specify 'from' field for a $lookup");
  const foreign = context.collection(fromName);
  const hasEquality = spec.localField !== undefined || spec.foreignField !== undefined;
  if (hasEquality && (typeof spec.localField !== "string" || typeof spec.foreignField !== "string")) {
    throw new ServerError(
      ErrorCode.FailedToParse,
      "$lookup requires both or neither of 'localField' and 'foreignField' to be specified",
    );
  }
  const pipeline = spec.pipeline;
  if (!hasEquality && !Array.isArray(pipeline))
    throw new ServerError(
      ErrorCode.FailedToParse,
      "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be specified",
    );
  let byKey: Map<string, Doc[]> | null = null;
  const foreignDocs = hasEquality
    ? findMatches(context.view, foreign, { filter: undefined, matcher: () => true, sort: [] }).map((match) => match.doc)
    : [];
  if (hasEquality) {
    byKey = new Map();
    for (const foreignDoc of foreignDocs) {
      const keys = new Set<string>();
      for (const value of collectPathValues(foreignDoc, spec.foreignField as string)) {
        if (Array.isArray(value)) {
          keys.add(canonicalKey(value));
          for (const element of value) keys.add(canonicalKey(element));
        } else {
          keys.add(canonicalKey(value === undefined ? null : value));
        }
      }
      for (const key of keys) {
        const list = byKey.get(key);
        if (list) list.push(foreignDoc);
        else byKey.set(key, [foreignDoc]);
      }
    }
  }

  const letSpec = isPlainObject(spec.let) ? spec.let : {};
  return docs.map((doc) => {
    let matched = foreignDocs;
    if (byKey) {
      const localValues = collectPathValues(doc, spec.localField as string).flatMap((value) =>
        Array.isArray(value) ? (value.length === 0 ? [null] : value) : [value === undefined ? null : value],
      );
      const seen = new Set<Doc>();
      matched = [];
      for (const value of localValues) {
        for (const foreignDoc of byKey.get(canonicalKey(value)) ?? []) {
          if (!seen.has(foreignDoc)) {
            seen.add(foreignDoc);
            matched.push(foreignDoc);
          }
        }
      }
      if (matched.length > 1) {
        const order = new Map(foreignDocs.map((foreignDoc, i) => [foreignDoc, i]));
        matched.sort((a, b) => order.get(a)! - order.get(b)!);
      }
    }
    if (Array.isArray(pipeline)) {
      const variables: Doc = { ...(context.variables ?? {}) };
      for (const name of Object.keys(letSpec)) variables[name] = evaluate(doc, letSpec[name], context.variables);
      matched = hasEquality
        ? applyStages({ ...context, variables }, matched, pipeline as Doc[])
        : runPipeline({ ...context, variables }, foreign, pipeline);
    }
    return { ...doc, [as]: matched };
  });
}
