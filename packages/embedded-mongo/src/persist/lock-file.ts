import fs from "node:fs";
import path from "node:path";

const LOCK_NAME = "embedded-mongo.lock";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DataDirectoryLockedError extends Error {}

// Directories locked by servers of this process (their lock files carry this process's own pid).
const heldHere = new Set<string>();

/**
 * Claims the data directory for this process. A lock left by a process that no longer runs (a crash or
 * kill -9) is taken over; a live owner makes startup fail with a clear message.
 */
export function acquireLock(directory: string): () => void {
  const lockPath = path.join(directory, LOCK_NAME);
  const content = `${process.pid}\n`;
  const key = path.resolve(directory);
  if (heldHere.has(key)) {
    throw new DataDirectoryLockedError(`The data directory ${directory} is already in use by another embedded MongoDB server in this process.`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: "wx" });
      heldHere.add(key);
      return () => {
        heldHere.delete(key);
        releaseLock(lockPath, content);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
    } catch {
      continue;
    }
    if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
      throw new DataDirectoryLockedError(
        `The data directory ${directory} is already in use by another embedded MongoDB server (pid ${owner}). Stop that process or start this one with a different --dbpath.`,
      );
    }
    try {
      fs.unlinkSync(lockPath);
    } catch {
      // Another process may have removed the stale lock first; retry.
    }
  }
  throw new DataDirectoryLockedError(`Could not lock the data directory ${directory}`);
}

function releaseLock(lockPath: string, content: string): void {
  try {
    if (fs.readFileSync(lockPath, "utf8") === content) fs.unlinkSync(lockPath);
  } catch {
    // Nothing to release.
  }
}
