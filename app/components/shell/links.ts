/**
 * The one place that builds links inside the shell: they keep the selected organization (?org) and
 * the shell's ?showSidebar and ?menu from the current page, unless the target sets them itself.
 */
export const KEPT_PARAMS = ["org", "showSidebar", "menu"] as const;
export type KeptParam = (typeof KEPT_PARAMS)[number];

export function appHref(to: string, current: URLSearchParams, changes: Partial<Record<KeptParam, string | null>> = {}): string {
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
  return KEPT_PARAMS.filter((key) => !omit.includes(key) && current.has(key)).map((key) => [key, current.get(key) ?? ""]);
}
