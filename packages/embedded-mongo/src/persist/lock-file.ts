import fs from "node:fs";
import path from "node:path";

export const LOCK_NAME = "embedded-mongo.lock";

/**
 * The kernel's start time of a process (clock ticks since boot, /proc/<pid>/stat field 22) and its
 * state letter; null where /proc is unavailable or the process is gone.
 */
function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return null;
  }
}

const ownStartTime = procStat(process.pid)?.startTime ?? "";

/**
 * Whether the process that wrote a lock still runs. A zombie (exited, not yet reaped by its parent:
 * state Z) or a dead one (X) holds no data directory, and neither does an unrelated process that got
 * the same pid after a crash (its start time differs from the one in the lock).
 */
export function isLockOwnerAlive(pid: number, startTime?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(pid);
  if (!stat) return true;
  if (stat.state === "Z" || stat.state === "X" || stat.state === "x") return false;
  return !startTime || stat.startTime === startTime;
}

export class DataDirectoryLockedError extends Error {
  constructor(
    message: string,
    readonly ownerPid?: number,
  ) {
    super(message);
    this.name = "DataDirectoryLockedError";
  }
}

export interface LockOwner {
  pid: number;
  startTime?: string;
}

export function readLockOwner(directory: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(directory, LOCK_NAME), "utf8");
  } catch {
    return null;
  }
  const [pidLine, startTime] = text.split("\n");
  const pid = Number.parseInt(pidLine, 10);
  return Number.isInteger(pid) ? { pid, startTime: startTime || undefined } : null;
}

/** The live process holding the data directory, if any. */
export function liveLockOwner(directory: string): LockOwner | null {
  const owner = readLockOwner(directory);
  return owner && isLockOwnerAlive(owner.pid, owner.startTime) ? owner : null;
}

// Directories locked by servers of this process (their lock files carry this process's own pid).
const heldHere = new Set<string>();

/**
 * Claims the data directory for this process. A lock left by a process that no longer runs (a crash or
 * kill -9, also while its parent has not reaped it yet) is taken over; a live owner makes startup fail
 * with a clear message.
 */
export function acquireLock(directory: string): () => void {
  const lockPath = path.join(directory, LOCK_NAME);
  const content = `${process.pid}\n${ownStartTime}\n`;
  const key = path.resolve(directory);
  if (heldHere.has(key)) {
    throw new DataDirectoryLockedError(
      `The data directory ${directory} is already in use by another embedded MongoDB server in this process.`,
      process.pid,
    );
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: "wx", mode: 0o600 });
      heldHere.add(key);
      return () => {
        heldHere.delete(key);
        releaseLock(lockPath, content);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readLockOwner(directory);
    if (owner && owner.pid !== process.pid && isLockOwnerAlive(owner.pid, owner.startTime)) {
      throw new DataDirectoryLockedError(
        `The data directory ${directory} is already in use by another embedded MongoDB server (pid ${owner.pid}). Stop that process or start this one with a different --dbpath.`,
        owner.pid,
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
