import path from "node:path";
import { startEmbeddedMongo } from "../../packages/embedded-mongo/src/index";
import type { Env } from "../utils/env.server";
import { loadOrCreateDevSecrets } from "./dev-secrets.server";
import { startMailCapture } from "./mail-capture.server";

export interface LocalServices {
  close(): Promise<void>;
}

export const DEFAULT_DATABASE_NAME = "contabilidad";

/**
 * Fills in what a zero-configuration install lacks: the embedded database under DATA_DIR when
 * MONGODB_URI is unset, a local capturing SMTP server when SMTP_URL is unset, and generated secrets.
 * Production never gets here with anything missing: the environment schema refuses to boot first.
 */
export async function startLocalServices(env: Env, log: (line: string) => void): Promise<LocalServices> {
  const closers: Array<() => Promise<void>> = [];
  const dataDir = path.resolve(env.DATA_DIR);

  if (!env.SESSION_SECRET || !env.TOTP_ENCRYPTION_KEY) {
    const secrets = await loadOrCreateDevSecrets(dataDir);
    process.env.SESSION_SECRET ||= secrets.SESSION_SECRET;
    process.env.TOTP_ENCRYPTION_KEY ||= secrets.TOTP_ENCRYPTION_KEY;
  }

  if (!env.MONGODB_URI) {
    const database = await startEmbeddedMongo({ dbPath: path.join(dataDir, "db"), log });
    closers.push(() => database.close());
    process.env.MONGODB_URI = `${database.uri}/${DEFAULT_DATABASE_NAME}`;
    log(`embedded database ready at ${database.uri} (data in ${path.join(dataDir, "db")})`);
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
