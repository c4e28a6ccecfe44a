import { toJsNumber } from "../bson/arithmetic";
import { type Doc, isNumeric, isPlainObject } from "../bson/values";
import { evaluate } from "../aggregate/expressions";
import { badValue, ServerError } from "../errors";
import { compileFilter, type MatchDetails, type Matcher } from "./matcher";

type ProjectionNode =
  | { kind: "include" }
  | { kind: "exclude" }
  | { kind: "expression"; expr: unknown }
  | { kind: "slice"; skip: number | null; limit: number }
  | { kind: "elemMatch"; matcher: Matcher }
  | { kind: "positional" }
  | { kind: "nested"; children: Map<string, ProjectionNode> };

export interface Projection {
  apply(doc: Doc, details?: MatchDetails): Doc;
}

interface CompileOptions {
  /** find() projections allow $slice, $elemMatch and the positional "field.$". */
  forFind: boolean;
  variables?: Doc;
}

function isExpressionValue(value: unknown): boolean {
  if (typeof value === "string") return true;
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    return keys.length === 1 && keys[0].startsWith("$");
  }
  return !(typeof value === "boolean" || isNumeric(value));
}

function parseLeaf(path: string, value: unknown, options: CompileOptions): ProjectionNode {
  if (typeof value === "boolean") return value ? { kind: "include" } : { kind: "exclude" };
  if (isNumeric(value)) return toJsNumber(value) === 0 ? { kind: "exclude" } : { kind: "include" };
  if (isPlainObject(value) && options.forFind) {
    if ("$slice" in value) {
      const slice = value.$slice;
      if (isNumeric(slice)) return { kind: "slice", skip: null, limit: toJsNumber(slice) };
      if (Array.isArray(slice) && slice.length === 2 && isNumeric(slice[0]) && isNumeric(slice[1])) {
        const limit = toJsNumber(slice[1]);
        if (limit <= 0) throw badValue(`$slice limit must be positive`);
        return { kind: "slice", skip: toJsNumber(slice[0]), limit };
      }
      throw badValue("$slice only supports numbers and [skip, limit] arrays");
    }
    if ("$elemMatch" in value) {
      if (path.includes(".")) throw badValue("Cannot use $elemMatch projection on a nested field.");
      return { kind: "elemMatch", matcher: compileFilter(value.$elemMatch, options) };
    }
  }
  if (isExpressionValue(value)) return { kind: "expression", expr: value };
  throw badValue(`Invalid projection value for ${path}`);
}

function insertNode(tree: Map<string, ProjectionNode>, parts: string[], node: ProjectionNode, fullPath: string): void {
  const [head, ...rest] = parts;
  if (rest.length === 0) {
    const existing = tree.get(head);
    if (existing) throw new ServerError(31250, `Path collision at ${fullPath}`);
    tree.set(head, node);
    return;
  }
  let child = tree.get(head);
  if (!child) {
    child = { kind: "nested", children: new Map() };
    tree.set(head, child);
  }
  if (child.kind !== "nested") throw new ServerError(31249, `Path collision at ${fullPath}`);
  insertNode(child.children, rest, node, fullPath);
}

function buildTree(spec: Doc, prefix: string, tree: Map<string, ProjectionNode>, options: CompileOptions): void {
  for (const key of Object.keys(spec)) {
    const value = spec[key];
    const path = prefix ? `${prefix}.${key}` : key;
    if (key.endsWith(".$") && options.forFind) {
      insertNode(tree, path.slice(0, -2).split("."), { kind: "positional" }, path);
    } else if (isPlainObject(value) && Object.keys(value).length > 0 && !Object.keys(value)[0].startsWith("$")) {
      buildTree(value, path, tree, options);
    } else {
      if (key.startsWith("$"))
        throw badValue(`FieldPath field names may not start with '$'. Consider using $getField or $setField.`);
      insertNode(tree, path.split("."), parseLeaf(path, value, options), path);
    }
  }
}

function collectKinds(tree: Map<string, ProjectionNode>, topLevel: boolean, kinds: Set<string>, path: string[]): void {
  for (const [key, node] of tree) {
    if (node.kind === "nested") collectKinds(node.children, false, kinds, [...path, key]);
    else if (!(topLevel && key === "_id"))
      kinds.add(node.kind === "expression" || node.kind === "positional" ? "include" : node.kind);
  }
}

function sliceArray(value: unknown[], skip: number | null, limit: number): unknown[] {
  if (skip === null) return limit >= 0 ? value.slice(0, limit) : value.slice(Math.max(0, value.length + limit));
  const start = skip >= 0 ? Math.min(skip, value.length) : Math.max(0, value.length + skip);
  return value.slice(start, start + limit);
}

