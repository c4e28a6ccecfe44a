import { randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { startMailCapture, type MailCapture } from "../../app/boot/mail-capture.server";
import { connectDatabase, disconnectDatabase } from "../../app/utils/db.server";
import { startTestDatabase } from "./database";

export interface AppEnvironment {
  mail: MailCapture;
  databaseUri: string;
  close(): Promise<void>;
}

/**
 * What the app's server modules need in an integration test: their own database, a capturing SMTP
 * server and real secrets in process.env, and mongoose connected with the app's indexes built.
 */
export async function startAppEnvironment(overrides: Record<string, string> = {}): Promise<AppEnvironment> {
  const database = await startTestDatabase();
  const mail = await startMailCapture();
  Object.assign(process.env, {
    NODE_ENV: "test",
    MONGODB_URI: database.uri,
    SMTP_URL: mail.url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    APP_URL: "http://localhost:3000",
    ...overrides,
  });
  await connectDatabase(database.uri);
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  return {
    mail,
    databaseUri: database.uri,
    async close() {
      await disconnectDatabase();
      await mail.close();
      await database.stop();
    },
  };
}
