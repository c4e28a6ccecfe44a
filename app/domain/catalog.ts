/**
 * The chart of accounts (docs/spec/chart-of-accounts.md): the default Costa Rican tree, merged with an organization's
 * overrides, and the rules on account codes. Pure TypeScript, shared by server and browser.
 */
export type { CatalogEntry, CatalogIssue, CatalogNode, CatalogOverride, CatalogOverrides } from "./catalog/types";
export { DEFAULT_CATALOG } from "./catalog/default-tree";
export { defaultLabels } from "./catalog/default-index";
export {
  GROUP_CODES,
  ancestorCodes,
  codeShapeError,
  isDescendantOf,
  isGroupCode,
  levelOf,
  normalizeCode,
  parentOf,
} from "./catalog/code";
export { buildCatalog, flattenCatalog, indexCatalog } from "./catalog/build";
export { applyOverride, readOverride, removeOverride } from "./catalog/overrides";
export { nextCode } from "./catalog/next-code";
export { isSelectable } from "./catalog/selectable";
export { catalogMatcher, filterCatalog, searchCatalog } from "./catalog/search";
export { validateLabel, validateNewCode, validateOverrides } from "./catalog/validate";
export { catalogToCsv } from "./catalog/csv";
