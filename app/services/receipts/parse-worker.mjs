// The parse worker from the sources (development, tests): plain JavaScript so that Node starts it as
// is, registering tsx to load the TypeScript worker. Production runs build/server/parse-worker.js.
import { register } from "tsx/esm/api";

register();
await import("./parse-worker.server.ts");
