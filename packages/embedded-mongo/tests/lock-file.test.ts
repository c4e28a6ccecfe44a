import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MongoClient } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedMongo } from "../src/index";
import { LOCK_NAME, readLockOwner } from "../src/persist/lock-file";

const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const directories: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const directory of directories) fs.rmSync(directory, { recursive: true, force: true });
});

function dataDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-lock-"));
  directories.push(directory);
  return directory;
}

function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return null;
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function pings(dbPath: string): Promise<void> {
  const server = await startEmbeddedMongo({ dbPath });
  try {
    const client = await MongoClient.connect(server.uri);
    expect(await client.db("x").command({ ping: 1 })).toMatchObject({ ok: 1 });
    await client.close();
  } finally {
    await server.close();
  }
}

describe("the data directory lock", () => {
  it(
    "is taken over from a crashed server that is still a zombie (its parent has not reaped it)",
    { timeout: 40_000 },
    async () => {
      const dbPath = dataDirectory();
      // The shell starts the server in the background and then becomes `sleep`, which never reaps it.
      const parent = spawn(
        "sh",
        [
          "-c",
          `"$0" --import tsx "$1" --port 0 --dbpath "$2" & echo "server $!"; exec sleep 60`,
          process.execPath,
          cli,
          dbPath,
        ],
        {
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      children.push(parent);
      let output = "";
      parent.stdout!.on("data", (chunk) => (output += String(chunk)));
      await until(() => /listening on/.test(output), "the server to listen");
      const serverPid = Number(/server (\d+)/.exec(output)![1]);
      expect(readLockOwner(dbPath)?.pid).toBe(serverPid);

      process.kill(serverPid, "SIGKILL");
      await until(() => processState(serverPid) === "Z", "the server to become a zombie");

      await pings(dbPath);
    },
  );

  it("is taken over when its pid now belongs to another process (started at another time)", async () => {
    const dbPath = dataDirectory();
    const unrelated = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    children.push(unrelated);
    await until(() => processState(unrelated.pid!) !== null, "the process to start");
    fs.writeFileSync(path.join(dbPath, LOCK_NAME), `${unrelated.pid}\n1\n`);

    await pings(dbPath);
  });

  it("still refuses a live owner whose start time matches", async () => {
    const dbPath = dataDirectory();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    children.push(holder);
    await until(() => processState(holder.pid!) !== null, "the process to start");
    const stat = fs.readFileSync(`/proc/${holder.pid}/stat`, "utf8");
    const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    fs.writeFileSync(path.join(dbPath, LOCK_NAME), `${holder.pid}\n${startTime}\n`);

    await expect(startEmbeddedMongo({ dbPath })).rejects.toThrow(
      /already in use by another embedded MongoDB server \(pid \d+\)/,
    );
  });

  it("and the data directory, its lock and its journal are readable by their owner only", async () => {
    const dbPath = dataDirectory();
    fs.chmodSync(dbPath, 0o755);
    fs.writeFileSync(path.join(dbPath, "left-by-an-older-version"), "", { mode: 0o644 });
    const server = await startEmbeddedMongo({ dbPath });
    try {
      const client = await MongoClient.connect(server.uri);
      await client.db("x").collection("y").insertOne({ secret: true });
      await client.close();
      expect(fs.statSync(dbPath).mode & 0o777).toBe(0o700);
      for (const name of fs.readdirSync(dbPath)) {
        expect([name, fs.statSync(path.join(dbPath, name)).mode & 0o777]).toEqual([name, 0o600]);
      }
    } finally {
      await server.close();
    }
    for (const name of ["data.mdb", "lock.mdb"]) {
      expect([name, fs.statSync(path.join(dbPath, name)).mode & 0o777]).toEqual([name, 0o600]);
    }
  });
});
