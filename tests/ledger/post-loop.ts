/**
 * The crash test's child: the embedded database on a data directory in this very process, and
 * workers posting, editing and reversing entries through the ledger service until the parent kills
 * the process. Every acknowledged post is printed (`posted 2026-000012`) so the parent can check it
 * survived.
 */
import { randomBytes } from "node:crypto";
import { startEmbeddedMongo } from "../../packages/embedded-mongo/src/index";
import { parseAmount } from "../../app/domain/money";
import type { EntryInput } from "../../app/domain/ledger";
import { connectDatabase } from "../../app/utils/db.server";
import { createAndPost, editPosted, reverse } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { CRASH_DATABASE, CRASH_ORGANIZATION } from "./crash-organization";

const WORKERS = 3;

const [dbPath] = process.argv.slice(2);
const amount = (cents: number) => parseAmount((cents / 100).toFixed(2))!;

function entry(seed: number): EntryInput {
  const cents = 100 + ((seed * 7919) % 500_000);
  const month = String(1 + (seed % 12)).padStart(2, "0");
  const accounts = ["10-01-01-01-00", "10-01-01-03-01", "60-01-01-00-00"];
  return {
    date: `2026-${month}-${String(1 + (seed % 28)).padStart(2, "0")}`,
    description: `Movimiento ${seed}`,
    lines: [
      { account: accounts[seed % 3], debit: amount(cents) },
      { account: "40-01-01-01-00", credit: amount(cents - 13) },
      { account: "20-01-02-01-01", credit: amount(13) },
    ],
  };
}

async function worker(index: number): Promise<void> {
  const mine: string[] = [];
  for (let i = 0; ; i++) {
    const seed = Number.parseInt(randomBytes(3).toString("hex"), 16) + index;
    if (i % 5 === 4 && mine.length > 0) {
      const id = mine[Math.floor(Math.random() * mine.length)];
      if (i % 10 === 9) {
        const result = await reverse(CRASH_ORGANIZATION, id, { by: "crash", date: "2026-12-31" });
        if (result.ok) process.stdout.write(`posted ${result.entry.number}\n`);
        mine.splice(mine.indexOf(id), 1);
      } else {
        await editPosted(CRASH_ORGANIZATION, id, { ...entry(seed), date: "2026-06-15" }, { by: "crash" });
      }
      continue;
    }
    const result = await createAndPost(CRASH_ORGANIZATION, entry(seed), { by: "crash" });
    if (!result.ok) throw new Error(result.refusals[0].message);
    mine.push(String(result.entry._id));
    process.stdout.write(`posted ${result.entry.number}\n`);
  }
}

async function main() {
  const server = await startEmbeddedMongo({ dbPath });
  const uri = `${server.uri}/${CRASH_DATABASE}`;
  Object.assign(process.env, {
    NODE_ENV: "test",
    MONGODB_URI: uri,
    SMTP_URL: "smtp://127.0.0.1:2525",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  });
  const mongoose = await connectDatabase(uri);
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  await ensureOrganization({ _id: CRASH_ORGANIZATION, name: "Choque S.A.", identificationType: "02" });
  process.stdout.write("ready\n");
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
