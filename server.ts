import cluster from "node:cluster";
import { createHttpApp, loadRemixBuild } from "./app/boot/http-app.server";
import { startLocalServices, type LocalServices } from "./app/boot/local-services.server";
import { superviseWorkers, workerCount } from "./app/boot/cluster.server";
import { connectDatabase, disconnectDatabase } from "./app/utils/db.server";
import { getEnv, parseEnv } from "./app/utils/env.server";
import { startHaciendaWorker } from "./app/services/hacienda/worker.server";
import { startMailWorker } from "./app/services/mail/mail-worker.server";
import { startRateWorker } from "./app/services/exchange-rates/rate-fetch.server";
import { prepareData } from "./app/boot/prepare-data.server";

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
    // the sample generator it uses (scripts/hacienda-samples) are development tools: loaded only here,
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

  const app = createHttpApp(await loadRemixBuild(), env);

  // Every process works the Hacienda sending queue; leases in the database keep them apart (decision 164).
  const haciendaWorker = env.HACIENDA_QUEUE ? startHaciendaWorker({ log: (line) => log(`hacienda: ${line}`) }) : null;
  // Likewise the mailboxes that are due (decision 221).
  const mailWorker = env.MAIL_READER ? startMailWorker({ log: (line) => log(`mail: ${line}`) }) : null;
  // And the day's exchange rate when it is due (decision 250).
  const rateWorker = env.EXCHANGE_RATES ? startRateWorker({ log: (line) => log(`exchange rates: ${line}`) }) : null;

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
      await mailWorker?.stop().catch((error) => console.error(error));
      await rateWorker?.stop().catch((error) => console.error(error));
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
