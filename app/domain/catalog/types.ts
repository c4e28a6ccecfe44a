/** An account of the default chart: code and label only. */
export interface CatalogEntry {
  readonly key: string;
  readonly label: string;
}

/**
 * One account of an organization's chart of accounts.
 * Plain data (JSON-serializable) so a loader can send it to the browser as is.
 */
export interface CatalogNode {
  /** Five two-digit segments, e.g. `10-01-02-01-00`. */
  key: string;
  label: string;
  /**
   * Top-level groups are always disabled (docs/spec/chart-of-accounts.md §3); any other account is disabled when the
   * organization disabled it or one of its ancestors.
   */
  disabled: boolean;
  children: CatalogNode[];
  /** Key of the parent account; `null` for a top-level group. */
  pId: string | null;
  /** Count of segments that are not `00` (1 to 5). */
  level: number;
  /** Labels of the ancestors from the top-level group down, joined by " / "; empty for a group. */
  path: string;
  /** What a form posts for this account: the key. */
  value: string;
  /** True when the account is not in the default chart but was added by the organization. */
  added: boolean;
  /** Set on a leaf account the organization keeps in dollars (docs/decisions/282): its lines carry US$ and a rate. */
  currency?: ForeignCurrency;
}

/** The foreign currency an account can be kept in. */
export type ForeignCurrency = "USD";

/** One organization's change to the account at a code. */
export interface CatalogOverride {
  label?: string;
  disabled?: boolean;
  currency?: ForeignCurrency;
}

/**
 * The organization's stored `catalog` field, keyed by account code. A code that is not in the
 * default chart is an added account (it needs a label). A plain string is the spec's older form:
 * the label only.
 */
export type CatalogOverrides = Record<string, CatalogOverride | string>;

/** A refused code or override, with the Spanish message to show. */
export interface CatalogIssue {
  code: string;
  message: string;
}
