import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import { startLocalServices, type LocalServices } from "./app/boot/local-services.server";
import { limitRequestBody } from "./app/boot/body-limit.server";
import { superviseWorkers, workerCount } from "./app/boot/cluster.server";
import { createAppRequestHandler } from "./app/boot/remix-handler.server";
import { passClientAddress, refuseCrossOrigin } from "./app/boot/request-guards.server";
import { connectDatabase, disconnectDatabase, pingDatabase } from "./app/utils/db.server";
import { getEnv, parseEnv } from "./app/utils/env.server";
import { startHaciendaWorker } from "./app/services/hacienda/worker.server";
import { prepareData } from "./app/boot/prepare-data.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

const log = (line: string) => console.log(cluster.isWorker ? `[server ${process.pid}] ${line}` : `[server] ${line}`);

/**
 * One process per core in production (decision 116): the primary owns what exists once — the embedded
 * database and mail capture when not configured, generated secrets, the demo seed — and passes them to
 * its workers in their environment; each worker serves HTTP on the shared port. WEB_CONCURRENCY=1 (the
 * default outside production) serves from this process alone.
 */
async function main() {
  const bootEnv = parseEnv(process.env);
  // The primary has filled in the environment (MONGODB_URI, SMTP_URL, secrets) and seeded the demo.
  if (cluster.isWorker) return serve({ close: async () => undefined });
  const workers = workerCount(bootEnv);
  const localServices = await startLocalServices(bootEnv, log);
  const env = getEnv();
  await connectDatabase(env.MONGODB_URI);
  await prepareData({ log });
  if (env.SEED_DEMO) {
    // A development convenience, refused in production by the environment schema. The demo seed and
    // the sample generator it uses (packages/hacienda-samples) are development tools: loaded only here,
    // never part of the production server's module graph.
    const { seedDemo } = await import("./scripts/seed-demo");
    await seedDemo({ log });
  }
  if (workers === 1) return serve(localServices);
  await disconnectDatabase();
  log(`starting ${workers} worker processes (WEB_CONCURRENCY=1 serves from one)`);
  superviseWorkers({ count: workers, log, close: () => localServices.close() });
}

async function serve(localServices: LocalServices) {
  const env = getEnv();
  await connectDatabase(env.MONGODB_URI);

  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
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

  // Every process works the Hacienda sending queue; leases in the database keep them apart (decision 164).
  const haciendaWorker = env.HACIENDA_QUEUE ? startHaciendaWorker({ log: (line) => log(`hacienda: ${line}`) }) : null;

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log(`Contabilidad CR listening on http://localhost:${port}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await haciendaWorker?.stop().catch((error) => console.error(error));
      await disconnectDatabase().catch((error) => console.error(error));
      await localServices.close().catch((error) => console.error(error));
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
