import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Runs every benchmark one after the other (each alone on the machine) and prints their figures. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benches = ["bench/catalog.ts", "packages/embedded-mongo/bench/embedded-mongo.ts", "bench/receipt-import.ts"].filter((file) =>
  existsSync(path.join(root, file)),
);

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, file)], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
