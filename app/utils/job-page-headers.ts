import type { HeadersFunction } from "@remix-run/node";

const REFRESH_SECONDS = 2;

/** A job page is never cached and, while its job runs, refreshes itself (so it works without JavaScript). */
export function jobPageHeaders(running: boolean, seconds = REFRESH_SECONDS): Record<string, string> {
  return { "Cache-Control": "private, no-store", ...(running ? { Refresh: String(seconds) } : {}) };
}

/** The route's `headers` export: the loader's Refresh header reaches the document response. */
export const jobDocumentHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const refresh = loaderHeaders.get("Refresh");
  return { "Cache-Control": "private, no-store", ...(refresh ? { Refresh: refresh } : {}) };
};
