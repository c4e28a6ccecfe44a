import { spawn } from "node:child_process";

export interface DatabaseProcess {
  uri: string;
  pid: number | undefined;
  /** Stops it and waits until its data directory is closed. */
  stop(): Promise<void>;
}

/**
 * The embedded database as `npm start`'s primary runs it (decision 116): its own process, data on
 * disk, so a benchmark's timings are not those of one process doing both sides.
 */
export async function startDatabaseProcess(dbPath: string): Promise<DatabaseProcess> {
  // BENCH_DATABASE_PROFILE_DIR=<dir>: the database process writes a CPU profile there when it stops.
  const profileDir = process.env.BENCH_DATABASE_PROFILE_DIR;
  const profiling = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  const child = spawn(
    process.execPath,
    [
      ...profiling,
      "--import",
      "tsx",
      "packages/embedded-mongo/src/cli.ts",
      "--port",
      "0",
      "--dbpath",
      dbPath,
      "--quiet",
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const uri = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (mongodb:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]);
    });
    void exited.then(() => reject(new Error(`la base de datos terminó: ${output}`)));
  });
  return {
    uri,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
