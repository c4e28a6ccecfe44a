import { DEFAULT_CATALOG } from "./default-tree";

let labels: ReadonlyMap<string, string> | undefined;

/** The default chart's labels by code (built once, on first use). */
export function defaultLabels(): ReadonlyMap<string, string> {
  labels ??= new Map(DEFAULT_CATALOG.map((entry) => [entry.key, entry.label]));
  return labels;
}
