import { spawn, spawnSync } from "node:child_process";

export interface ExternalTiming {
  tool: "ledger" | "hledger";
  /** Median whole-process wall time in ms; null when the tool is not installed. */
  ms: number | null;
  runs: number[];
  version: string | null;
}

function versionOf(tool: string): string | null {
  const result = spawnSync(tool, ["--version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) return null;
  return result.stdout.split("\n")[0].trim();
}

function timeOnce(tool: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    // Output goes nowhere, as `> /dev/null` would send it; errors are kept to explain a failure.
    const child = spawn(tool, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      const ms = performance.now() - start;
      if (code === 0) resolve(ms);
      else reject(new Error(`${tool} ${args.join(" ")} terminó con ${code}: ${errors.slice(0, 2000)}`));
    });
  });
}

/** `<tool> -f <journal> bal`, whole-process wall time, `rounds` times one after the other. */
export async function timeBalance(tool: "ledger" | "hledger", journal: string, rounds = 3): Promise<ExternalTiming> {
  const version = versionOf(tool);
  if (!version) return { tool, ms: null, runs: [], version: null };
  const runs: number[] = [];
  for (let round = 0; round < rounds; round++) runs.push(await timeOnce(tool, ["-f", journal, "bal"]));
  const sorted = [...runs].sort((a, b) => a - b);
  return { tool, ms: sorted[Math.floor(sorted.length / 2)], runs, version };
}
