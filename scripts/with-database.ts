import path from "node:path";
import mongoose from "mongoose";
import { DEFAULT_DATABASE_NAME } from "../app/boot/local-services.server";
import { parseEnv } from "../app/utils/env.server";
import { startEmbeddedMongo } from "./embedded-mongo/index";

/**
 * Runs an operator script against MONGODB_URI, or against the embedded database under DATA_DIR when
 * it is unset (the app must be stopped then: the data directory is locked by whoever has it open).
 */
export async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  const env = parseEnv(process.env);
  const embedded = env.MONGODB_URI
    ? null
    : await startEmbeddedMongo({ dbPath: path.join(path.resolve(env.DATA_DIR), "db") });
  const uri = env.MONGODB_URI ?? `${embedded!.uri}/${DEFAULT_DATABASE_NAME}`;
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
    return await work();
  } finally {
    await mongoose.disconnect();
    await embedded?.close();
  }
}

export function argValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}
