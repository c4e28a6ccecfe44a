import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MongoClient } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const cli = path.join(root, "packages/embedded-mongo/src/cli.ts");
const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-cli-"));

afterAll(() => {
  fs.rmSync(dbPath, { recursive: true, force: true });
});

function launch(args: string[]): Promise<{ child: ChildProcess; uri: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += String(chunk);
      const match = /mongodb:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve({ child, uri: match[0], output: () => output });
    });
    child.stderr!.on("data", (chunk) => {
      output += String(chunk);
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code} before listening: ${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

describe("npm run db", () => {
  it("is the package's CLI, compiled by the build", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    expect(manifest.scripts.db).toBe("node build/server/db.js");
    const build = fs.readFileSync(path.join(root, "scripts", "build-server.ts"), "utf8");
    expect(build).toContain('db: "packages/embedded-mongo/src/cli.ts"');
  });

  it(
    "prints its URI, serves the driver, stops cleanly on SIGINT and SIGTERM, and keeps data in --dbpath",
    { timeout: 30_000 },
    async () => {
      const first = await launch(["--port", "0", "--dbpath", dbPath]);
      expect(first.output()).toMatch(/listening on mongodb:\/\/127\.0\.0\.1:\d+/);
      const client = await MongoClient.connect(first.uri);
      await client.db("cli").collection("notes").insertOne({ text: "persisted" });
      await client.close();
      const firstExit = exitOf(first.child);
      first.child.kill("SIGINT");
      expect(await firstExit).toEqual({ code: 0, signal: null });
      expect(fs.existsSync(path.join(dbPath, "embedded-mongo.lock"))).toBe(false);

      const second = await launch(["--port", "0", "--dbpath", dbPath]);
      const again = await MongoClient.connect(second.uri);
      expect(
        await again
          .db("cli")
          .collection("notes")
          .findOne({}, { projection: { _id: 0 } }),
      ).toEqual({ text: "persisted" });
      await again.close();
      const secondExit = exitOf(second.child);
      second.child.kill("SIGTERM");
      expect(await secondExit).toEqual({ code: 0, signal: null });
    },
  );

  it("keeps data in memory without --dbpath", { timeout: 30_000 }, async () => {
    const server = await launch(["--port", "0"]);
    expect(server.output()).toContain("in memory");
    const exit = exitOf(server.child);
    server.child.kill("SIGTERM");
    expect((await exit).code).toBe(0);
  });
});
