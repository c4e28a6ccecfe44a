import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, getEnv, parseEnv } from "./env.server";

const secrets = {
  SESSION_SECRET: "a".repeat(64),
  TOTP_ENCRYPTION_KEY: "b".repeat(64),
  SMTP_URL: "smtp://mail.example.cr:587",
  APP_URL: "https://contabilidad.example.cr",
};

describe("parseEnv", () => {
  it("fills development defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: "development", PORT: 3000, DATA_DIR: "./.data" });
    expect(env.MONGODB_URI).toBeUndefined();
  });

  it("refuses to boot in production without the secrets, naming each one", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(InvalidEnvironmentError);
    try {
      parseEnv({ NODE_ENV: "production" });
    } catch (error) {
      const problems = (error as InvalidEnvironmentError).problems.join("\n");
      for (const key of ["SESSION_SECRET", "TOTP_ENCRYPTION_KEY", "SMTP_URL", "APP_URL"]) {
        expect(problems).toContain(`${key}: ${key} is required when NODE_ENV=production`);
      }
    }
  });

  it("accepts a complete production configuration", () => {
    expect(parseEnv({ NODE_ENV: "production", MONGODB_URI: "mongodb://db:27017/app", ...secrets }).NODE_ENV).toBe(
      "production",
    );
  });

  it("asks for the whole BCCR subscription when the BCCR is the rate source", () => {
    expect(() => parseEnv({ EXCHANGE_RATE_SOURCE: "bccr", BCCR_NAME: "Estudio" })).toThrow(
      /BCCR_EMAIL: BCCR_EMAIL is required when EXCHANGE_RATE_SOURCE=bccr/,
    );
    expect(() => parseEnv({ BCCR_EMAIL: "no es correo" })).toThrow(/BCCR_EMAIL must be the e-mail address/);
    expect(parseEnv({}).HACIENDA_INDICATORS_URL).toBe("https://api.hacienda.go.cr/indicadores/");
  });

  it("gives precise messages for malformed values", () => {
    expect(() => parseEnv({ MONGODB_URI: "postgres://x" })).toThrow(/MONGODB_URI must start with mongodb:\/\//);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(() => parseEnv({ TOTP_ENCRYPTION_KEY: "xyz" })).toThrow(/TOTP_ENCRYPTION_KEY must be 64 hexadecimal/);
    expect(() => parseEnv({ PORT: "http" })).toThrow(/PORT/);
  });

  it("refuses the demo seed in production: it creates root@demo.cr with the public password", () => {
    expect(() => parseEnv({ NODE_ENV: "production", ...secrets, SEED_DEMO: "1" })).toThrow(
      /SEED_DEMO: SEED_DEMO=1 is refused when NODE_ENV=production: it creates root@demo\.cr/,
    );
    expect(parseEnv({ NODE_ENV: "production", ...secrets, SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: "development", SEED_DEMO: "1" }).SEED_DEMO).toBe(true);
  });

  it("keeps the test-only idle timeout out of production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", ...secrets, IDLE_TIMEOUT_MS: "1000" })).toThrow(
      /IDLE_TIMEOUT_MS exists for tests only/,
    );
    expect(parseEnv({ IDLE_TIMEOUT_MS: "1000" }).IDLE_TIMEOUT_MS).toBe(1000);
  });
});

describe("getEnv", () => {
  it("follows a change to process.env (its parse is kept only while the variables stay the same)", () => {
    const before = process.env.APP_NAME;
    const required = { MONGODB_URI: "mongodb://db", SESSION_SECRET: "s".repeat(32), SMTP_URL: "smtp://mail" };
    const saved = Object.fromEntries(Object.keys(required).map((key) => [key, process.env[key]]));
    const savedKey = process.env.TOTP_ENCRYPTION_KEY;
    try {
      Object.assign(process.env, required, { TOTP_ENCRYPTION_KEY: "a".repeat(64), APP_NAME: "Primera" });
      expect(getEnv().APP_NAME).toBe("Primera");
      expect(getEnv()).toBe(getEnv());
      process.env.APP_NAME = "Segunda";
      expect(getEnv().APP_NAME).toBe("Segunda");
    } finally {
      for (const [key, value] of Object.entries({ ...saved, TOTP_ENCRYPTION_KEY: savedKey, APP_NAME: before })) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});
