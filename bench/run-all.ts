import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Runs every benchmark one after the other (each alone on the machine) and prints their figures. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benches = [
  "bench/catalog.ts",
  "packages/embedded-mongo/bench/embedded-mongo.ts",
  "packages/embedded-mongo/bench/scale.ts",
  "bench/receipt-import.ts",
  "bench/mail.ts",
  "bench/ledger.ts",
  "bench/booking.ts",
  "bench/invoicing.ts",
  "bench/reports.ts",
  "bench/board.ts",
  "bench/open-items.ts",
  "bench/bank.ts",
].filter((file) => existsSync(path.join(root, file)));

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  // The ledger, booking and the reports are measured as they run in production (NODE_ENV=production).
  const production = [
    "bench/ledger.ts",
    "bench/booking.ts",
    "bench/invoicing.ts",
    "bench/reports.ts",
    "bench/board.ts",
    "bench/mail.ts",
    "bench/open-items.ts",
    "bench/bank.ts",
  ].includes(file);
  const env: NodeJS.ProcessEnv = production ? { ...process.env, NODE_ENV: "production" } : process.env;
  const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", path.join(root, file)], {
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
