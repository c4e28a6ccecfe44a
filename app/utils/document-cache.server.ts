import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { ByteLru } from "./byte-lru";

/**
 * Rendered documents, reused when a request would render exactly the same page again (decision 172).
 * React renders the document from the URL and the data the loaders returned, and nothing else; Remix
 * already serialises that data into the page (`serverHandoffString`), so the pair is the key. The
 * loaders — session, second factor, role and organization checks included — still run for every
 * request; only rendering their answer again is skipped. Each response keeps its own CSP nonce: the
 * document is kept cut at the nonce and joined with the new one. A page that shows the clock (the
 * footer's year) is at most `TTL_MS` old.
 */
const MAX_BYTES = 48 * 1024 * 1024;
export const DOCUMENT_TTL_MS = 60_000;

interface CachedDocument {
  /** The HTML cut where the nonce it was rendered with appeared. */
  parts: string[];
  storedAt: number;
}

const documents = new ByteLru<CachedDocument>(MAX_BYTES, (document) =>
  document.parts.reduce((bytes, part) => bytes + part.length * 2, 0),
);

/** Null when the response must be rendered: not a plain successful GET, or data still streaming. */
export function documentCacheKey(
  request: Request,
  status: number,
  context: Pick<EntryContext, "serverHandoffString" | "staticHandlerContext" | "isSpaMode">,
  nonce: string | undefined,
): string | null {
  if (request.method !== "GET" || status !== 200 || context.isSpaMode) return null;
  const { errors, actionData, activeDeferreds } = context.staticHandlerContext;
  if (errors || actionData || (activeDeferreds && Object.keys(activeDeferreds).length > 0)) return null;
  if (context.serverHandoffString === undefined) return null;
  return createHash("sha256")
    .update(`${nonce ? "nonce" : "none"}\0${request.url}\0`)
    .update(context.serverHandoffString)
    .digest("base64url");
}

export function cachedDocument(key: string, nonce: string | undefined, now = Date.now()): string | null {
  const document = documents.get(key);
  if (!document) return null;
  if (now - document.storedAt > DOCUMENT_TTL_MS) {
    documents.delete(key);
    return null;
  }
  return document.parts.join(nonce ?? "");
}

export function storeDocument(key: string, html: string, nonce: string | undefined, now = Date.now()): void {
  documents.set(key, { parts: nonce ? html.split(nonce) : [html], storedAt: now });
}

export function clearDocumentCache(): void {
  documents.clear();
}
