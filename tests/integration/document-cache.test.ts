/**
 * The built app answering document requests twice with unchanged data (the second page comes from
 * the document cache, decision 172): the same page, each with its own CSP nonce, each user's own, and
 * a new page as soon as the books change; compressed once and sent as kept (decision 175).
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { startBuiltApp, type BuiltApp } from "../support/built-app";
import { sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const ORG = "CR:3101888001";
const PAGE = "/results-all?year=2026&level=5";
const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;

let environment: AppEnvironment;
let app: BuiltApp;
let baseUrl: string;
const users: Array<{ email: string; cookie: string }> = [];

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Documentos S.A.", identificationType: "02" });
  await post("1000000.00", "2026-01-10");
  for (let n = 0; n < 2; n++) {
    const user = await createTestUser({ persona: "client", orgs: { [ORG]: "client" } });
    users.push({ email: user.email, cookie: `${await sessionCookieFor(user.id)}` });
  }
  // The server's own pipeline: compressed answers, a fresh nonce for every response.
  app = await startBuiltApp();
  baseUrl = app.baseUrl;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.close();
});

async function post(amount: string, date: string) {
  const units = BigInt(amount.replace(".", "")) * 1000n;
  const result = await createAndPost(
    ORG,
    {
      date,
      description: `Aporte ${amount}`,
      lines: [
        { account: leafOf("10-01"), debit: units },
        { account: leafOf("30-01"), credit: units },
      ],
    },
    { by: "documentos@test" },
  );
  if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" "));
}

async function page(cookie: string): Promise<{ status: number; html: string; nonce: string }> {
  const response = await fetch(`${baseUrl}${PAGE}`, { headers: { Cookie: cookie } });
  const html = await response.text();
  const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1] ?? "";
  return { status: response.status, html, nonce };
}

function rawGet(cookie: string, acceptEncoding: string | undefined, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = { Cookie: cookie };
    if (acceptEncoding !== undefined) headers["Accept-Encoding"] = acceptEncoding;
    http
      .request(`${baseUrl}${PAGE}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
}

describe("a document asked again with unchanged data", () => {
  it("is the same page, with the new response's own nonce on every script", async () => {
    const first = await page(users[0].cookie);
    const second = await page(users[0].cookie);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.html).toContain("Balance de Comprobación");
    expect(first.nonce).not.toBe("");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(first.nonce);
    expect(second.html.split(second.nonce).length).toBe(first.html.split(first.nonce).length);
    expect(second.html.replaceAll(second.nonce, "NONCE")).toBe(first.html.replaceAll(first.nonce, "NONCE"));
  });

  it("is each user's own page", async () => {
    for (let round = 0; round < 2; round++) {
      for (const [index, user] of users.entries()) {
        const { html } = await page(user.cookie);
        expect(html).toContain(user.email);
        expect(html).not.toContain(users[1 - index].email);
      }
    }
  });

  it("shows a posted entry on the next request", async () => {
    const before = await page(users[0].cookie);
    // Caja: 1 000 000,00 before, 8 654 321,09 after.
    expect(before.html).toMatch(/1.000.000,00/);
    expect(before.html).not.toMatch(/8.654.321,09/);
    await post("7654321.09", "2026-03-05");
    const after = await page(users[0].cookie);
    expect(after.html).toMatch(/8.654.321,09/);
  });

  it("is sent gzip-compressed as kept, once, with the response's nonce inside; plain to who takes no gzip", async () => {
    const plain = await page(users[0].cookie);
    for (const acceptEncoding of ["gzip, deflate, br", "br;q=1.0, gzip;q=0.8", undefined, "br", "gzip;q=0"]) {
      const raw = await rawGet(users[0].cookie, acceptEncoding);
      expect(raw.status).toBe(200);
      expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
      const gzip = acceptEncoding !== undefined && /gzip(?!;q=0\b)/.test(acceptEncoding);
      const encoding = raw.headers["content-encoding"];
      const body =
        encoding === "gzip" ? gunzipSync(raw.body) : encoding === "br" ? brotliDecompressSync(raw.body) : raw.body;
      if (gzip) expect(raw.headers["content-encoding"]).toBe("gzip");
      // The middleware would stream its own compression in chunks; the kept bytes go with their length.
      if (gzip) expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
      if (!acceptEncoding) expect(raw.headers["content-encoding"]).toBeUndefined();
      const html = body.toString("utf8");
      const nonce = /<script nonce="([^"]+)"/.exec(html)![1];
      expect(nonce).not.toBe(plain.nonce);
      expect(html.replaceAll(nonce, "NONCE")).toBe(plain.html.replaceAll(plain.nonce, "NONCE"));
    }
    const head = await rawGet(users[0].cookie, "gzip", "HEAD");
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });

  it("still refuses a request without a session", async () => {
    await page(users[0].cookie);
    const response = await fetch(`${baseUrl}${PAGE}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});
