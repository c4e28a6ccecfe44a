/**
 * The production build served through the server's own HTTP pipeline (`createHttpApp` as compiled to
 * `build/server/http-app.js`, with the Remix build `build/index.js`) on a free port, for tests that
 * need what only the built app does (entry.server, the adapter, compression, one Request per loader).
 */
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import type { createHttpApp as CreateHttpApp, loadRemixBuild as LoadRemixBuild } from "../../app/boot/http-app.server";
import { compiledServer } from "./server-build";

export interface BuiltApp {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startBuiltApp(): Promise<BuiltApp> {
  const httpApp = (await import(pathToFileURL((await compiledServer()).entry("http-app")).href)) as {
    createHttpApp: typeof CreateHttpApp;
    loadRemixBuild: typeof LoadRemixBuild;
  };
  const app = httpApp.createHttpApp(await httpApp.loadRemixBuild(), {
    APP_URL: "http://127.0.0.1",
    NODE_ENV: "production",
    TRUST_PROXY: false,
    LOG_REQUESTS: false,
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
