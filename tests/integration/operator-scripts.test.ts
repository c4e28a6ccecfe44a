import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MongoClient } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASE_URI_FILE } from "../../app/boot/embedded-database.server";
import { freePort } from "../e2e/support/app-process";
import { compiledServer } from "../support/server-build";

// Operator scripts on the embedded database while the app runs (they used to fail on the data
// directory's lock), and a restart right after the app was killed.

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** No MONGODB_URI, SMTP_URL or secrets: everything comes from DATA_DIR, as for an operator. */
function zeroConfig(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    LOG_REQUESTS: "0",
    // A test never asks an outside service for the day's exchange rate.
    EXCHANGE_RATES: "0",
    ...extra,
  };
  for (const key of ["MONGODB_URI", "SMTP_URL", "SESSION_SECRET", "TOTP_ENCRYPTION_KEY", "SEED_DEMO", "APP_URL"])
    delete env[key];
  return env;
}

async function startApp(dataDir: string): Promise<{ child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [(await compiledServer()).entry("server")], {
    env: zeroConfig(dataDir, { PORT: String(port), HOST: "127.0.0.1" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  cleanups.push(async () => child.kill("SIGKILL"));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`app not healthy within 60 s:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An operator script as `npm run <script>` runs it: compiled, from build/server/scripts/. */
async function runScript(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; output: string }> {
  const compiled = (await compiledServer()).entry(script.replace(/\.ts$/, ""));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [compiled, ...args], {
      env: zeroConfig(dataDir),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += String(chunk)));
    child.stderr!.on("data", (chunk) => (output += String(chunk)));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function dataDirectory(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "contabilidad-ops-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

describe("operator scripts on the embedded database", { timeout: 120_000 }, () => {
  it("npm run seed and npm run create-user work while the app is running, on the app's own database", async () => {
    const dataDir = await dataDirectory();
    const app = await startApp(dataDir);

    const seed = await runScript(
      "scripts/seed.ts",
      ["--cedula", "3101123456", "--name", "Ferretería El Clavo S.A."],
      dataDir,
    );
    expect(seed.output).toContain("3101123456 Ferretería El Clavo S.A.: created");
    expect(seed.code).toBe(0);
    const user = await runScript(
      "scripts/create-user.ts",
      ["--email", "ana@ejemplo.cr", "--role", "admin", "--org", "3101123456"],
      dataDir,
    );
    expect(user.output).toContain("created admin ana@ejemplo.cr for Ferretería El Clavo S.A.");
    expect(user.code).toBe(0);

    const client = await MongoClient.connect((await readFile(path.join(dataDir, DATABASE_URI_FILE), "utf8")).trim());
    try {
      expect(await client.db().collection("users").findOne({ email: "ana@ejemplo.cr" })).toMatchObject({
        isAdmin: true,
      });
    } finally {
      await client.close();
    }
    expect(app.child.exitCode).toBeNull();
  });

  it("restarts right after the app was killed, and scripts then use a database of their own", async () => {
    const dataDir = await dataDirectory();
    const first = await startApp(dataDir);
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;

    const alone = await runScript(
      "scripts/seed.ts",
      ["--cedula", "3102654321", "--name", "Soda La Esquina Ltda."],
      dataDir,
    );
    expect(alone.output).toContain("3102654321 Soda La Esquina Ltda.: created");
    expect(alone.code).toBe(0);

    const second = await startApp(dataDir);
    const again = await runScript(
      "scripts/seed.ts",
      ["--cedula", "3102654321", "--name", "Soda La Esquina Ltda."],
      dataDir,
    );
    expect(again.output).toContain("3102654321 Soda La Esquina Ltda.: already present, left unchanged");
    expect(second.child.exitCode).toBeNull();
  });
});
