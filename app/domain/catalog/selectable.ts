import type { CatalogNode } from "./types";

/**
 * Whether an entry may post to the account: only accounts without children, never a top-level
 * group (docs/spec/chart-of-accounts.md §3), never a disabled account.
 */
export function isSelectable(node: Pick<CatalogNode, "disabled" | "children" | "level">): boolean {
  return !node.disabled && node.children.length === 0 && node.level > 1;
}
