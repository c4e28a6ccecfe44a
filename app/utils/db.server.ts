import mongoose from "mongoose";
import { getEnv } from "./env.server";

declare global {
  // One connection per process, kept on globalThis so that module reloads reuse it.
  var __databaseConnection: Promise<typeof mongoose> | undefined;
}

export function connectDatabase(uri: string = getEnv().MONGODB_URI): Promise<typeof mongoose> {
  globalThis.__databaseConnection ??= mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 }).catch((error) => {
    globalThis.__databaseConnection = undefined;
    throw error;
  });
  return globalThis.__databaseConnection;
}

export async function disconnectDatabase(): Promise<void> {
  if (!globalThis.__databaseConnection) return;
  globalThis.__databaseConnection = undefined;
  await mongoose.disconnect();
}

export async function pingDatabase(): Promise<boolean> {
  try {
    const connection = await connectDatabase();
    await connection.connection.db!.admin().ping();
    return true;
  } catch {
    return false;
  }
}
