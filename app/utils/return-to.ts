export const DEFAULT_REDIRECT = "/?menu=consultas";

const BASE = "http://return-to.invalid";
// C0 controls, DEL and C1 controls: browsers strip some of them (tab, newline) before parsing a URL,
// which turns "/\t/evil.example" into "//evil.example"; in a Location header they make a 500.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern is for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

function looksUnsafe(value: string): boolean {
  return (
    CONTROL_CHARACTERS.test(value) ||
    value.includes("\\") ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    /^\/[^/?#]*:/.test(value)
  );
}

/**
 * A same-site path (with query and hash) for a redirect, or the fallback. The value is checked as
 * given and once more percent-decoded, then resolved the way a browser would: anything that leaves
 * the site, carries a scheme, a backslash, `//` or a control character is refused.
 */
export function safeReturnTo(value: unknown, fallback = DEFAULT_REDIRECT): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (looksUnsafe(value) || looksUnsafe(decoded)) return fallback;
  const resolved = new URL(value, BASE);
  if (resolved.origin !== BASE) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return looksUnsafe(path) ? fallback : path;
}

/** The page to go to after sign-in: a same-site path from ?returnTo, else the default of docs/spec/sign-in.md §1. */
export function returnToFrom(url: URL | string): string {
  const parsed = typeof url === "string" ? new URL(url) : url;
  return safeReturnTo(parsed.searchParams.get("returnTo"));
}

/** Carries ?returnTo from one sign-in step to the next; an unsafe one is dropped. */
export function withReturnTo(path: string, url: URL | string): string {
  const parsed = typeof url === "string" ? new URL(url) : url;
  const raw = parsed.searchParams.get("returnTo");
  if (!raw) return path;
  const returnTo = safeReturnTo(raw, "");
  if (!returnTo) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${new URLSearchParams({ returnTo })}`;
}
