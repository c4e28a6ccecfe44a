import { EmbeddedServer, type ServerOptions } from "./server";

export interface EmbeddedMongo {
  /** mongodb://127.0.0.1:<port>, or mongodb://<url-encoded socket path> (no database, no options) */
  uri: string;
  /** The one-member replica set the server reports (default "rs0"). */
  replicaSet: string;
  /**
   * The connection string in production's shape: `<uri>/<database>?replicaSet=<name>`. The driver
   * then requires the member to report that set name, as it would against a real replica set.
   */
  connectionString(database?: string): string;
  /** 0 when listening on a Unix socket. */
  port: number;
  close(): Promise<void>;
}

export interface StartOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Listen on this Unix domain socket (file mode 0600) instead of TCP. */
  socketPath?: string;
  /** Data directory; undefined keeps everything in memory. */
  dbPath?: string;
  host?: string;
  log?: (line: string) => void;
}

/** The connection string of a server listening on a Unix domain socket (the driver's form). */
export function socketUri(socketPath: string): string {
  return `mongodb://${encodeURIComponent(socketPath)}`;
}

/**
 * The driver lowercases the host names a replica set member reports, so it cannot rediscover a socket
 * path with capital letters: such a socket is reached directly (still checking the set name).
 */
function directOnly(socketPath: string | undefined): boolean {
  return socketPath !== undefined && socketPath !== socketPath.toLowerCase();
}

/**
 * Starts the embedded MongoDB-wire-compatible server. The `mongodb` driver and mongoose connect to
 * `uri` unchanged; with `dbPath` every acknowledged write is on disk.
 */
export async function startEmbeddedMongo(
  opts: StartOptions & Omit<ServerOptions, keyof StartOptions> = {},
): Promise<EmbeddedMongo> {
  const server = new EmbeddedServer(opts);
  const port = await server.start();
  const uri = opts.socketPath ? socketUri(opts.socketPath) : `mongodb://${opts.host ?? "127.0.0.1"}:${port}`;
  const replicaSet = server.replicaSetName;
  return {
    uri,
    replicaSet,
    connectionString: (database = "") =>
      `${uri}/${database}?replicaSet=${encodeURIComponent(replicaSet)}${directOnly(opts.socketPath) ? "&directConnection=true" : ""}`,
    port,
    close: () => server.close(),
  };
}

export { EmbeddedServer };
export { DEFAULT_REPLICA_SET_NAME } from "./commands/replication";
export { DataDirectoryLockedError } from "./persist/lock-file";
