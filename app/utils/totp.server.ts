import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { randomBytes } from "node:crypto";
import { sha256 } from "./crypto.server";

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 8;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, issuer: string, email: string): string {
  return generateURI({ issuer, label: email, secret });
}

export function qrCodeDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: "M" });
}

/**
 * Checks a 6-digit code with ±1 step of clock tolerance. Returns the accepted time step, or null.
 * otplib 13 resolves to an object: only `result.valid` says whether the code is right.
 */
export async function verifyTotp(secret: string, code: string, lastAcceptedStep: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    afterTimeStep: lastAcceptedStep >= 0 ? lastAcceptedStep : undefined,
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** One-time recovery codes like `7KQ2-M9XD`; only their hashes are stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(8);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export function normalizeRecoveryCode(input: string): string {
  const compact = input.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}

export function hashRecoveryCode(code: string): string {
  return sha256(normalizeRecoveryCode(code));
}

export function looksLikeRecoveryCode(input: string): boolean {
  return /^[0-9A-Z]{8}$/i.test(input.replace(/[^0-9A-Z]/gi, "")) && !/^\d{6}$/.test(input.trim());
}
