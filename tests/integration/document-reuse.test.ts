/**
 * The document cache's rule (decision 211, beside `renderDocument` in entry.server.tsx), held on the
 * built app: only the pages whose route opts in are reused, and each of those renders the same document
 * for the same URL and loaders' data whatever else differs between two requests — headers, cookies,
 * a crawler's user agent, the load context. A provider that rendered a per-request value would make
 * the two renders differ here, before any user could see another's page.
 */
import { createRequestHandler, type AppLoadContext, type EntryContext, type ServerBuild } from "@remix-run/node";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as EntryServer from "../../app/entry.server";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { preparedDocumentOf } from "../../app/utils/prepared-document.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const ORG = "CR:3101888004";
const REUSED = [
  "/results-all?year=2026&level=5&org=3101888004",
  "/results?year=2026&level=3&org=3101888004",
  "/results-general?to=2026-12-31&level=3&org=3101888004",
];
const RENDERED_EACH_TIME = ["/?org=3101888004", "/entries/list?org=3101888004", "/detail?index&org=3101888004"];

let environment: AppEnvironment;
let cookie: string;
let entry: typeof EntryServer;
let handle: (request: Request, context: AppLoadContext) => Promise<Response>;
const answered: Array<{ url: string; reused: boolean; context: EntryContext }> = [];

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Reuso S.A.", identificationType: "02" });
  const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
  const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;
  const posted = await createAndPost(
    ORG,
    {
      date: "2026-02-10",
      description: "Aporte de capital",
      lines: [
        { account: leafOf("10-01"), debit: 250_000_000n },
        { account: leafOf("30-01"), credit: 250_000_000n },
      ],
    },
    { by: "reuso@test" },
  );
  if (!posted.ok) throw new Error("the entry was refused");
  const user = await createTestUser({ persona: "client", orgs: { [ORG]: "client" } });
  cookie = await sessionCookieFor(user.id);

  // The Remix build as the server loads it, its document entry watched: which answers were reused
  // pages, and the context each page was rendered from.
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  entry = build.entry.module as unknown as typeof EntryServer;
  const watched: ServerBuild = {
    ...build,
    entry: {
      module: {
        ...build.entry.module,
        default: async (request, status, headers, context, loadContext) => {
          const response = await entry.default(request, status, headers, context, loadContext);
          answered.push({ url: request.url, reused: preparedDocumentOf(response) !== undefined, context });
          return response;
        },
      },
    },
  };
  handle = createRequestHandler(watched, "production");
}, 60_000);

afterAll(() => environment?.close());

async function ask(pagePath: string, nonce: string) {
  const response = await handle(new Request(`http://localhost${pagePath}`, { headers: { Cookie: cookie } }), {
    cspNonce: nonce,
  });
  const html = await response.text();
  expect(response.status, `${pagePath}: ${html.slice(0, 300)}`).toBe(200);
  return { html, answer: answered.at(-1)! };
}

describe("the document cache", () => {
  it("reuses the pages whose route opts in, and renders every other page each time", async () => {
    for (const pagePath of [...REUSED, ...RENDERED_EACH_TIME]) {
      const first = await ask(pagePath, "bm9uY2UtdW5vLXByaW1lcm8=");
      const second = await ask(pagePath, "bm9uY2UtZG9zLXNlZ3VuZG8=");
      expect(first.answer.reused, pagePath).toBe(false);
      expect(second.answer.reused, pagePath).toBe(REUSED.includes(pagePath));
      expect(second.html.replaceAll("bm9uY2UtZG9zLXNlZ3VuZG8=", "N")).toBe(
        first.html.replaceAll("bm9uY2UtdW5vLXByaW1lcm8=", "N"),
      );
    }
  });

  it("renders each page that opts in from its URL and loaders' data alone, whatever else the request carries", async () => {
    for (const pagePath of REUSED) {
      const { answer, html } = await ask(pagePath, "bm9uY2UtdHJlcy10ZXJjZXJv");
      expect(html).toContain("Reuso S.A.");
      const url = `http://localhost${pagePath}`;
      const renders = [
        {
          nonce: "b25lLW5vbmNlLWZvci1vbmU=",
          request: new Request(url, { headers: { Cookie: cookie, "Accept-Language": "es-CR,es;q=0.9" } }),
          context: { cspNonce: "b25lLW5vbmNlLWZvci1vbmU=" },
        },
        {
          nonce: "YW5vdGhlci1ub25jZS10d28=",
          request: new Request(url, {
            headers: {
              Cookie: `${cookie}; otra=cookie`,
              "Accept-Language": "en-US,en;q=0.9",
              "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
              "X-Forwarded-For": "203.0.113.9",
              "Sec-CH-Prefers-Color-Scheme": "dark",
            },
          }),
          // What a new per-request value would look like to a provider: another field in the context.
          context: { cspNonce: "YW5vdGhlci1ub25jZS10d28=", csrfToken: "token-de-otra-solicitud", userId: "otro" },
        },
      ];
      const pages = [];
      for (const render of renders) {
        const response = await entry.renderDocument(
          render.request,
          200,
          new Headers(),
          answer.context,
          render.context as AppLoadContext,
        );
        pages.push((await response.text()).replaceAll(render.nonce, "NONCE"));
      }
      expect(pages[0]).toContain("Reuso S.A.");
      expect(pages[1], pagePath).toBe(pages[0]);
    }
  });
});
