import { generate } from "otplib";
import { Types } from "mongoose";
import { encryptSecret } from "../../app/utils/crypto.server";
import { hashPassword } from "../../app/utils/password.server";
import { hashRecoveryCode, newTotpSecret } from "../../app/utils/totp.server";
import { User } from "../../models/user";

export type Persona = "client" | "admin" | "superadmin" | "root";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  totpSecret: string | null;
  factorId: string | null;
  recoveryCodes: string[];
}

let counter = 0;

/** A user with a known password and, unless told otherwise, an enrolled TOTP factor. */
export async function createTestUser(options: {
  persona: Persona;
  orgs?: Record<string, "admin" | "client">;
  email?: string;
  enrolled?: boolean;
  password?: string;
}): Promise<TestUser> {
  const password = options.password ?? "Clave-de-prueba-123";
  const email = options.email ?? `${options.persona}-${Date.now().toString(36)}-${counter++}@prueba.cr`;
  const enrolled = options.enrolled ?? true;
  const totpSecret = enrolled ? newTotpSecret() : null;
  const factorId = enrolled ? new Types.ObjectId() : null;
  const recoveryCodes = enrolled ? ["ABCD-2345", "EFGH-6789"] : [];
  const user = await User.create({
    email,
    passwordHash: await hashPassword(password),
    isRoot: options.persona === "root",
    isSuperAdmin: options.persona === "superadmin",
    isAdmin: options.persona === "admin",
    orgs: options.orgs ?? {},
    totpFactors: enrolled ? [{ _id: factorId, encryptedSecret: encryptSecret(totpSecret!), lastAcceptedStep: -1 }] : [],
    recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
  });
  return {
    id: String(user._id),
    email,
    password,
    totpSecret,
    factorId: factorId ? String(factorId) : null,
    recoveryCodes,
  };
}

/** A code for the current time step, or for a neighbouring one (±1 is accepted) to avoid a replay. */
export function totpCode(secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}
