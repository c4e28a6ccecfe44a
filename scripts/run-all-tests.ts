import { spawn } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Runs the unit/integration suite (vitest) and the browser suite (Playwright) together, and closes with one
 * plain "N passed, N failed, N skipped" line for both. Exits non-zero if either suite fails.
 */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function vitestCounts(file: string): Promise<Counts> {
  try {
    const report = JSON.parse(await readFile(file, "utf8"));
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

async function playwrightCounts(file: string): Promise<Counts> {
  try {
    const { stats } = JSON.parse(await readFile(file, "utf8"));
    return {
      passed: stats.expected ?? 0,
      failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
      skipped: stats.skipped ?? 0,
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "contabilidad-tests-"));
  const vitestReport = path.join(dir, "vitest.json");
  const playwrightReport = path.join(dir, "playwright.json");

  // The two suites run side by side: the browser suite spends most of its time waiting on one
  // browser and one server, which leaves room for the unit and integration suite beside it.
  const [vitestExit, playwrightExit] = await Promise.all([
    run("npx", ["vitest", "run", "--reporter=dot", "--reporter=json", `--outputFile.json=${vitestReport}`]),
    run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }),
  ]);

  const unit = await vitestCounts(vitestReport);
  const browser = await playwrightCounts(playwrightReport);
  const total = {
    passed: unit.passed + browser.passed,
    failed: unit.failed + browser.failed,
    skipped: unit.skipped + browser.skipped,
  };
  console.log(`\nvitest: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
  console.log(`playwright: ${browser.passed} passed, ${browser.failed} failed, ${browser.skipped} skipped`);
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(vitestExit !== 0 || playwrightExit !== 0 || total.failed > 0 || total.passed === 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
