import { codeShapeError, levelOf, parentOf } from "./code";
import { DEFAULT_CATALOG } from "./default-tree";
import { overrideLabel, readOverride } from "./overrides";
import type { CatalogNode, CatalogOverrides } from "./types";

const PATH_SEPARATOR = " / ";

function newNode(key: string, label: string, added: boolean): CatalogNode {
  return {
    key,
    label,
    disabled: false,
    children: [],
    pId: parentOf(key),
    level: levelOf(key),
    path: "",
    value: key,
    added,
  };
}

const byKey = (a: CatalogNode, b: CatalogNode) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function sortByKey(nodes: CatalogNode[]): void {
  for (let i = 1; i < nodes.length; i++) {
    if (nodes[i - 1].key > nodes[i].key) {
      nodes.sort(byKey);
      return;
    }
  }
}

/**
 * The default chart merged with an organization's overrides, as a tree of root nodes (the
 * top-level groups) in code order. Building never fails: an override that cannot apply (bad code,
 * added account without a label or without a parent) is left out; `validateOverrides` reports it.
 */
export function buildCatalog(overrides?: CatalogOverrides | null): CatalogNode[] {
  const nodes = new Map<string, CatalogNode>();
  for (const entry of DEFAULT_CATALOG) nodes.set(entry.key, newNode(entry.key, entry.label, false));

  const disabledByOrganization = new Set<string>();
  const inDollars = new Set<string>();
  for (const code in overrides ?? {}) {
    if (!Object.hasOwn(overrides!, code)) continue;
    const override = readOverride(overrides![code]);
    if (override === null) continue;
    const label = overrideLabel(override);
    const node = nodes.get(code);
    if (node !== undefined) {
      if (label !== undefined) node.label = label;
    } else if (label !== undefined && codeShapeError(code) === null) {
      nodes.set(code, newNode(code, label, true));
    } else {
      continue;
    }
    if (override.disabled === true) disabledByOrganization.add(code);
    if (override.currency === "USD") inDollars.add(code);
  }

  const roots: CatalogNode[] = [];
  for (const node of nodes.values()) {
    if (node.pId === null) roots.push(node);
    else nodes.get(node.pId)?.children.push(node);
  }

  // Accounts whose parent is missing hang below no root, so the walk leaves them out.
  const walk = (parent: CatalogNode, parentDisabled: boolean) => {
    sortByKey(parent.children);
    const path = parent.path ? parent.path + PATH_SEPARATOR + parent.label : parent.label;
    for (const child of parent.children) {
      child.path = path;
      child.disabled = parentDisabled || disabledByOrganization.has(child.key);
      walk(child, child.disabled);
      // Only a leaf holds lines, so only a leaf is kept in dollars.
      if (inDollars.has(child.key) && child.children.length === 0) child.currency = "USD";
    }
  };
  sortByKey(roots);
  for (const root of roots) {
    root.disabled = true;
    // A group's disabled flag is structural (docs/spec/chart-of-accounts.md §3): it does not reach the group's accounts.
    walk(root, false);
  }
  return roots;
}

/** Every node of the tree in code order (parents before children). */
export function flattenCatalog(tree: readonly CatalogNode[]): CatalogNode[] {
  const flat: CatalogNode[] = [];
  const visit = (nodes: readonly CatalogNode[]) => {
    for (const node of nodes) {
      flat.push(node);
      visit(node.children);
    }
  };
  visit(tree);
  return flat;
}

/** The nodes by key, for constant-time lookup. */
export function indexCatalog(tree: readonly CatalogNode[]): Map<string, CatalogNode> {
  const index = new Map<string, CatalogNode>();
  const visit = (nodes: readonly CatalogNode[]) => {
    for (const node of nodes) {
      index.set(node.key, node);
      visit(node.children);
    }
  };
  visit(tree);
  return index;
}
