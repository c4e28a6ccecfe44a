import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { ByteLru } from "./byte-lru";
import { reusesRenderedDocument } from "./document-reuse";
import type { PreparedDocument } from "./prepared-document.server";
import { canStitchGzip, compressPiece, stitchGzip, type CompressedPiece } from "./stitched-gzip.server";

/**
 * Rendered documents, reused when a request would render exactly the same page again (decision 172),
 * for the routes that opt in (`REUSE_RENDERED_DOCUMENT`, decision 211). On those, React renders the
 * document from the URL and the data the loaders returned, and nothing else; Remix
 * already serialises that data into the page (`serverHandoffString`), so the pair is the key. The
 * loaders — session, second factor, role and organization checks included — still run for every
 * request; only rendering their answer again is skipped. Each response keeps its own CSP nonce: the
 * document is kept cut at the nonce and joined with the new one, as bytes and, from its second use,
 * compressed once (a gzip stitched around the new nonce, decision 175). A page that shows the clock
 * (the footer's year) is at most `TTL_MS` old.
 */
const MAX_BYTES = 48 * 1024 * 1024;
export const DOCUMENT_TTL_MS = 60_000;

interface CachedDocument {
  /** The HTML's bytes cut where the nonce it was rendered with appeared. */
  parts: Buffer[];
  /** The same parts compressed, made the first time the page is served again (decision 175). */
  compressed?: CompressedPiece[];
  storedAt: number;
}

const documents = new ByteLru<CachedDocument>(MAX_BYTES, (document) =>
  [...document.parts, ...(document.compressed ?? []).map((piece) => piece.deflated)].reduce(
    (bytes, part) => bytes + part.length,
    0,
  ),
);

/**
 * Null when the response must be rendered: its page did not opt in, not a plain successful GET, or
 * data still streaming.
 */
export function documentCacheKey(
  request: Request,
  status: number,
  context: Pick<EntryContext, "serverHandoffString" | "staticHandlerContext" | "isSpaMode" | "routeModules">,
  nonce: string | undefined,
): string | null {
  if (request.method !== "GET" || status !== 200 || context.isSpaMode) return null;
  const page = context.staticHandlerContext.matches.at(-1)?.route.id;
  if (page === undefined || !reusesRenderedDocument(context.routeModules[page]?.handle)) return null;
  const { errors, actionData, activeDeferreds } = context.staticHandlerContext;
  if (errors || actionData || (activeDeferreds && Object.keys(activeDeferreds).length > 0)) return null;
  if (context.serverHandoffString === undefined) return null;
  return createHash("sha256")
    .update(`${nonce ? "nonce" : "none"}\0${request.url}\0`)
    .update(context.serverHandoffString)
    .digest("base64url");
}

/** A stored page with this response's nonce: as bytes, or gzip-compressed without compressing it again. */
export function cachedDocument(key: string, nonce: string | undefined, now = Date.now()): PreparedDocument | null {
  const document = documents.get(key);
  if (!document) return null;
  if (now - document.storedAt > DOCUMENT_TTL_MS) {
    documents.delete(key);
    return null;
  }
  const between = Buffer.from(nonce ?? "");
  return {
    html: () => joinParts(document.parts, between),
    gzip: () => {
      if (!canStitchGzip()) return null;
      if (!document.compressed) {
        document.compressed = document.parts.map((part) => compressPiece(part));
        documents.set(key, document);
      }
      return stitchGzip(document.compressed, between);
    },
  };
}

function joinParts(parts: Buffer[], between: Buffer): Buffer {
  const all: Buffer[] = [];
  parts.forEach((part, index) => (index > 0 ? all.push(between, part) : all.push(part)));
  return Buffer.concat(all);
}

export function storeDocument(key: string, html: Buffer, nonce: string | undefined, now = Date.now()): void {
  documents.set(key, { parts: nonce ? splitBytes(html, Buffer.from(nonce)) : [html], storedAt: now });
}

function splitBytes(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, start)) {
    parts.push(bytes.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

export function clearDocumentCache(): void {
  documents.clear();
}
