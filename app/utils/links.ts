/**
 * The one place that builds links inside the shell: they keep the selected organization (?org) and
 * the shell's ?showSidebar and ?menu from the current page, unless the target sets them itself.
 */
export const KEPT_PARAMS = ["org", "showSidebar", "menu"] as const;
export type KeptParam = (typeof KEPT_PARAMS)[number];

export function appHref(
  to: string,
  current: URLSearchParams,
  changes: Partial<Record<KeptParam, string | null>> = {},
): string {
  const [path, query = ""] = to.split("?");
  const params = new URLSearchParams(query);
  for (const key of KEPT_PARAMS) {
    if (params.has(key)) continue;
    const value = key in changes ? changes[key] : current.get(key);
    if (value !== null && value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The kept parameters as hidden fields, for GET forms (search boxes, the organization switcher). */
export function keptParamFields(current: URLSearchParams, omit: readonly KeptParam[] = []): Array<[KeptParam, string]> {
  return KEPT_PARAMS.filter((key) => !omit.includes(key) && current.has(key)).map((key) => [
    key,
    current.get(key) ?? "",
  ]);
}

/** What the page knows about itself that the organization switcher needs: a receipt's month and tab. */
export interface SwitchContext {
  month?: string;
  tab?: string;
}

// Parameters that name one record or one page of a list of the organization being left.
const DROPPED_ON_SWITCH = new Set(["org", "index", "page", "account"]);

/**
 * Where the organization switcher goes: the same screen with its month, tab and filters, except where
 * the screen shows one record of the organization being left. A receipt goes to the new organization's
 * month view of the receipt's month and tab; an import job to the import screen.
 */
export function organizationSwitchTarget(
  pathname: string,
  current: URLSearchParams,
  context: SwitchContext = {},
): { action: string; fields: Array<[string, string]> } {
  const kept = [...current].filter(([key]) => !DROPPED_ON_SWITCH.has(key));
  if (/^\/detail\/import\/[^/]+/.test(pathname)) return { action: "/detail/import", fields: kept };
  // One entry template of the organization being left: the new organization's templates.
  if (/^\/admin\/accounting-entry-templates\/(?!new$)[^/]+/.test(pathname)) {
    return {
      action: "/admin/accounting-entry-templates",
      fields: kept.filter(([key]) => key === "showSidebar" || key === "menu"),
    };
  }
  // «Usar plantilla» names a template of the organization being left: the new entry starts blank.
  if (pathname === "/entries/detail/new") {
    return { action: pathname, fields: kept.filter(([key]) => key === "showSidebar" || key === "menu") };
  }
  // One entry of the organization being left: the new organization's entries list.
  if (/^\/entries\/(view|detail)\/(?!new$)[^/]+/.test(pathname)) {
    return { action: "/entries/list", fields: kept.filter(([key]) => key === "showSidebar" || key === "menu") };
  }
  if (/^\/detail\/(?!import$)[^/]+/.test(pathname)) {
    const shell = kept.filter(([key]) => key === "showSidebar" || key === "menu");
    const month: Array<[string, string]> = [
      ...(context.month ? [["month", context.month] as [string, string]] : []),
      ...(context.tab ? [["tab", context.tab] as [string, string]] : []),
    ];
    return { action: "/", fields: [...month, ...shell] };
  }
  return { action: pathname, fields: kept };
}
