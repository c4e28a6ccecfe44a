/**
 * What the image runs (decision 210), checked without a container engine: the Dockerfile's runtime
 * stage takes only the production dependencies and the build output, `npm start` and the image run
 * the compiled server with `node`, the build imports no package a production install lacks, and the
 * compiled server and operator scripts start with only the production dependencies resolvable.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { builtinModules } from "node:module";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
} from "../../scripts/hacienda-samples/src/generate";
import { freePort } from "../e2e/support/app-process";
import { compiledServer } from "../support/server-build";

const PRODUCTION_ONLY = ["--import", "./tests/support/production-install/register.mjs"];

interface Stage {
  name: string;
  lines: string[];
}

/** The Dockerfile's stages, continuation lines joined. */
function stagesOf(dockerfile: string): Stage[] {
  const stages: Stage[] = [];
  const lines = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  for (const line of lines) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1] ?? "", lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** `COPY [--from=x] [--chown=y] a b dest` → its sources and where they come from. */
function copiesOf(stage: Stage): Array<{ from: string | null; sources: string[] }> {
  return stage.lines
    .filter((line) => /^COPY\s/i.test(line))
    .map((line) => {
      const words = line.split(/\s+/).slice(1);
      const from = words.find((word) => word.startsWith("--from="))?.slice("--from=".length) ?? null;
      const paths = words.filter((word) => !word.startsWith("--"));
      return { from, sources: paths.slice(0, -1) };
    });
}

function run(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
  return { child, done };
}

const productionEnv = (dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: "smtp://127.0.0.1:9",
    LOG_REQUESTS: "0",
    WEB_CONCURRENCY: "1",
    // A test never asks an outside service for the day's exchange rate.
    EXCHANGE_RATES: "0",
    ...extra,
  };
  return env;
};

