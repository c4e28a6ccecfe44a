import cluster, { type Worker } from "node:cluster";
import os from "node:os";

/** Server processes: WEB_CONCURRENCY when set; otherwise one per core in production, one elsewhere. */
export function workerCount(env: { NODE_ENV: string; WEB_CONCURRENCY?: number }): number {
  if (env.WEB_CONCURRENCY !== undefined) return env.WEB_CONCURRENCY;
  return env.NODE_ENV === "production" ? Math.max(1, os.availableParallelism()) : 1;
}

// A worker that dies this soon after it was started failed to boot; after a few in a row the primary
// gives up instead of restarting forever.
const BOOT_FAILURE_MS = 15_000;
const BOOT_FAILURES_TOLERATED = 5;
const RESTART_DELAY_MS = 1_000;
const STOP_TIMEOUT_MS = 10_000;

export interface SuperviseOptions {
  count: number;
  log: (line: string) => void;
  /** Runs once every worker has exited on SIGTERM/SIGINT (the primary's own services: the database). */
  close: () => Promise<void>;
}

/**
 * The primary of `npm start`: forks `count` workers running the same entry script (they share the
 * listening port, handed out round-robin), starts a new one when one dies, and on SIGTERM/SIGINT
 * stops the workers first and then its own services (decision 116).
 */
export function superviseWorkers({ count, log, close }: SuperviseOptions): void {
  let stopping = false;
  let quickFailures = 0;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on("exit", (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) return;
    quickFailures = lived < BOOT_FAILURE_MS ? quickFailures + 1 : 0;
    log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) after ${Math.round(lived / 1000)} s`);
    if (quickFailures >= BOOT_FAILURES_TOLERATED) {
      log(`workers keep failing at boot (${quickFailures} in a row): stopping`);
      void shutdown("worker boot failures", 1);
      return;
    }
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  const shutdown = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && !worker.isDead(),
    );
    const exited = workers.map((worker) => new Promise((resolve) => worker.process.once("exit", resolve)));
    log(`${reason}: stopping ${workers.length} workers`);
    for (const worker of workers) worker.process.kill("SIGTERM");
    const timeout = new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
    await Promise.race([Promise.all(exited), timeout]);
    for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
    await close().catch((error) => console.error(error));
    process.exit(exitCode);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM received"));
  process.on("SIGINT", () => void shutdown("SIGINT received"));

  for (let i = 0; i < count; i++) fork();
}
