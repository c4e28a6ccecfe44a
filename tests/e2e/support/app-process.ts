import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { compiledServer } from "../../support/server-build";

export interface AppProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built app (`node build/server/server.js`, production mode, as `npm start` and the image
 * run it) on a free port, with its own data directory. Resolves once /healthz answers.
 */
export async function startAppProcess(
  env: Record<string, string>,
  options: { dataDir?: string; keepData?: boolean; healthyWithinMs?: number } = {},
): Promise<AppProcess & { output(): string }> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "contabilidad-e2e-")));
  const url = `http://127.0.0.1:${port}`;
  const server = (await compiledServer()).entry("server");
  const child: ChildProcess = spawn(process.execPath, [server], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_REQUESTS: "0",
      SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
      TOTP_ENCRYPTION_KEY: process.env.TOTP_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
      // One server process unless a test asks for more: it boots in half the CPU on a machine the
      // browser and other test files share (the worker processes have their own test).
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  const healthyWithinMs = options.healthyWithinMs ?? 60_000;
  const deadline = Date.now() + healthyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`app did not become healthy within ${healthyWithinMs / 1000} s:\n${output}`);
  }

  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
