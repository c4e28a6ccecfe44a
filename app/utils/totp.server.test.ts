import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
  verifyTotp,
} from "./totp.server";

const now = () => Math.floor(Date.now() / 1000);
const codeAt = (secret: string, epoch: number) => generate({ secret, epoch });

describe("verifyTotp", () => {
  it("accepts the current code and returns its time step", async () => {
    const secret = newTotpSecret();
    const step = await verifyTotp(secret, await codeAt(secret, now()), -1);
    expect(step).toBe(Math.floor(now() / 30));
  });

  it("rejects a wrong code (otplib 13 resolves to an object, never truthy by accident)", async () => {
    const secret = newTotpSecret();
    const right = await codeAt(secret, now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    expect(await verifyTotp(secret, wrong, -1)).toBeNull();
    expect(await verifyTotp(secret, "abc123", -1)).toBeNull();
    expect(await verifyTotp(secret, "", -1)).toBeNull();
  });

  it("tolerates one step of clock drift either way, not two", async () => {
    const secret = newTotpSecret();
    expect(await verifyTotp(secret, await codeAt(secret, now() - 30), -1)).not.toBeNull();
    expect(await verifyTotp(secret, await codeAt(secret, now() + 30), -1)).not.toBeNull();
    expect(await verifyTotp(secret, await codeAt(secret, now() - 95), -1)).toBeNull();
  });

  it("refuses a code whose time step was already accepted (no replay)", async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, now());
    const step = await verifyTotp(secret, code, -1);
    expect(step).not.toBeNull();
    expect(await verifyTotp(secret, code, step!)).toBeNull();
  });
});

describe("enrollment material", () => {
  it("builds an otpauth URI with the app as issuer and the e-mail as account", () => {
    const uri = totpUri("JBSWY3DPEHPK3PXP", "Contabilidad CR", "ana@demo.cr");
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(uri)).toContain("Contabilidad CR:ana@demo.cr");
    expect(uri).toContain("secret=JBSWY3DPEHPK3PXP");
  });

  it("makes distinct recovery codes and stores only hashes that match normalized input", () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^[2-9A-Z]{4}-[2-9A-Z]{4}$/.test(c))).toBe(true);
    expect(hashes.every((h, i) => h === hashRecoveryCode(codes[i].toLowerCase().replace("-", " ")))).toBe(true);
    expect(hashes.some((h, i) => h === codes[i])).toBe(false);
    expect(looksLikeRecoveryCode(codes[0])).toBe(true);
    expect(looksLikeRecoveryCode("123456")).toBe(false);
  });
});
