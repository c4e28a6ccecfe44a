import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./crypto.server";

beforeAll(() => {
  Object.assign(process.env, {
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    MONGODB_URI: "mongodb://127.0.0.1:1/unused",
    SMTP_URL: "smtp://127.0.0.1:1",
  });
});

describe("TOTP secrets at rest", () => {
  it("round-trips and never stores the plain secret", () => {
    const stored = encryptSecret("JBSWY3DPEHPK3PXP");
    expect(stored).not.toContain("JBSWY3DPEHPK3PXP");
    expect(decryptSecret(stored)).toBe("JBSWY3DPEHPK3PXP");
    expect(encryptSecret("JBSWY3DPEHPK3PXP")).not.toBe(stored);
  });

  it("refuses a tampered value", () => {
    const [iv, tag, data] = encryptSecret("JBSWY3DPEHPK3PXP").split(".");
    const flipped = Buffer.from(data, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([iv, tag, flipped.toString("base64url")].join("."))).toThrow();
  });
});
