import { SEGMENT_COUNT, childCode, lastSegmentOf, levelOf } from "./code";
import { lastLevel, noCodeLeft } from "./messages";

const LAST_CHILD = 99;

/**
 * The code for a new child of `node` (docs/spec/chart-of-accounts.md §4): with no children, the first child (segment `01`
 * at the next level); otherwise the highest child's last segment plus one, zero-padded.
 */
export function nextCode(node: { key: string; children: readonly { key: string }[] }): string {
  if (levelOf(node.key) >= SEGMENT_COUNT) throw new Error(lastLevel(node.key));
  if (node.children.length === 0) return childCode(node.key, 1);
  let highest = 0;
  for (const child of node.children) highest = Math.max(highest, lastSegmentOf(child.key));
  if (highest >= LAST_CHILD) throw new Error(noCodeLeft(node.key));
  return childCode(node.key, highest + 1);
}
