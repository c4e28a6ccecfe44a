import { foldText } from "../text";
import type { CatalogNode } from "./types";

interface Folded {
  key: string;
  label: string;
  digits: string;
  foldedLabel: string;
}

// Folding every label on every keystroke would dominate a search; nodes keep their folded form.
const foldedNodes = new WeakMap<object, Folded>();

function foldedOf(node: { key: string; label: string }): Folded {
  const cached = foldedNodes.get(node);
  if (cached !== undefined && cached.key === node.key && cached.label === node.label) return cached;
  const folded = {
    key: node.key,
    label: node.label,
    digits: node.key.replace(/-/g, ""),
    foldedLabel: foldText(node.label),
  };
  foldedNodes.set(node, folded);
  return folded;
}

const CODE_LIKE = /^[\d-]*\d[\d-]*$/;

/**
 * A predicate for one query. Every word of the query must match: a word made of digits (with or
 * without dashes) matches a code that starts with those digits or a label that contains it; any
 * other word must appear in the label. Case and accents are ignored. An empty query matches all.
 */
export function catalogMatcher(query: string): (node: { key: string; label: string }) => boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  const tests = words.map((word) => {
    const digits = CODE_LIKE.test(word) ? word.replace(/-/g, "") : null;
    return (node: Folded) => node.foldedLabel.includes(word) || (digits !== null && node.digits.startsWith(digits));
  });
  return (node) => {
    const folded = foldedOf(node);
    return tests.every((test) => test(folded));
  };
}

/**
 * The nodes that match `query`, in code order. Each carries `pId` and `path` (its ancestors'
 * labels) for display; `ancestorCodes(node.key)` gives the keys to expand.
 */
export function searchCatalog(tree: readonly CatalogNode[], query: string): CatalogNode[] {
  const matches = catalogMatcher(query);
  const found: CatalogNode[] = [];
  const visit = (nodes: readonly CatalogNode[]) => {
    for (const node of nodes) {
      if (matches(node)) found.push(node);
      visit(node.children);
    }
  };
  visit(tree);
  return found;
}

/**
 * The tree cut down to the matches and their ancestors. A matching node keeps its whole subtree;
 * ancestors are copies holding only the branches that lead to matches.
 */
export function filterCatalog(tree: readonly CatalogNode[], query: string): CatalogNode[] {
  const matches = catalogMatcher(query);
  const prune = (nodes: readonly CatalogNode[]): CatalogNode[] => {
    const kept: CatalogNode[] = [];
    for (const node of nodes) {
      if (matches(node)) {
        kept.push(node);
        continue;
      }
      const children = prune(node.children);
      if (children.length > 0) kept.push({ ...node, children });
    }
    return kept;
  };
  return prune(tree);
}
