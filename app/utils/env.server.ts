import { z } from "zod";

const booleanFlag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const secret = (name: string) =>
  z.string().min(32, `${name} must be at least 32 characters long (use e.g. \`openssl rand -hex 32\`)`);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    APP_URL: z.string().url("APP_URL must be an absolute URL such as https://contabilidad.example.cr").optional(),
    APP_NAME: z.string().min(1).default("Contabilidad CR"),
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, "MONGODB_URI must start with mongodb:// or mongodb+srv://")
      .optional(),
    DATA_DIR: z.string().min(1).default("./.data"),
    SESSION_SECRET: secret("SESSION_SECRET").optional(),
    TOTP_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, "TOTP_ENCRYPTION_KEY must be 64 hexadecimal characters (32 bytes)")
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Contabilidad CR <no-responder@contabilidad.local>"),
    IDLE_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
    TRUST_PROXY: booleanFlag.default("0"),
    LOG_REQUESTS: booleanFlag.default("1"),
    SEED_DEMO: booleanFlag.default("0"),
    // Server processes (decision 116); unset: one per core in production, one otherwise.
    WEB_CONCURRENCY: z.coerce.number().int().min(1, "WEB_CONCURRENCY must be at least 1").max(64).optional(),
    // Hacienda's identity provider and reception API (docs/domain/hacienda-api.md §2–§3); overridable for a stand-in.
    HACIENDA_PRUEBAS_TOKEN_URL: z
      .string()
      .url()
      .default("https://idp.comprobanteselectronicos.go.cr/auth/realms/rut-stag/protocol/openid-connect/token"),
    HACIENDA_PRUEBAS_API_URL: z
      .string()
      .url()
      .default("https://api.comprobanteselectronicos.go.cr/recepcion-sandbox/v1/"),
    HACIENDA_PRODUCCION_TOKEN_URL: z
      .string()
      .url()
      .default("https://idp.comprobanteselectronicos.go.cr/auth/realms/rut/protocol/openid-connect/token"),
    HACIENDA_PRODUCCION_API_URL: z.string().url().default("https://api.comprobanteselectronicos.go.cr/recepcion/v1/"),
    HACIENDA_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    // The daily exchange rates (docs/domain/exchange-rates.md §2–§3): the BCCR web service when a subscription
    // is configured, else Hacienda's public endpoint; both addresses overridable for a stand-in.
    EXCHANGE_RATE_SOURCE: z.enum(["bccr", "hacienda"]).optional(),
    BCCR_INDICATORS_URL: z
      .string()
      .url()
      .default("https://gee.bccr.fi.cr/Indicadores/Suscripciones/WS/wsindicadoreseconomicos.asmx"),
    BCCR_NAME: z.string().min(1).max(100).optional(),
    BCCR_EMAIL: z.string().email("BCCR_EMAIL must be the e-mail address of the BCCR subscription").optional(),
    BCCR_TOKEN: z.string().min(1).max(100).optional(),
    HACIENDA_INDICATORS_URL: z.string().url().default("https://api.hacienda.go.cr/indicadores/"),
    EXCHANGE_RATE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
    // Whether this process fetches the day's exchange rate when it is due (a lease keeps processes apart).
    EXCHANGE_RATES: booleanFlag.default("1"),
    // Whether this process works the Hacienda sending queue (every process may; leases keep them apart).
    HACIENDA_QUEUE: booleanFlag.default("1"),
    // Whether this process reads the mailboxes that are due (every process may; leases keep them apart).
    MAIL_READER: booleanFlag.default("1"),
    // Set in the container image: there the data directory is not meant to hold a database.
    REQUIRE_MONGODB_URI: booleanFlag.default("0"),
  })
  .superRefine((env, ctx) => {
    if (env.REQUIRE_MONGODB_URI && !env.MONGODB_URI) {
      ctx.addIssue({
        code: "custom",
        path: ["MONGODB_URI"],
        message: "MONGODB_URI is required (REQUIRE_MONGODB_URI=1)",
      });
    }
    if (env.EXCHANGE_RATE_SOURCE === "bccr") {
      for (const key of ["BCCR_NAME", "BCCR_EMAIL", "BCCR_TOKEN"] as const) {
        if (!env[key]) {
          ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when EXCHANGE_RATE_SOURCE=bccr` });
        }
      }
    }
    if (env.NODE_ENV !== "production") return;
    for (const key of ["SESSION_SECRET", "TOTP_ENCRYPTION_KEY", "SMTP_URL", "APP_URL"] as const) {
      if (!env[key]) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when NODE_ENV=production` });
      }
    }
    if (env.SEED_DEMO) {
      ctx.addIssue({
        code: "custom",
        path: ["SEED_DEMO"],
        message: `SEED_DEMO=1 is refused when NODE_ENV=production: it creates root@demo.cr and other accounts with the public demo password (use "npm run demo" to try the app)`,
      });
    }
    if (env.IDLE_TIMEOUT_MS !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["IDLE_TIMEOUT_MS"],
        message: "IDLE_TIMEOUT_MS exists for tests only and must not be set when NODE_ENV=production",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Every field the running app needs, after boot has filled in the development defaults. */
export type RuntimeEnv = Env &
  Required<Pick<Env, "MONGODB_URI" | "SESSION_SECRET" | "TOTP_ENCRYPTION_KEY" | "SMTP_URL">> & {
    APP_URL: string;
    IDLE_TIMEOUT_MS: number;
  };

export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

export class InvalidEnvironmentError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "InvalidEnvironmentError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new InvalidEnvironmentError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(environment)"}: ${issue.message}`),
    );
  }
  return result.data;
}

// getEnv runs several times per request (session cookie, idle timeout, toasts): the parse is kept
// while the variables it reads stay the same (tests and the boot change them).
const ENV_KEYS = Object.keys(envSchema.innerType().shape);
let parsed: { key: string; env: RuntimeEnv } | null = null;

/** Parses process.env once boot has completed it; throws if a runtime value is still missing. */
export function getEnv(): RuntimeEnv {
  const key = ENV_KEYS.map((name) => process.env[name] ?? "").join("\u0000");
  if (parsed?.key !== key) parsed = { key, env: parseRuntimeEnv() };
  return parsed.env;
}

function parseRuntimeEnv(): RuntimeEnv {
  const env = parseEnv(process.env);
  const missing = (["MONGODB_URI", "SESSION_SECRET", "TOTP_ENCRYPTION_KEY", "SMTP_URL"] as const).filter(
    (key) => !env[key],
  );
  if (missing.length > 0) {
    throw new InvalidEnvironmentError(
      missing.map((key) => `${key}: not set (the server boot fills it in development)`),
    );
  }
  return {
    ...(env as RuntimeEnv),
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    IDLE_TIMEOUT_MS: env.IDLE_TIMEOUT_MS ?? DEFAULT_IDLE_TIMEOUT_MS,
  };
}
