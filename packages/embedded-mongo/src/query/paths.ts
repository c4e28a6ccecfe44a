import { isPlainObject } from "../bson/values";

/**
 * Visits the values a dotted path reaches in a document, following MongoDB's array rules: a field name
 * applied to an array descends into each element that is an object; a numeric part indexes the array.
 * A path that leads nowhere visits `undefined` (missing). `arrayIndex` is the element index taken in
 * the first array crossed (for the positional `$` operator).
 * The visitor returns true to stop the walk; walkPath then returns true.
 */
export type PathVisitor = (value: unknown, arrayIndex: number | undefined) => boolean;

const pathCache = new Map<string, string[]>();

export function splitPath(path: string): string[] {
  let parts = pathCache.get(path);
  if (!parts) {
    parts = path.split(".");
    if (pathCache.size > 10_000) pathCache.clear();
    pathCache.set(path, parts);
  }
  return parts;
}

export function isArrayIndex(part: string): boolean {
  if (part.length === 0 || part.length > 9) return false;
  for (let i = 0; i < part.length; i++) {
    const c = part.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return part.length === 1 || part.charCodeAt(0) !== 48;
}

export function walkPath(
  value: unknown,
  parts: readonly string[],
  index: number,
  arrayIndex: number | undefined,
  visit: PathVisitor,
): boolean {
  if (index === parts.length) return visit(value, arrayIndex);
  const part = parts[index];
  if (Array.isArray(value)) {
    let visited = false;
    if (isArrayIndex(part)) {
      const position = Number(part);
      if (position < value.length) {
        visited = true;
        if (walkPath(value[position], parts, index + 1, arrayIndex, visit)) return true;
      }
    }
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      if (isPlainObject(element)) {
        visited = true;
        if (walkPath(element[part], parts, index + 1, arrayIndex ?? i, visit)) return true;
      }
    }
    return visited ? false : visit(undefined, arrayIndex);
  }
  if (isPlainObject(value)) return walkPath(value[part], parts, index + 1, arrayIndex, visit);
  return visit(undefined, arrayIndex);
}

/** The value at a dotted path without array expansion (`a.0.b` indexes arrays); undefined if absent. */
export function getPathValue(doc: unknown, path: string | readonly string[]): unknown {
  const parts = typeof path === "string" ? splitPath(path) : path;
  let current: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(current)) {
      if (!isArrayIndex(part)) return undefined;
      current = current[Number(part)];
    } else if (isPlainObject(current)) {
      current = current[part];
    } else {
      return undefined;
    }
  }
  return current;
}

/** Every value the path reaches, arrays at the end of the path included as they are. */
export function collectPathValues(doc: unknown, path: string): unknown[] {
  const values: unknown[] = [];
  walkPath(doc, splitPath(path), 0, undefined, (value) => {
    values.push(value);
    return false;
  });
  return values;
}

export interface GatherState {
  fromArray: boolean;
  present: boolean;
}

/**
 * Collects what index keys and sort keys see at a path: array elements instead of arrays, null for
 * missing values and empty arrays. Written without closures because it runs for every index on
 * every write.
 */
export function gatherLeafValues(
  value: unknown,
  parts: readonly string[],
  index: number,
  out: unknown[],
  state: GatherState,
): void {
  if (index === parts.length) {
    if (value !== undefined) state.present = true;
    if (Array.isArray(value)) {
      state.fromArray = true;
      if (value.length === 0) out.push(null);
      for (const element of value) out.push(element === undefined ? null : element);
    } else {
      out.push(value === undefined ? null : value);
    }
    return;
  }
  const part = parts[index];
  if (Array.isArray(value)) {
    state.fromArray = true;
    let visited = false;
    if (isArrayIndex(part) && Number(part) < value.length) {
      visited = true;
      gatherLeafValues(value[Number(part)], parts, index + 1, out, state);
    }
    for (const element of value) {
      if (isPlainObject(element)) {
        visited = true;
        gatherLeafValues(element[part], parts, index + 1, out, state);
      }
    }
    if (!visited) out.push(null);
    return;
  }
  if (isPlainObject(value)) {
    gatherLeafValues(value[part], parts, index + 1, out, state);
    return;
  }
  out.push(null);
}
