import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASE_URI_FILE } from "../../app/boot/embedded-database.server";
import { startLocalServices, type LocalServices } from "../../app/boot/local-services.server";
import { parseEnv } from "../../app/utils/env.server";
import { startAppProcess } from "../e2e/support/app-process";

// Issue 16, item 13: the embedded database listened on 127.0.0.1 without authentication, so any local
// process could read password hashes and set isAdmin; DATA_DIR and captured mails (reset links) were
// world-readable; and a production server would seed root@demo.cr with the public password.

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const ENV_KEYS = ["MONGODB_URI", "SMTP_URL", "SESSION_SECRET", "TOTP_ENCRYPTION_KEY", "DATA_DIR", "NODE_ENV"] as const;

/** Boots what the app boots with zero configuration, in this process, on a fresh DATA_DIR. */
async function bootLocalServices(
  overrides: Record<string, string> = {},
): Promise<{ dataDir: string; services: LocalServices }> {
  const env = process.env as Record<string, string | undefined>;
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, env[key]]));
  const dataDir = path.join(await mkdtemp(path.join(tmpdir(), "abuse-db-")), "data");
  cleanups.push(() => rm(path.dirname(dataDir), { recursive: true, force: true }));
  for (const key of ENV_KEYS) delete process.env[key];
  Object.assign(process.env, { NODE_ENV: "development", DATA_DIR: dataDir, ...overrides });
  const services = await startLocalServices(parseEnv(process.env), () => undefined);
  cleanups.push(async () => {
    await services.close();
    for (const key of ENV_KEYS) {
      if (saved[key] === undefined) delete env[key];
      else env[key] = saved[key];
    }
  });
  return { dataDir, services };
}

/** TCP ports this process listens on, from its socket descriptors and /proc/net/tcp{,6}. */
function listeningTcpPorts(): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").trim().split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === "0A" && inodes.has(fields[9])) ports.push(Number.parseInt(fields[1].split(":")[1], 16));
    }
  }
  return ports;
}

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe("the app's embedded database cannot be reached by other local processes", () => {
  it("opens no TCP port: it listens on a Unix socket in an owner-only directory", async () => {
    const before = listeningTcpPorts();
    const { dataDir } = await bootLocalServices({ SMTP_URL: "smtp://127.0.0.1:9" });
    expect(listeningTcpPorts().filter((port) => !before.includes(port))).toEqual([]);

    const uri = process.env.MONGODB_URI!;
    expect(uri).not.toMatch(/^mongodb:\/\/[^/]*:\d+/);
    const socketPath = decodeURIComponent(/^mongodb:\/\/([^/]+)\//.exec(uri)![1]);
    expect(socketPath).toBe(path.join(dataDir, "run", "db.sock"));
    expect((await stat(socketPath)).isSocket()).toBe(true);
    expect(await mode(socketPath)).toBe(0o600);
    expect(await mode(path.dirname(socketPath))).toBe(0o700);
    expect((await readFile(path.join(dataDir, DATABASE_URI_FILE), "utf8")).trim()).toBe(uri);
    expect(await mode(path.join(dataDir, DATABASE_URI_FILE))).toBe(0o600);
  });

  it("keeps the socket path within the kernel's limit by using an owner-only temporary directory", async () => {
    const parent = await mkdtemp(path.join(tmpdir(), "abuse-long-"));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    await bootLocalServices({
      SMTP_URL: "smtp://127.0.0.1:9",
      DATA_DIR: path.join(parent, "d".repeat(60), "e".repeat(60)),
    });
    const socketPath = decodeURIComponent(/^mongodb:\/\/([^/]+)\//.exec(process.env.MONGODB_URI!)![1]);
    expect(Buffer.byteLength(socketPath)).toBeLessThanOrEqual(107);
    expect(socketPath.startsWith(tmpdir())).toBe(true);
    expect(await mode(path.dirname(socketPath))).toBe(0o700);
  });
});

describe("DATA_DIR is readable by its owner only", () => {
  it("makes the data directory, database files, secrets and captured mails owner-only", async () => {
    const parent = await mkdtemp(path.join(tmpdir(), "abuse-perms-"));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    const dataDir = path.join(parent, "data");
    await mkdir(dataDir, { mode: 0o755 });
    await writeFile(
      path.join(dataDir, "secrets.json"),
      JSON.stringify({ SESSION_SECRET: "s".repeat(64), TOTP_ENCRYPTION_KEY: "a".repeat(64) }),
      { mode: 0o644 },
    );
    await bootLocalServices({ DATA_DIR: dataDir });

    await nodemailer.createTransport(process.env.SMTP_URL).sendMail({
      from: "no-responder@contabilidad.local",
      to: "ana@prueba.cr",
      subject: "Restablecer contraseña",
      text: `https://contabilidad.local/reset-password?token=${randomBytes(8).toString("hex")}`,
    });
    const mailDir = path.join(dataDir, "mail");
    let mails: string[] = [];
    for (let i = 0; i < 100 && mails.length === 0; i++) {
      mails = (await readdir(mailDir)).filter((name) => name.endsWith(".eml"));
      if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(path.join(dataDir, "secrets.json"))).toBe(0o600);
    expect(await mode(path.join(dataDir, "db"))).toBe(0o700);
    for (const name of await readdir(path.join(dataDir, "db"))) {
      expect([name, await mode(path.join(dataDir, "db", name))]).toEqual([name, 0o600]);
    }
    expect(await mode(mailDir)).toBe(0o700);
    expect(mails).toHaveLength(1);
    expect(await mode(path.join(mailDir, mails[0]))).toBe(0o600);
  });
});

describe("production refuses the demo seed", () => {
  it("does not boot with NODE_ENV=production and SEED_DEMO=1, and says why", { timeout: 60_000 }, async () => {
    await expect(
      startAppProcess({
        NODE_ENV: "production",
        SEED_DEMO: "1",
        MONGODB_URI: "mongodb://127.0.0.1:9/contabilidad",
        SMTP_URL: "smtp://127.0.0.1:9",
      }),
    ).rejects.toThrow(/SEED_DEMO: SEED_DEMO=1 is refused when NODE_ENV=production: it creates root@demo\.cr/);
  });
});
