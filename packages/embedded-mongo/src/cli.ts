import { parseArgs } from "node:util";
import { type EmbeddedMongo, startEmbeddedMongo } from "./index";

const USAGE = `usage: npm run db -- [--port <n>] [--host <address>] [--socket <path>] [--dbpath <dir>] [--quiet]
  TCP (default port 27017) has no authentication: any local process can connect. --socket <path>
  listens on an owner-only Unix socket instead (put it in a directory only you can enter).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      dbpath: { type: "string" },
      host: { type: "string" },
      socket: { type: "string" },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = values.port === undefined ? 27017 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid --port ${values.port}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const log = values.quiet ? undefined : (line: string) => console.log(`[embedded-mongo] ${line}`);
  let server: EmbeddedMongo | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, shutting down`);
    // A signal during startup is handled once the server is up (its data directory must close cleanly).
    if (server) void shutdown(server);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  server = await startEmbeddedMongo({ port, dbPath: values.dbpath, host: values.host, socketPath: values.socket, log });
  const where = values.dbpath ? `data in ${values.dbpath}` : "data in memory only";
  console.log(`Embedded MongoDB listening on ${server.uri} (${where})`);
  if (stopping) await shutdown(server);
}

async function shutdown(server: EmbeddedMongo): Promise<void> {
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
