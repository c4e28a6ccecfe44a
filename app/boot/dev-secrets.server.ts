import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export interface DevSecrets {
  SESSION_SECRET: string;
  TOTP_ENCRYPTION_KEY: string;
}

/**
 * Development and demo installs get their secrets generated once and kept under DATA_DIR, so sessions
 * and encrypted TOTP secrets survive restarts without anyone inventing a literal fallback secret.
 */
export async function loadOrCreateDevSecrets(dataDir: string): Promise<DevSecrets> {
  const file = path.join(dataDir, "secrets.json");
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as Partial<DevSecrets>;
    if (stored.SESSION_SECRET && stored.TOTP_ENCRYPTION_KEY) return stored as DevSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secrets: DevSecrets = {
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
