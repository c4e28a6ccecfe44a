import { codeShapeError, levelOf, parentOf } from "./code";
import { defaultLabels } from "./default-index";
import { indexCatalog } from "./build";
import {
  GROUP_DISABLE,
  LABEL_MAX_LENGTH,
  LABEL_REQUIRED,
  LABEL_TOO_LONG,
  NEW_GROUP,
  OVERRIDES_SHAPE,
  duplicateCode,
  invalidOverride,
  orphanCode,
} from "./messages";
import type { CatalogIssue, CatalogNode } from "./types";

/**
 * Why `code` cannot be added to the tree (shape, top-level group, duplicate, missing parent), or
 * null when it can. Pass an index from `indexCatalog` to validate many codes against one tree.
 */
export function validateNewCode(
  tree: readonly CatalogNode[] | ReadonlyMap<string, CatalogNode>,
  code: string,
): string | null {
  const shapeError = codeShapeError(code);
  if (shapeError !== null) return shapeError;
  const index = tree instanceof Map ? tree : indexCatalog(tree as readonly CatalogNode[]);
  if (index.has(code)) return duplicateCode(code);
  const parent = parentOf(code);
  if (parent === null) return NEW_GROUP;
  if (!index.has(parent)) return orphanCode(parent);
  return null;
}

/** Why an account label cannot be stored, or null when it can. */
export function validateLabel(label: string): string | null {
  const trimmed = label.trim();
  if (trimmed === "") return LABEL_REQUIRED;
  if (trimmed.length > LABEL_MAX_LENGTH) return LABEL_TOO_LONG;
  return null;
}

function readStrictOverride(value: unknown): { label?: string; disabled?: boolean } | null {
  if (typeof value === "string") return { label: value };
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { label, disabled, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (label !== undefined && typeof label !== "string") return null;
  if (disabled !== undefined && typeof disabled !== "boolean") return null;
  return { label, disabled };
}

/**
 * Every problem in an organization's stored `catalog` field, in code order; empty when it is valid.
 * An added account needs a label and a parent that exists (in the default chart or added itself).
 */
export function validateOverrides(overrides: unknown): CatalogIssue[] {
  if (overrides === null || overrides === undefined) return [];
  if (typeof overrides !== "object" || Array.isArray(overrides)) return [{ code: "", message: OVERRIDES_SHAPE }];

  const defaults = defaultLabels();
  const issues: CatalogIssue[] = [];
  const accepted = new Set<string>();
  for (const code of Object.keys(overrides).sort()) {
    const refuse = (message: string) => issues.push({ code, message });
    const shapeError = codeShapeError(code);
    if (shapeError !== null) {
      refuse(shapeError);
      continue;
    }
    const override = readStrictOverride((overrides as Record<string, unknown>)[code]);
    if (override === null) {
      refuse(invalidOverride(code));
      continue;
    }
    const labelError = override.label === undefined ? null : validateLabel(override.label);
    if (labelError !== null) {
      refuse(labelError);
      continue;
    }

    if (defaults.has(code)) {
      if (override.disabled === true && levelOf(code) === 1) refuse(GROUP_DISABLE);
      else accepted.add(code);
      continue;
    }
    const parent = parentOf(code);
    if (parent === null) refuse(NEW_GROUP);
    else if (override.label === undefined) refuse(LABEL_REQUIRED);
    else if (!defaults.has(parent) && !accepted.has(parent)) refuse(orphanCode(parent));
    else accepted.add(code);
  }
  return issues;
}
