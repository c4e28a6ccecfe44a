import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BODY_TOO_LARGE_MESSAGE,
  bodyLimitFor,
  limitRequestBody,
  SIGN_IN_BODY_LIMIT,
  UPLOAD_BODY_LIMIT,
  STATEMENT_BODY_LIMIT,
} from "../../app/boot/body-limit.server";
import { MAX_STATEMENT_BYTES } from "../../app/domain/bank/statement";
import { createAppRequestHandler } from "../../app/boot/remix-handler.server";
import { passClientAddress } from "../../app/boot/request-guards.server";
import { MAX_UPLOAD_BYTES } from "../../app/services/receipts/receipts-upload.server";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

let environment: AppEnvironment;
let server: ReturnType<express.Express["listen"]>;
let port: number;

// The middleware part of server.ts in front of the built app (`remix build` must have run).
beforeAll(async () => {
  environment = await startAppEnvironment();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const app = express();
  app.use(passClientAddress);
  app.all("*", limitRequestBody(), createAppRequestHandler({ build, getLoadContext: () => ({ cspNonce: "" }) }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await environment?.close();
});

interface Answer {
  status: number;
  body: string;
  sent: number;
}

/** Posts `total` bytes of a urlencoded form, declared with Content-Length or sent chunked. */
function post(pathname: string, total: number, mode: "content-length" | "chunked", cookie?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      path: pathname,
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
        ...(mode === "content-length" ? { "Content-Length": String(total) } : { "Transfer-Encoding": "chunked" }),
      },
    });
    let sent = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sent }));
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    chunk.write("email=");
    const pump = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("request bodies are limited before they are read (issue 16, item 3)", () => {
  it("gives each route a limit fitting its purpose", () => {
    expect(bodyLimitFor("/login")).toBe(SIGN_IN_BODY_LIMIT);
    expect(bodyLimitFor("/LOGIN/")).toBe(SIGN_IN_BODY_LIMIT);
    expect(bodyLimitFor("/otp-verification")).toBe(SIGN_IN_BODY_LIMIT);
    expect(bodyLimitFor("/detail/import")).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(bodyLimitFor("/detail/import")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/detail/")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/organizations")).toBe(1024 * 1024);
    expect(bodyLimitFor("/admin/bank")).toBe(STATEMENT_BODY_LIMIT);
    expect(STATEMENT_BODY_LIMIT).toBeGreaterThan(MAX_STATEMENT_BYTES);
  });

  it("answers 413 in Spanish to a declared 300 MB sign-in form without reading it", async () => {
    const answer = await post("/login", 300 * 1024 * 1024, "content-length");
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(BODY_TOO_LARGE_MESSAGE);
    expect(answer.sent).toBeLessThan(50 * 1024 * 1024);
  });

  it("answers 413 to a chunked body once it passes the limit, without buffering the rest", async () => {
    const before = process.memoryUsage().rss;
    const answer = await post("/login", 200 * 1024 * 1024, "chunked");
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(BODY_TOO_LARGE_MESSAGE);
    expect(answer.sent).toBeLessThan(50 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("refuses 2 MB on an ordinary form route, chunked or declared", async () => {
    const admin = await createTestUser({ persona: "admin", orgs: { "CR:3101123456": "admin" } });
    const cookie = await sessionCookieFor(admin.id);
    expect((await post("/admin/organizations?index", 2 * 1024 * 1024, "content-length", cookie)).status).toBe(413);
    const chunked = await post("/admin/organizations?index", 2 * 1024 * 1024, "chunked", cookie);
    expect(chunked.status).toBe(413);
    expect(chunked.body).toBe(BODY_TOO_LARGE_MESSAGE);
  });

  it("still signs in with an ordinary form, declared or chunked", async () => {
    const user = await createTestUser({ persona: "client" });
    const form = new URLSearchParams({ email: user.email, password: user.password }).toString();
    for (const chunked of [false, true]) {
      const response = await fetch(`http://127.0.0.1:${port}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: chunked ? new Blob([form]).stream() : form,
        ...(chunked ? { duplex: "half" } : {}),
      } as RequestInit);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/otp-verification?id=${user.factorId}`);
    }
  });
});
