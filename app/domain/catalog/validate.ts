import { codeShapeError, levelOf, parentOf, SEGMENT_COUNT } from "./code";
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
  notUnderParent,
  orphanCode,
} from "./messages";
import type { CatalogIssue, CatalogNode } from "./types";

/** The child pattern of `parent` (a valid code below the fifth level): 10-01-01-00-00 → "10-01-01" and "10-01-01-NN-00". */
function childPatternOf(parent: string): { prefix: string; pattern: string } {
  const segments = parent.split("-");
  const level = levelOf(parent);
  const prefix = segments.slice(0, level).join("-");
  const pattern = [...segments.slice(0, level), "NN", ...Array<string>(SEGMENT_COUNT - level - 1).fill("00")].join("-");
  return { prefix, pattern };
}

/**
 * Why `code` cannot be added to the tree (shape, top-level group, not a child of the chosen `parent`,
 * duplicate, missing parent), or null when it can. With a parent, a code elsewhere in the tree is
 * refused for where it is, before asking whether it exists (20-01-01-01-00 under 10-01-01-00-00 is
 * "a code under 10-01-01 is expected", not "ya existe"). Pass an index from `indexCatalog` to validate
 * many codes against one tree.
 */
export function validateNewCode(
  tree: readonly CatalogNode[] | ReadonlyMap<string, CatalogNode>,
  code: string,
  parent?: string,
): string | null {
  const shapeError = codeShapeError(code);
  if (shapeError !== null) return shapeError;
  if (
    parent !== undefined &&
    codeShapeError(parent) === null &&
    levelOf(parent) < SEGMENT_COUNT &&
    parentOf(code) !== parent
  ) {
    const { prefix, pattern } = childPatternOf(parent);
    return notUnderParent(code, parent, prefix, pattern);
  }
  const index = tree instanceof Map ? tree : indexCatalog(tree as readonly CatalogNode[]);
  if (index.has(code)) return duplicateCode(code);
  const parentCode = parentOf(code);
  if (parentCode === null) return NEW_GROUP;
  if (!index.has(parentCode)) return orphanCode(parentCode);
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
  const { label, disabled, currency, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (label !== undefined && typeof label !== "string") return null;
  if (disabled !== undefined && typeof disabled !== "boolean") return null;
  if (currency !== undefined && currency !== "USD") return null;
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
