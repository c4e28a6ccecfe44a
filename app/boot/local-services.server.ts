import path from "node:path";
import type { Env } from "../utils/env.server";
import { loadOrCreateDevSecrets } from "./dev-secrets.server";
import { startAppDatabase } from "./embedded-database.server";
import { startMailCapture } from "./mail-capture.server";
import { ownerOnlyDirectory } from "./owner-only.server";

export interface LocalServices {
  close(): Promise<void>;
}

export { DEFAULT_DATABASE_NAME } from "./embedded-database.server";

export interface LocalServicesOptions {
  /**
   * Use the embedded database of the app already running on DATA_DIR instead of failing on its lock
   * (operator scripts). The app itself never attaches: two servers must not share a data directory.
   */
  attachToRunningDatabase?: boolean;
}

/**
 * Fills in what a zero-configuration install lacks: the embedded database under DATA_DIR when
 * MONGODB_URI is unset, a local capturing SMTP server when SMTP_URL is unset, and generated secrets.
 * Production never gets here with anything missing: the environment schema refuses to boot first.
 */
export async function startLocalServices(
  env: Env,
  log: (line: string) => void,
  options: LocalServicesOptions = {},
): Promise<LocalServices> {
  const closers: Array<() => Promise<void>> = [];
  const dataDir = path.resolve(env.DATA_DIR);
  if (!env.SESSION_SECRET || !env.TOTP_ENCRYPTION_KEY || !env.MONGODB_URI || !env.SMTP_URL)
    await ownerOnlyDirectory(dataDir);

  if (!env.SESSION_SECRET || !env.TOTP_ENCRYPTION_KEY) {
    const secrets = await loadOrCreateDevSecrets(dataDir);
    process.env.SESSION_SECRET ||= secrets.SESSION_SECRET;
    process.env.TOTP_ENCRYPTION_KEY ||= secrets.TOTP_ENCRYPTION_KEY;
  }

  if (!env.MONGODB_URI) {
    const database = await startAppDatabase(dataDir, { attach: options.attachToRunningDatabase, log });
    closers.push(() => database.close());
    process.env.MONGODB_URI = database.uri;
    log(
      database.attached
        ? `attached to the running app's embedded database at ${database.uri}`
        : `embedded database ready at ${database.uri} (data in ${path.join(dataDir, "db")}, owner-only socket, no TCP port)`,
    );
  }

  if (!env.SMTP_URL) {
    const mail = await startMailCapture({ dir: path.join(dataDir, "mail"), log });
    closers.push(() => mail.close());
    process.env.SMTP_URL = mail.url;
    log(`no SMTP_URL: outgoing mail is captured in ${path.join(dataDir, "mail")}`);
  }

  return {
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
