/** What the catalog screen shows for one account, shaped by the catalog service. */
/** What the catalog screen shows and offers for one account. */
export interface AccountDetails {
  key: string;
  label: string;
  level: number;
  pId: string | null;
  path: string;
  disabled: boolean;
  /** Disabled by the organization at this very code (not only through an ancestor). */
  disabledHere: boolean;
  added: boolean;
  /** The default chart's label, when the account comes from it. */
  defaultLabel: string | null;
  childCount: number;
  /** The code `nextCode` proposes for a new child, or why there can be none. */
  proposedCode: string | null;
  proposalProblem: string | null;
  canDisable: boolean;
  canEnable: boolean;
  canRemove: boolean;
  hasMovements: boolean;
  /** The currency the account is kept in (decision 282). */
  currency: "CRC" | "USD";
  /** A leaf that may be marked (no colón-only lines, checked on save) or unmarked (no movements). */
  canChangeCurrency: boolean;
}
