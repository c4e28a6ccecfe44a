import { randomBytes } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import { pingDatabase } from "../utils/db.server";
import type { RuntimeEnv } from "../utils/env.server";
import { limitRequestBody } from "./body-limit.server";
import { createAppRequestHandler } from "./remix-handler.server";
import { passClientAddress, refuseCrossOrigin } from "./request-guards.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

/** The Remix server build (`remix build`), from the working directory as `npm start` runs. */
export async function loadRemixBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
}

/**
 * The whole HTTP pipeline of a server process, in front of the Remix build: a CSP nonce per response,
 * security headers, compression, client address and cross-origin guards, static files, body limits.
 * The server listens with it; tests that need the built app serve it through this same pipeline.
 */
export function createHttpApp(
  build: ServerBuild,
  env: Pick<RuntimeEnv, "APP_URL" | "TRUST_PROXY" | "LOG_REQUESTS" | "NODE_ENV">,
): express.Express {
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", 1);

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          // Mantine sets inline style attributes on many components.
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:"],
          "font-src": ["'self'"],
          "connect-src": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
          ...(env.APP_URL.startsWith("https://") ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      // helmet's default "no-referrer" makes Chrome send `Origin: null` on same-origin form posts, which
      // Remix's CSRF check rejects: every form without JavaScript would fail with a 500.
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: env.APP_URL.startsWith("https://"),
    }),
  );
  // Cheaper levels than the defaults (brotli 4, gzip 6): on a 430 KB report page brotli 2 takes about
  // 40 % of brotli 4's time for 13 % more bytes, gzip 3 a sixth of gzip 6's for 14 % more (decision 119).
  app.use(compression({ level: 3, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } } }));
  app.use(passClientAddress);
  app.use(refuseCrossOrigin(env.TRUST_PROXY));
  if (env.LOG_REQUESTS) app.use(morgan(env.NODE_ENV === "production" ? "combined" : "dev"));

  app.get("/healthz", async (_req, res) => {
    const databaseUp = await pingDatabase();
    res
      .status(databaseUp ? 200 : 503)
      .json({ status: databaseUp ? "ok" : "error", database: databaseUp ? "ok" : "unreachable" });
  });

  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Every file in public/ has an extension: a page's path (none) skips the file-system lookup.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.all(
    "*",
    limitRequestBody(),
    createAppRequestHandler({ build, getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }) }),
  );

  return app;
}