/** Compiles a find/$project projection; returns null when it keeps documents unchanged. */
export function compileProjection(spec: unknown, options: CompileOptions): Projection | null {
  if (spec === undefined || spec === null) return null;
  if (!isPlainObject(spec)) throw badValue("projection must be an object");
  if (Object.keys(spec).length === 0) {
    if (options.forFind) return null;
    throw new ServerError(
      51272,
      "Invalid $project :: caused by :: projection specification must have at least one field",
    );
  }
  const tree = new Map<string, ProjectionNode>();
  buildTree(spec, "", tree, options);
  const kinds = new Set<string>();
  collectKinds(tree, true, kinds, []);
  if (kinds.has("include") && kinds.has("exclude")) {
    throw new ServerError(31254, "Cannot do exclusion on field in inclusion projection");
  }
  const inclusion = kinds.has("include") || (!kinds.has("exclude") && isInclusionOnlyId(tree));
  const variables = options.variables;

  const applySpecial = (
    node: ProjectionNode,
    value: unknown,
    details?: MatchDetails,
  ): { keep: boolean; value?: unknown } => {
    switch (node.kind) {
      case "slice":
        return { keep: true, value: Array.isArray(value) ? sliceArray(value, node.skip, node.limit) : value };
      case "elemMatch": {
        if (!Array.isArray(value)) return { keep: false };
        const found = value.find((element) => isPlainObject(element) && node.matcher(element));
        return found === undefined ? { keep: false } : { keep: true, value: [found] };
      }
      case "positional": {
        if (!Array.isArray(value)) return { keep: true, value };
        const position = details?.position;
        if (position === undefined || position >= value.length) {
          throw new ServerError(
            51246,
            "Executor error during find command :: caused by :: positional operator '.$' couldn't find a matching element in the array",
          );
        }
        return { keep: true, value: [value[position]] };
      }
      default:
        return { keep: false };
    }
  };

  const includeDoc = (
    doc: Doc,
    children: Map<string, ProjectionNode>,
    root: Doc,
    details: MatchDetails | undefined,
    topLevel: boolean,
  ): Doc => {
    const out: Doc = {};
    if (topLevel && !children.has("_id") && doc._id !== undefined) out._id = doc._id;
    for (const key of Object.keys(doc)) {
      const node = children.get(key);
      if (!node) continue;
      const value = doc[key];
      switch (node.kind) {
        case "include":
          out[key] = value;
          break;
        case "nested":
          if (isPlainObject(value)) out[key] = includeDoc(value, node.children, root, details, false);
          else if (Array.isArray(value)) out[key] = includeArray(value, node.children, root, details);
          break;
        case "slice":
        case "elemMatch":
        case "positional": {
          const result = applySpecial(node, value, details);
          if (result.keep) out[key] = result.value;
          break;
        }
        default:
          break;
      }
    }
    addComputed(out, children, root);
    return out;
  };

  const includeArray = (
    values: unknown[],
    children: Map<string, ProjectionNode>,
    root: Doc,
    details: MatchDetails | undefined,
  ): unknown[] => {
    const out: unknown[] = [];
    for (const element of values) {
      if (isPlainObject(element)) out.push(includeDoc(element, children, root, details, false));
      else if (Array.isArray(element)) out.push(includeArray(element, children, root, details));
    }
    return out;
  };

  const addComputed = (out: Doc, children: Map<string, ProjectionNode>, root: Doc): void => {
    for (const [key, node] of children) {
      if (node.kind === "expression") {
        const value = evaluate(root, node.expr, variables);
        if (value !== undefined) out[key] = value;
      } else if (node.kind === "nested" && hasComputed(node.children)) {
        const existing = out[key];
        if (Array.isArray(existing)) {
          for (const element of existing) if (isPlainObject(element)) addComputed(element, node.children, root);
        } else {
          const target = isPlainObject(existing) ? existing : {};
          addComputed(target, node.children, root);
          out[key] = target;
        }
      }
    }
  };

  const excludeValue = (
    value: unknown,
    children: Map<string, ProjectionNode>,
    details: MatchDetails | undefined,
  ): unknown => {
    if (Array.isArray(value))
      return value.map((element) =>
        isPlainObject(element) || Array.isArray(element) ? excludeValue(element, children, details) : element,
      );
    if (!isPlainObject(value)) return value;
    const out: Doc = {};
    for (const key of Object.keys(value)) {
      const node = children.get(key);
      const field = value[key];
      if (!node) {
        out[key] = field;
        continue;
      }
      switch (node.kind) {
        case "exclude":
          break;
        case "nested":
          out[key] = excludeValue(field, node.children, details);
          break;
        case "include":
          out[key] = field;
          break;
        default: {
          const result = applySpecial(node, field, details);
          if (result.keep) out[key] = result.value;
        }
      }
    }
    return out;
  };

  if (inclusion) return { apply: (doc, details) => includeDoc(doc, tree, doc, details, true) };
  return { apply: (doc, details) => excludeValue(doc, tree, details) as Doc };
}

function hasComputed(tree: Map<string, ProjectionNode>): boolean {
  for (const node of tree.values()) {
    if (node.kind === "expression") return true;
    if (node.kind === "nested" && hasComputed(node.children)) return true;
  }
  return false;
}

function isInclusionOnlyId(tree: Map<string, ProjectionNode>): boolean {
  const id = tree.get("_id");
  return tree.size === 1 && id !== undefined && (id.kind === "include" || id.kind === "expression");
}
