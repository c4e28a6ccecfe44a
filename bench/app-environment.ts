import { randomBytes } from "node:crypto";

/**
 * The environment the app's own modules read, for a benchmark that uses them directly: the database,
 * fresh secrets (production refuses to start without them) and mail that goes nowhere.
 */
export function useBenchEnvironment(mongodbUri: string, smtpUrl = "smtp://127.0.0.1:2525"): void {
  Object.assign(process.env, {
    MONGODB_URI: mongodbUri,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: smtpUrl,
    APP_URL: "http://localhost:3000",
  });
}
