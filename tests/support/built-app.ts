/**
 * The production build (`build/index.js`) served through the server's own request handler on a free
 * port, for tests that need what only the built app does (entry.server, the adapter, one Request per
 * loader). `before` adds middleware in front of it as server.ts does (compression, for one).
 */
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import express, { type RequestHandler } from "express";
import { createAppRequestHandler } from "../../app/boot/remix-handler.server";

export interface BuiltApp {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startBuiltApp(options: { nonce: () => string; before?: RequestHandler[] }): Promise<BuiltApp> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const app = express();
  for (const middleware of options.before ?? []) app.use(middleware);
  app.all("*", createAppRequestHandler({ build, getLoadContext: () => ({ cspNonce: options.nonce() }) }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
