import fs from "node:fs";

/**
 * The process's file-backed resident memory in bytes (Linux's RssFile), where the pages of the data
 * file the process has touched are counted; null where /proc is not available.
 */
export function residentFileBytes(): number | null {
  try {
    const status = fs.readFileSync("/proc/self/status", "utf8");
    const found = /RssFile:\s+(\d+) kB/.exec(status);
    return found ? Number(found[1]) * 1024 : null;
  } catch {
    return null;
  }
}
