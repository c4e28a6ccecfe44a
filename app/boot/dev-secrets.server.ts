import { randomBytes } from "node:crypto";
import { chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { OWNER_ONLY_FILE, ownerOnlyDirectory } from "./owner-only.server";

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
    if (stored.SESSION_SECRET && stored.TOTP_ENCRYPTION_KEY) {
      await chmod(file, OWNER_ONLY_FILE);
      return stored as DevSecrets;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secrets: DevSecrets = {
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
  await ownerOnlyDirectory(dataDir);
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: OWNER_ONLY_FILE });
  return secrets;
}
