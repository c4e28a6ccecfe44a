import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DataDirectoryLockedError, startEmbeddedMongo } from "../../packages/embedded-mongo/src/index";
import { OWNER_ONLY_FILE, ownerOnlyDirectory } from "./owner-only.server";

export const DEFAULT_DATABASE_NAME = "contabilidad";
/** Where a running app publishes how to reach its embedded database, for operator scripts. */
export const DATABASE_URI_FILE = "database.uri";
// sun_path holds 108 bytes on Linux, the terminating NUL included.
const MAX_SOCKET_PATH_BYTES = 107;

export interface AppDatabase {
  uri: string;
  /** True when another live process (the running app) owns the database and this one attached to it. */
  attached: boolean;
  close(): Promise<void>;
}

/**
 * A Unix socket in a directory only this user can enter: no other local account can connect, and the
 * embedded server needs no credentials of its own. DATA_DIR/run when its path is short enough for a
 * socket, otherwise a fresh owner-only directory under the system's temporary directory.
 */
async function socketDirectory(dataDir: string): Promise<{ directory: string; temporary: boolean }> {
  const preferred = path.join(dataDir, "run");
  if (Buffer.byteLength(path.join(preferred, "db.sock")) <= MAX_SOCKET_PATH_BYTES) {
    return { directory: await ownerOnlyDirectory(preferred), temporary: false };
  }
  return { directory: await mkdtemp(path.join(os.tmpdir(), "contabilidad-db-")), temporary: true };
}

async function publishUri(file: string, uri: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${uri}\n`, { mode: OWNER_ONLY_FILE });
  await rename(temporary, file);
}

async function unpublishUri(file: string, uri: string): Promise<void> {
  const published = await readFile(file, "utf8").catch(() => "");
  if (published.trim() === uri) await rm(file, { force: true });
}

/**
 * Starts the embedded database on DATA_DIR/db, listening only on an owner-only Unix socket, and writes
 * its connection string to DATA_DIR/database.uri (0600). With `attach`, a data directory held by a live
 * process is not an error: its published connection string is used instead (operator scripts run
 * while the app is up).
 */
export async function startAppDatabase(
  dataDir: string,
  options: { attach?: boolean; log?: (line: string) => void } = {},
): Promise<AppDatabase> {
  await ownerOnlyDirectory(dataDir);
  const uriFile = path.join(dataDir, DATABASE_URI_FILE);
  const sockets = await socketDirectory(dataDir);
  const socketPath = path.join(sockets.directory, "db.sock");
  const removeSocketDirectory = () =>
    sockets.temporary ? rm(sockets.directory, { recursive: true, force: true }) : Promise.resolve();
  let server;
  try {
    server = await startEmbeddedMongo({ dbPath: path.join(dataDir, "db"), socketPath, log: options.log });
  } catch (error) {
    await removeSocketDirectory();
    if (!(options.attach && error instanceof DataDirectoryLockedError)) throw error;
    const published = (await readFile(uriFile, "utf8").catch(() => "")).trim();
    if (!published) {
      throw new Error(
        `${error.message} That process published no connection string in ${uriFile}; stop it, or set MONGODB_URI.`,
      );
    }
    return { uri: published, attached: true, close: async () => undefined };
  }
  // Production's shape: the embedded server is a one-member replica set, named like a real one.
  const uri = server.connectionString(DEFAULT_DATABASE_NAME);
  await publishUri(uriFile, uri);
  return {
    uri,
    attached: false,
    async close() {
      await unpublishUri(uriFile, uri);
      await server.close();
      await removeSocketDirectory();
    },
  };
}
