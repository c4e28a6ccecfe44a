import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { cachedDocument, documentCacheKey, storeDocument } from "./utils/document-cache.server";
import { NonceProvider } from "./utils/nonce";
import { markPrepared } from "./utils/prepared-document.server";
import { StaticMarkupProvider } from "./utils/static-markup";
import { cachedStaticMarkup } from "./utils/static-markup.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const cacheKey = documentCacheKey(request, responseStatusCode, remixContext, nonce);
  const cached = cacheKey ? cachedDocument(cacheKey, nonce) : null;
  if (cached !== null) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // Built only if something reads it: the server's adapter writes the prepared bytes instead.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(cached.html());
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    return markPrepared(new Response(body, { headers: responseHeaders, status: responseStatusCode }), cached);
  }
  const store = cacheKey ? (html: Buffer) => storeDocument(cacheKey, html, nonce) : undefined;
  return renderDocument(request, responseStatusCode, responseHeaders, remixContext, loadContext, store);
}

/**
 * The document rendered by React, every time (the cache above decides when not to call this). `whole`
 * receives the complete HTML once it has all been written without an error.
 *
 * THE RULE of the document cache (decisions 172, 211): a page whose route opts in
 * (`REUSE_RENDERED_DOCUMENT`) is stored under its URL and its loaders' data and served to the next
 * request with the same two — another user's request included, when their data is equal. So everything
 * rendered here, these providers and every component under them, must depend on the URL and the
 * loaders' data only. The CSP nonce is the one exception, and it is cut out and rejoined per response.
 * A new per-request value (a locale from the headers, a CSRF token, the user from the load context)
 * must reach the page through a loader's data, never through a provider, or the pages that opt in
 * would show one request's value to another. `tests/integration/document-reuse.test.ts` renders each
 * opted-in page twice with different per-request contexts and fails when they differ.
 */
export function renderDocument(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
  whole?: (html: Buffer) => void,
): Promise<Response> {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StaticMarkupProvider value={cachedStaticMarkup}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </StaticMarkupProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = whole ? capture((html) => !failed && whole(html)) : new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Passes the document through and hands its whole text to `done` once it has all been written. */
function capture(done: (html: Buffer) => void): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      done(Buffer.concat(chunks));
      callback();
    },
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // An oversize body is answered 413 by the server; the route's failed read is not an error.
  if (request.signal.aborted || (error instanceof Error && error.name === "BodyTooLargeError")) return;
  console.error(error);
}
