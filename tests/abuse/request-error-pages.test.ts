import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppRequestHandler } from "../../app/boot/remix-handler.server";

const SECRET_DETAIL = "detalle-interno-que-no-debe-salir";

// The smallest build whose only route fails: its entry prints what the browser would receive.
const failingBuild = {
  mode: "development",
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers, context: { serverHandoffString?: string }) =>
        new Response(`<html><script>${context.serverHandoffString ?? ""}</script></html>`, { status, headers }),
    },
  },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        default: () => null,
        ErrorBoundary: () => null,
        loader: () => {
          throw new Error(SECRET_DETAIL);
        },
      },
    },
  },
  assets: {
    entry: { imports: [], module: "/build/entry.js" },
    routes: {
      root: {
        id: "root",
        path: "",
        module: "/build/root.js",
        hasLoader: true,
        hasAction: false,
        hasErrorBoundary: true,
        imports: [],
      },
    },
    url: "/build/manifest.js",
    version: "1",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let server: ReturnType<express.Express["listen"]>;
let base: string;

beforeAll(async () => {
  process.env.NODE_ENV = "development";
  const app = express();
  app.all("*", createAppRequestHandler({ build: failingBuild, getLoadContext: () => ({ cspNonce: "" }) }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe("no stack trace reaches the browser, in development mode too (issue 16, item 11)", () => {
  it.each(["/", "/?_data=root"])("%s answers 500 without the error's message or stack", async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain(SECRET_DETAIL);
    expect(body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });
});