let dataDir: string;
let serverDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "contabilidad-image-"));
  serverDir = (await compiledServer()).dir;
}, 60_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("the Dockerfile", () => {
  const stages = async () => stagesOf(await readFile("Dockerfile", "utf8"));

  it("runs the compiled server with node, as npm start does", async () => {
    const runtime = (await stages()).at(-1)!;
    expect(runtime.lines.find((line) => line.startsWith("CMD"))).toBe('CMD ["node", "build/server/server.js"]');
    const packageJson = JSON.parse(await readFile("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(packageJson.scripts.start).toBe("NODE_ENV=production node build/server/server.js");
    expect(runtime.lines.join("\n")).not.toMatch(/tsx/);
  });

  it("installs only the production dependencies in the runtime stage and copies only the build output", async () => {
    const all = await stages();
    const runtime = all.at(-1)!;
    expect(runtime.name).toBe("runtime");
    expect(runtime.lines).toContainEqual(expect.stringMatching(/^RUN npm ci --omit=dev\b/));
    const copies = copiesOf(runtime);
    // From the build context: what `npm ci --omit=dev` needs. From the build stage: its output.
    const fromContext = copies.filter((copy) => copy.from === null).flatMap((copy) => copy.sources);
    const fromBuild = copies.filter((copy) => copy.from === "build").flatMap((copy) => copy.sources);
    expect(copies.every((copy) => copy.from === null || copy.from === "build")).toBe(true);
    expect(fromContext).toEqual(expect.arrayContaining(["package.json", "package-lock.json"]));
    for (const source of fromContext) expect(["package.json", "package-lock.json"]).toContain(source);
    expect(fromBuild.sort()).toEqual(["/app/build", "/app/packages/hacienda-xsd", "/app/public"]);
    for (const absent of [
      "tests",
      "bench",
      "scripts/hacienda-samples",
      "app",
      "scripts",
      "server.ts",
      "node_modules",
    ]) {
      expect([...fromContext, ...fromBuild].some((source) => source.replace(/^\/app\//, "").startsWith(absent))).toBe(
        false,
      );
    }
  });

  it("builds with the development dependencies in a stage of its own", async () => {
    const build = (await stages()).find((stage) => stage.name === "build")!;
    expect(build.lines).toContain("RUN npm ci");
    expect(build.lines).toContain("RUN npm run build");
  });
});

describe("the build output", () => {
  it("imports only node's modules and the packages package.json lists as dependencies", async () => {
    const packageJson = JSON.parse(await readFile("package.json", "utf8")) as { dependencies: Record<string, string> };
    const allowed = new Set(Object.keys(packageJson.dependencies));
    const files = [
      "build/index.js",
      ...(await readdir(serverDir, { recursive: true }))
        .filter((file) => file.endsWith(".js"))
        .map((file) => path.join(serverDir, file)),
    ];
    const imported = new Set<string>();
    for (const file of files) {
      const text = await readFile(file, "utf8");
      const statics = text.matchAll(
        /^\s*(?:import|export)\s[^;]*?from\s*"([^"./][^"]*)"|^\s*import\s*"([^"./][^"]*)"/gm,
      );
      const dynamics = text.matchAll(/\bimport\(\s*"([^"./][^"]*)"\s*\)/g);
      for (const match of [...statics, ...dynamics]) imported.add(match[1] ?? match[2]);
    }
    expect(imported.size).toBeGreaterThan(20);
    const packageOf = (specifier: string) =>
      specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
    const missing = [...imported].filter(
      (specifier) =>
        !specifier.startsWith("node:") && !builtinModules.includes(specifier) && !allowed.has(packageOf(specifier)),
    );
    expect(missing).toEqual([]);
  });

  it("keeps the demo seed and its sample generator out of the server's static imports", async () => {
    const server = await readFile(path.join(serverDir, "server.js"), "utf8");
    expect(server).toMatch(/import\("\.\/chunks\/seed-demo-[A-Z0-9]+\.js"\)/);
  });
});

describe("the compiled server with only the production dependencies", { timeout: 90_000 }, () => {
  it("answers /login with 200", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = run(
      [...PRODUCTION_ONLY, path.join(serverDir, "server.js")],
      productionEnv(dataDir, { PORT: String(port), HOST: "127.0.0.1", APP_URL: url }),
    );
    try {
      let status = 0;
      let body = "";
      const deadline = Date.now() + 60_000;
      while (status !== 200 && Date.now() < deadline && app.child.exitCode === null) {
        const response = await fetch(`${url}/login`).catch(() => null);
        if (response) [status, body] = [response.status, await response.text()];
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(app.child.exitCode).toBeNull();
      expect(status).toBe(200);
      expect(body).toContain("Iniciar sesión");
    } finally {
      app.child.kill("SIGTERM");
      await app.done;
    }
  });

  it("runs the operator scripts and the database's command line", async () => {
    for (const script of [
      "scripts/seed.js",
      "scripts/create-user.js",
      "scripts/ledger-verify.js",
      "scripts/board-verify.js",
      "scripts/board-rebuild.js",
      "db.js",
    ]) {
      const result = await run([...PRODUCTION_ONLY, path.join(serverDir, script), "--help"], productionEnv(dataDir))
        .done;
      expect(result.output, script).toMatch(/usage/);
      expect(result.output, script).not.toMatch(/development dependency|ERR_MODULE_NOT_FOUND/);
    }
  });

  it("parses a received invoice in the compiled parse worker", async () => {
    const xml = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "imagen",
      emisor: BUSINESS_PARTIES[1],
      receptor: FERRETERIA_EL_CLAVO,
      date: "2025-10-16",
    }).xml;
    const file = path.join(dataDir, "factura.xml");
    await writeFile(file, xml);
    const program = `
      import { readFileSync } from "node:fs";
      import { Worker } from "node:worker_threads";
      const worker = new Worker(${JSON.stringify(path.join(serverDir, "parse-worker.js"))}, {
        execArgv: ${JSON.stringify(PRODUCTION_ONLY)},
      });
      worker.on("error", (error) => { console.log("error", error.message); process.exit(1); });
      worker.on("message", (message) => {
        if (message.ready) return worker.postMessage({ id: 7, bytes: readFileSync(${JSON.stringify(file)}) });
        console.log(JSON.stringify({ id: message.id, ok: message.result.ok, clave: message.result.document?.clave }));
        process.exit(0);
      });`;
    const result = await run([...PRODUCTION_ONLY, "--input-type=module", "-e", program], productionEnv(dataDir)).done;
    expect(result.code, result.output).toBe(0);
    expect(JSON.parse(result.output)).toEqual({ id: 7, ok: true, clave: expect.stringMatching(/^506\d{47}$/) });
  });

  it("refuses a development dependency, so the checks above mean something", async () => {
    const result = await run(
      [...PRODUCTION_ONLY, "--input-type=module", "-e", 'await import("tsx")'],
      productionEnv(dataDir),
    ).done;
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("node_modules/tsx is a development dependency");
  });
});
