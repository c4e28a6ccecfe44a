import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedMongo } from "../../packages/embedded-mongo/src/index";
import { startAppProcess } from "../e2e/support/app-process";
import { sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** The app as an operator starts it: no MONGODB_URI, no SMTP_URL, no secrets; everything under DATA_DIR. */
function zeroConfigEnv() {
  return {
    NODE_ENV: "development",
    SEED_DEMO: "1",
    MONGODB_URI: "",
    SMTP_URL: "",
    SESSION_SECRET: "",
    TOTP_ENCRYPTION_KEY: "",
  };
}

async function signInStep(url: string, email: string, password: string) {
  return fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
}

// Each case boots one or two real server processes; on a busy two-core machine that can take a while.
describe("the app process", { timeout: 90_000 }, () => {
  it("keeps its data and its generated secrets across a restart with zero configuration", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "contabilidad-restart-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    const first = await startAppProcess(zeroConfigEnv(), { dataDir, keepData: true });
    expect(first.output()).toContain("demo data: 4 organizations and 4 users created");
    const secrets = await readFile(path.join(dataDir, "secrets.json"), "utf8");
    expect((await signInStep(first.url, "admin@demo.cr", "Contabilidad-2026")).headers.get("Location")).toBe("/otp");
    await first.stop();

    const second = await startAppProcess(zeroConfigEnv(), { dataDir, keepData: true });
    cleanups.push(() => second.stop());
    expect(second.output()).toContain("demo data: 0 organizations and 0 users created");
    expect(await readFile(path.join(dataDir, "secrets.json"), "utf8")).toBe(secrets);
    expect((await signInStep(second.url, "admin@demo.cr", "Contabilidad-2026")).headers.get("Location")).toBe("/otp");
    expect((await signInStep(second.url, "admin@demo.cr", "otra-clave")).headers.get("Location")).toBe("/login");
    await second.stop();
  }, 120_000);

  it("serves from one worker per WEB_CONCURRENCY on the primary's embedded database, replacing a worker that dies", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "contabilidad-cluster-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const app = await startAppProcess(
      { MONGODB_URI: "", SMTP_URL: "smtp://127.0.0.1:9", WEB_CONCURRENCY: "2" },
      { dataDir, keepData: true },
    );
    cleanups.push(() => app.stop());
    const listening = () =>
      [...app.output().matchAll(/\[server (\d+)\] Contabilidad CR listening/g)].map((m) => Number(m[1]));
    const waitFor = async (condition: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(condition(), app.output()).toBe(true);
    };
    await waitFor(() => listening().length === 2);
    expect(app.output().match(/embedded database ready/g)).toHaveLength(1);
    expect(app.output()).toContain("starting 2 worker processes");

    const [victim] = listening();
    process.kill(victim, "SIGKILL");
    await waitFor(() => listening().length === 3);
    expect(app.output()).toContain(`worker ${victim} exited (SIGKILL)`);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await signInStep(app.url, "nadie@prueba.cr", "x")).headers.get("Location")).toBe("/login");

    // A clean stop: the workers first, then the primary closes the database and withdraws its address.
    expect(existsSync(path.join(dataDir, "database.uri"))).toBe(true);
    await app.stop();
    expect(app.output()).toContain("SIGTERM received: stopping 2 workers");
    expect(existsSync(path.join(dataDir, "database.uri"))).toBe(false);
  }, 120_000);

  it("refuses to boot in production without its secrets, naming what is missing", async () => {
    await expect(
      startAppProcess({
        NODE_ENV: "production",
        SESSION_SECRET: "",
        TOTP_ENCRYPTION_KEY: "",
        SMTP_URL: "",
        APP_URL: "",
      }),
    ).rejects.toThrow(/SESSION_SECRET: SESSION_SECRET is required when NODE_ENV=production/);
  }, 60_000);

  it("shares sessions between two processes on one database", async () => {
    const database = await startEmbeddedMongo();
    cleanups.push(() => database.close());
    const uri = `${database.uri}/shared_${randomBytes(3).toString("hex")}`;
    const env = {
      NODE_ENV: "production",
      MONGODB_URI: uri,
      SMTP_URL: "smtp://127.0.0.1:9",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    };
    const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );

    Object.assign(process.env, env, { NODE_ENV: "test" });
    await mongoose.connect(uri);
    cleanups.push(() => mongoose.disconnect());
    const user = await createTestUser({ persona: "client" });
    const cookie = await sessionCookieFor(user.id);

    for (const app of [a, b]) {
      const response = await fetch(`${app.url}/login`, { redirect: "manual", headers: { Cookie: cookie } });
      expect(response.status, app.url).toBe(302);
      expect(response.headers.get("Location")).toBe("/?menu=consultas");
    }
    const loggedOut = await fetch(`${a.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "returnTo=%2F",
    });
    expect(loggedOut.headers.get("Location")).toBe("/login?returnTo=%2F");
    const afterLogout = await fetch(`${b.url}/login`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(afterLogout.status).toBe(200);

    const crossSite = await fetch(`${a.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://sitio-ajeno.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.cr&password=x",
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toBe("Solicitud rechazada: el formulario no proviene de esta aplicación.");

    // The address used for sign-in limits is the connection's, not one a client claims in a header.
    for (let i = 0; i < 3; i++) {
      await fetch(`${a.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Client-Address": `10.0.0.${i}` },
        body: `email=nadie${i}%40prueba.cr&password=x`,
      });
    }
    const { AttemptCounter } = await import("../../models/attempt-counter");
    const addresses = (await AttemptCounter.find({ _id: /^ip:/ }).lean()).map((c) => c._id);
    expect(addresses.length).toBe(1);
    expect(addresses[0]).toMatch(/^ip:(::ffff:)?127\.0\.0\.1$/);
    expect((await AttemptCounter.findById(addresses[0]).lean())?.failures).toBe(3);
  }, 120_000);
});
