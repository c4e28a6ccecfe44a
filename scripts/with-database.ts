import mongoose from "mongoose";
import { startLocalServices } from "../app/boot/local-services.server";
import { getEnv, parseEnv } from "../app/utils/env.server";

/**
 * Runs an operator script with what the app itself would have: MONGODB_URI, or the embedded database
 * under DATA_DIR when it is unset (the running app's, through the connection string it published
 * there, or one started for the script when the app is stopped), and the same development secrets and
 * local mail capture.
 */
export async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  const services = await startLocalServices(parseEnv(process.env), () => undefined, { attachToRunningDatabase: true });
  try {
    await mongoose.connect(getEnv().MONGODB_URI, { serverSelectionTimeoutMS: 10_000 });
    try {
      await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
      return await work();
    } finally {
      await mongoose.disconnect();
    }
  } finally {
    await services.close();
  }
}

export function argValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}
