import { chmod, mkdir } from "node:fs/promises";

export const OWNER_ONLY_DIRECTORY = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/**
 * Creates the directory readable by its owner only, and tightens one an earlier version left open:
 * DATA_DIR holds the database, generated secrets and captured mails with password-reset links.
 */
export async function ownerOnlyDirectory(directory: string): Promise<string> {
  await mkdir(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  await chmod(directory, OWNER_ONLY_DIRECTORY);
  return directory;
}
