import { gunzipSync } from "node:zlib";
import type { EntryContext } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import {
  DOCUMENT_TTL_MS,
  cachedDocument,
  clearDocumentCache,
  documentCacheKey,
  storeDocument,
} from "./document-cache.server";
import { REUSE_RENDERED_DOCUMENT } from "./document-reuse";

type KeyContext = Pick<EntryContext, "serverHandoffString" | "staticHandlerContext" | "isSpaMode" | "routeModules">;

/** A request matched by root → _app → `page`, whose module has `handle` (the report pages opt in). */
function context(
  handoff: string,
  extra: Partial<KeyContext["staticHandlerContext"]> = {},
  pageModule: { handle?: unknown } = { handle: REUSE_RENDERED_DOCUMENT },
): KeyContext {
  const { handle } = pageModule;
  const page = "routes/_app.results-all";
  return {
    serverHandoffString: handoff,
    isSpaMode: false,
    routeModules: {
      root: { default: () => null },
      "routes/_app": { default: () => null },
      [page]: { default: () => null, handle },
    } as unknown as KeyContext["routeModules"],
    staticHandlerContext: {
      errors: null,
      actionData: null,
      activeDeferreds: null,
      matches: ["root", "routes/_app", page].map((id) => ({ route: { id } })),
      ...extra,
    } as unknown as KeyContext["staticHandlerContext"],
  };
}
const get = (path: string) => new Request(`http://localhost${path}`);

beforeEach(() => clearDocumentCache());

describe("documentCacheKey", () => {
  it("is the same for the same URL and data, and differs when either changes", () => {
    const key = documentCacheKey(get("/results-all?year=2025"), 200, context('{"a":1}'), "n1");
    expect(key).toBe(documentCacheKey(get("/results-all?year=2025"), 200, context('{"a":1}'), "n2"));
    expect(key).not.toBe(documentCacheKey(get("/results-all?year=2025"), 200, context('{"a":2}'), "n1"));
    expect(key).not.toBe(documentCacheKey(get("/results-all?year=2024"), 200, context('{"a":1}'), "n1"));
    expect(key).not.toBe(documentCacheKey(get("/results-all?year=2025"), 200, context('{"a":1}'), undefined));
  });

  it("refuses what must be rendered each time: other methods, other statuses, errors, action data, deferred data", () => {
    const post = new Request("http://localhost/entries", { method: "POST", body: "x=1" });
    expect(documentCacheKey(post, 200, context("{}"), "n")).toBeNull();
    expect(documentCacheKey(get("/"), 404, context("{}"), "n")).toBeNull();
    expect(documentCacheKey(get("/"), 200, context("{}", { errors: { root: new Error("x") } }), "n")).toBeNull();
    expect(documentCacheKey(get("/"), 200, context("{}", { actionData: { root: {} } }), "n")).toBeNull();
    const deferred = { activeDeferreds: { root: {} } } as unknown as Partial<KeyContext["staticHandlerContext"]>;
    expect(documentCacheKey(get("/"), 200, context("{}", deferred), "n")).toBeNull();
    expect(documentCacheKey(get("/"), 200, { ...context("{}"), isSpaMode: true }, "n")).toBeNull();
  });

  it("is null for a page whose route did not opt in, whatever its layouts say", () => {
    expect(documentCacheKey(get("/results-all"), 200, context("{}"), "n")).not.toBeNull();
    for (const handle of [undefined, {}, { reuseRenderedDocument: "yes" }, { breadcrumb: "Informes" }])
      expect(documentCacheKey(get("/results-all"), 200, context("{}", {}, { handle }), "n")).toBeNull();
    const layoutOnly = context("{}", {}, {});
    (layoutOnly.routeModules as Record<string, unknown>)["routes/_app"] = {
      default: () => null,
      handle: REUSE_RENDERED_DOCUMENT,
    };
    expect(documentCacheKey(get("/results-all"), 200, layoutOnly, "n")).toBeNull();
  });
});

describe("cachedDocument", () => {
  const nonce = "Zm9vYmFyYmF6cXV1eDEyMw==";
  const html = `<html><script nonce="${nonce}">a</script><style nonce="${nonce}"></style><p>₡1 000</p></html>`;
  const fresh = "bmV3LW5vbmNlLXZhbHVlMTI=";
  const store = (at: number) => storeDocument("k", Buffer.from(html), nonce, at);

  it("gives the stored page back with the new request's nonce in every place the old one was", () => {
    store(1_000);
    const again = cachedDocument("k", fresh, 2_000)!.html().toString("utf8");
    expect(again).toBe(html.replaceAll(nonce, fresh));
    expect(again).not.toContain(nonce);
  });

  it("gives the same page gzip-compressed, with the new nonce, every time it is asked", () => {
    store(1_000);
    for (const next of [fresh, "b3RyYS1tw6FzLWRpc3RpbnRh"]) {
      const gzip = cachedDocument("k", next, 2_000)!.gzip()!;
      expect(gzip.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(gunzipSync(gzip).toString("utf8")).toBe(html.replaceAll(nonce, next));
    }
  });

  it("forgets a page older than its time to live", () => {
    store(1_000);
    expect(
      cachedDocument("k", nonce, 1_000 + DOCUMENT_TTL_MS)!
        .html()
        .toString("utf8"),
    ).toBe(html);
    expect(cachedDocument("k", nonce, 1_001 + DOCUMENT_TTL_MS)).toBeNull();
    expect(cachedDocument("k", nonce, 1_000)).toBeNull();
  });

  it("knows nothing of a key never stored", () => {
    expect(cachedDocument("other", nonce)).toBeNull();
  });
});
