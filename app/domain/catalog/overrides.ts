import { isDescendantOf } from "./code";
import { defaultLabels } from "./default-index";
import type { CatalogOverride, CatalogOverrides } from "./types";

/**
 * Reads one stored override leniently: the spec's string form (docs/spec/chart-of-accounts.md §5) is a label; an object keeps only a
 * string `label` and a boolean `disabled`. Anything else reads as null.
 */
export function readOverride(value: unknown): CatalogOverride | null {
  if (typeof value === "string") return { label: value };
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { label, disabled, currency } = value as Record<string, unknown>;
  const override: CatalogOverride = {};
  if (typeof label === "string") override.label = label;
  if (typeof disabled === "boolean") override.disabled = disabled;
  if (currency === "USD") override.currency = currency;
  return override;
}

/** The label an override sets, trimmed; undefined when it sets none. */
export function overrideLabel(override: CatalogOverride): string | undefined {
  const label = override.label?.trim();
  return label ? label : undefined;
}

/**
 * New overrides with `change` applied at `code`, in the object form (`currency: undefined` takes the
 * mark off). An entry equal to the default account (same label, not disabled, in colones) is dropped, so the stored field only holds real differences.
 * Validate the result with `validateOverrides` before storing it.
 */
export function applyOverride(
  overrides: CatalogOverrides | null | undefined,
  code: string,
  change: CatalogOverride,
): CatalogOverrides {
  const next: CatalogOverrides = { ...(overrides ?? {}) };
  const merged: CatalogOverride = { ...(readOverride(next[code]) ?? {}), ...change };
  const defaultLabel = defaultLabels().get(code);
  const entry: CatalogOverride = {};
  const label = overrideLabel(merged);
  if (label !== undefined && label !== defaultLabel) entry.label = label;
  if (merged.disabled === true) entry.disabled = true;
  if (merged.currency === "USD") entry.currency = "USD";
  if (
    defaultLabel !== undefined &&
    entry.label === undefined &&
    entry.disabled === undefined &&
    entry.currency === undefined
  ) {
    delete next[code];
  } else {
    next[code] = entry;
  }
  return next;
}

/**
 * New overrides without the entry at `code`: a default account goes back to its default label and
 * state; an added account disappears together with the accounts added below it.
 */
export function removeOverride(overrides: CatalogOverrides | null | undefined, code: string): CatalogOverrides {
  const next: CatalogOverrides = { ...(overrides ?? {}) };
  delete next[code];
  if (!defaultLabels().has(code)) {
    for (const key of Object.keys(next)) if (isDescendantOf(key, code)) delete next[key];
  }
  return next;
}
