import { EmbeddedServer, type ServerOptions } from "./server";

export interface EmbeddedMongo {
  /** mongodb://127.0.0.1:<port>, or mongodb://<url-encoded socket path> */
  uri: string;
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
 * Starts the embedded MongoDB-wire-compatible server. The `mongodb` driver and mongoose connect to
 * `uri` unchanged; with `dbPath` every acknowledged write is on disk.
 */
export async function startEmbeddedMongo(
  opts: StartOptions & Omit<ServerOptions, keyof StartOptions> = {},
): Promise<EmbeddedMongo> {
  const server = new EmbeddedServer(opts);
  const port = await server.start();
  return {
    uri: opts.socketPath ? socketUri(opts.socketPath) : `mongodb://${opts.host ?? "127.0.0.1"}:${port}`,
    port,
    close: () => server.close(),
  };
}

export { EmbeddedServer };
export { DataDirectoryLockedError } from "./persist/lock-file";
