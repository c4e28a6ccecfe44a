import type { CatalogNode } from "~/domain/catalog";
import type { PartyPageView, Side } from "~/domain/open-items";

/** What each part of a statement-of-account page receives from the page. */
export interface PartySectionProps {
  side: Side;
  data: PartyPageView;
  admin: boolean;
  catalog: CatalogNode[] | null;
  /** Where the page's forms post. */
  action: string;
  errorOf: (intent: string) => string | undefined;
}
