import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startMailCapture } from "../../../app/boot/mail-capture.server";
import { startEmbeddedMongo } from "../../../packages/embedded-mongo/src/index";
import { startHaciendaStandIn } from "../../support/hacienda-stand-in";
import { startRateStandIn } from "../../support/exchange-rate-stand-in";
import { compiledServer } from "../../support/server-build";
import { startAppProcess } from "./app-process";

/**
 * One fresh world for the browser tests: an in-memory embedded database (or MONGODB_URI with a new
 * database name), a capturing SMTP server whose inbox tests read over HTTP, and the built app seeded
 * with the demo data. Values reach the test workers through process.env.
 */
export default async function globalSetup() {
  const embedded = process.env.MONGODB_URI ? null : await startEmbeddedMongo();
  const databaseName = `e2e_${randomBytes(4).toString("hex")}`;
  const mongoUri = embedded
    ? embedded.connectionString(databaseName)
    : process.env.MONGODB_URI!.replace(/\/([^/?]*)(\?|$)/, `/${databaseName}$2`);

  const mail = await startMailCapture();
  const inbox = createServer((req, res) => {
    res.setHeader("Content-Type", "application/json");
    res.end(
      JSON.stringify(
        mail.messages.map(({ from, to, subject, text, receivedAt }) => ({ from, to, subject, text, receivedAt })),
      ),
    );
  });
  await new Promise<void>((resolve) => inbox.listen(0, "127.0.0.1", resolve));

  // Invoices the app issues go to a local stand-in of Hacienda's sandbox, which knows the demo's API account.
  const hacienda = await startHaciendaStandIn();
  // The day's exchange rate comes from a local stand-in of Hacienda's endpoint: weekdays of the last
  // six weeks, today at ₡503,12 / ₡509,87 (tests/e2e/exchange-rates.spec.ts reads them).
  const rates = await startRateStandIn();
  publishRecentRates(rates.publish);
  // The euro: Hacienda's tc/euro answers its last published day, today at ₡588,21.
  rates.today = new Date(Date.now() - 6 * 60 * 60_000).toISOString().slice(0, 10);
  rates.publishEuro(rates.today, "588.21", "1.1523");
  Object.assign(process.env, {
    HACIENDA_INDICATORS_URL: rates.haciendaUrl,
    HACIENDA_PRUEBAS_TOKEN_URL: hacienda.tokenUrl,
    HACIENDA_PRUEBAS_API_URL: hacienda.apiUrl,
    DEMO_HACIENDA_API_USERNAME: hacienda.username,
    DEMO_HACIENDA_API_PASSWORD: hacienda.password,
    MONGODB_URI: mongoUri,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: mail.url,
    E2E_MAIL_URL: `http://127.0.0.1:${(inbox.address() as AddressInfo).port}`,
  });

  // The production server refuses SEED_DEMO, so the demo data goes in the operator's way first. The
  // seed runs asynchronously: the embedded database lives in this process and must keep answering.
  const seed = await runScript([(await compiledServer()).entry("scripts/seed"), "--demo"], {
    ...process.env,
    NODE_ENV: "test",
  });
  if (seed.code !== 0) throw new Error(`npm run seed -- --demo failed:\n${seed.output}`);
  const app = await startAppProcess({});
  process.env.E2E_BASE_URL = app.url;
  process.env.APP_URL = app.url;

  return async () => {
    await app.stop();
    await hacienda.close();
    await rates.close();
    await new Promise((resolve) => inbox.close(resolve));
    await mail.close();
    await embedded?.close();
  };
}

function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}

/** Weekdays of the last six weeks (Costa Rica days), each a little dearer than the one before; today fixed. */
function publishRecentRates(publish: (date: string, buy: string, sell: string) => void) {
  const today = new Date(Date.now() - 6 * 60 * 60_000);
  for (let back = 42; back >= 1; back--) {
    const day = new Date(today.getTime() - back * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    publish(day.toISOString().slice(0, 10), (480 + (42 - back) / 2).toFixed(2), (486 + (42 - back) / 2).toFixed(2));
  }
  publish(today.toISOString().slice(0, 10), "503.12", "509.87");
}
