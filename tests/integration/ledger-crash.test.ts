import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedMongo } from "../../packages/embedded-mongo/src/index";
import { verifyLedger } from "../../app/services/ledger/ledger.server";
import { connectDatabase, disconnectDatabase } from "../../app/utils/db.server";
import { Entry } from "../../models/entry";
import { lastEntryNumber } from "../../models/entry-number";
import { PeriodBalance } from "../../models/period-balance";
import { CRASH_DATABASE, CRASH_ORGANIZATION } from "../ledger/crash-organization";

// A child process posts (and edits and reverses) entries with the embedded database in-process, on a
// data directory; it is SIGKILLed at a random moment after it has posted some, then started again on
// the same directory, a few times. Afterwards the books must agree with their posted lines and the
// posted numbers must run 1…N with nothing acknowledged missing; `npm run ledger:verify` on the same
// data directory says so too, and reports a balance tampered with afterwards.
const RUNS = 3;
const child = fileURLToPath(new URL("../ledger/post-loop.ts", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-crash-"));
const dbPath = path.join(dataDir, "db");

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function ledgerVerify(): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "development" };
  for (const name of ["MONGODB_URI", "SMTP_URL", "SESSION_SECRET", "TOTP_ENCRYPTION_KEY"]) delete env[name];
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/ledger-verify.ts", "--org", CRASH_ORGANIZATION.slice(3)],
    {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 30_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function postUntilKilled(acknowledged: Set<string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ["--import", "tsx", child, dbPath], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let pending = "";
    let postedThisRun = 0;
    let stderr = "";
    let killTimer: NodeJS.Timeout | undefined;
    const wanted = 10 + Math.floor(Math.random() * 30);
    process_.stdout!.setEncoding("utf8");
    process_.stdout!.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        const match = /^posted (\d{4}-\d{6})$/.exec(line);
        if (!match) continue;
        acknowledged.add(match[1]);
        postedThisRun += 1;
        if (postedThisRun === wanted) killTimer = setTimeout(() => process_.kill("SIGKILL"), Math.random() * 150);
      }
    });
    process_.stderr!.on("data", (chunk) => {
      stderr += String(chunk);
    });
    process_.on("exit", (code, signal) => {
      clearTimeout(killTimer);
      if (signal === "SIGKILL") resolve(postedThisRun);
      else reject(new Error(`the posting child exited by itself (${code}): ${stderr}`));
    });
  });
}

describe("the books survive a crash", () => {
  it(
    `keep balances equal to the posted lines and numbers without gaps across ${RUNS} SIGKILLs`,
    { timeout: 60_000 },
    async () => {
      const acknowledged = new Set<string>();
      for (let run = 0; run < RUNS; run++) expect(await postUntilKilled(acknowledged)).toBeGreaterThan(0);

      const server = await startEmbeddedMongo({ dbPath });
      try {
        await connectDatabase(`${server.uri}/${CRASH_DATABASE}`);
        expect(await verifyLedger(CRASH_ORGANIZATION)).toEqual([]);
        const numbers = (
          await Entry.find({ organizationId: CRASH_ORGANIZATION, status: "contabilizado" }, { number: 1 }).lean()
        ).map((entry) => entry.number!);
        const last = await lastEntryNumber(CRASH_ORGANIZATION, 2026);
        expect(numbers.sort()).toEqual(
          Array.from({ length: last }, (_, i) => `2026-${String(i + 1).padStart(6, "0")}`),
        );
        for (const number of acknowledged) expect(numbers, `acknowledged ${number} was lost`).toContain(number);
        expect(acknowledged.size).toBeGreaterThanOrEqual(RUNS * 10);
      } finally {
        await disconnectDatabase();
        await server.close();
      }

      const clean = ledgerVerify();
      expect(clean.output).toContain("3101777777: period balances agree with the posted lines");
      expect(clean.status).toBe(0);

      const again = await startEmbeddedMongo({ dbPath });
      let tamperedRow = "";
      try {
        await connectDatabase(`${again.uri}/${CRASH_DATABASE}`);
        const row = (await PeriodBalance.findOne({
          organizationId: CRASH_ORGANIZATION,
          lineCount: { $gt: 0 },
        }).lean())!;
        await PeriodBalance.updateOne({ _id: row._id }, { $inc: { credit: 1n } });
        tamperedRow = `${row.account} ${row.period}`;
      } finally {
        await disconnectDatabase();
        await again.close();
      }
      const tampered = ledgerVerify();
      expect(tampered.output).toMatch(
        new RegExp(`${tamperedRow}: posted lines give debit \\d+\\.\\d{2}, credit \\d+\\.\\d{2}, \\d+ lines; stored`),
      );
      expect(tampered.output).toContain("3101777777: 1 difference(s)");
      expect(tampered.status).toBe(1);
    },
  );
});
