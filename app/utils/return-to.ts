import { safeRedirect } from "remix-utils/safe-redirect";

export const DEFAULT_REDIRECT = "/?menu=consultas";

/** The page to go to after sign-in: a same-site path from ?returnTo, else the seed's default. */
export function returnToFrom(url: URL | string): string {
  const parsed = typeof url === "string" ? new URL(url) : url;
  const target = safeRedirect(parsed.searchParams.get("returnTo"), DEFAULT_REDIRECT);
  // safeRedirect lets backslashes after the first character through; browsers treat them as slashes.
  return target.includes("\\") ? DEFAULT_REDIRECT : target;
}

/** Carries ?returnTo from one sign-in step to the next. */
export function withReturnTo(path: string, url: URL | string): string {
  const parsed = typeof url === "string" ? new URL(url) : url;
  const returnTo = parsed.searchParams.get("returnTo");
  if (!returnTo) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${new URLSearchParams({ returnTo })}`;
}
