import { EmbeddedServer, type ServerOptions } from "./server";

export interface EmbeddedMongo {
  uri: string;
  port: number;
  close(): Promise<void>;
}

export interface StartOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Data directory; undefined keeps everything in memory. */
  dbPath?: string;
  host?: string;
  log?: (line: string) => void;
}

/**
 * Starts the embedded MongoDB-wire-compatible server. The `mongodb` driver and mongoose connect to
 * `uri` unchanged; with `dbPath` every acknowledged write is on disk.
 */
export async function startEmbeddedMongo(opts: StartOptions & Omit<ServerOptions, keyof StartOptions> = {}): Promise<EmbeddedMongo> {
  const server = new EmbeddedServer(opts);
  const port = await server.start();
  return {
    uri: `mongodb://127.0.0.1:${port}`,
    port,
    close: () => server.close(),
  };
}

export { EmbeddedServer };
