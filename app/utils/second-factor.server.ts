import { Types } from "mongoose";
import {
  acceptTotpStep,
  consumeRecoveryCode,
  enrollPendingTotp,
  setPendingTotp,
  type UserDocument,
} from "~models/user";
import { decryptSecret, encryptSecret } from "./crypto.server";
import { getEnv } from "./env.server";
import { runInBackground } from "./background.server";
import { sendMail } from "./mail.server";
import {
  assertNotThrottled,
  assertSecondFactorNotThrottled,
  clearSecondFactorFailures,
  recordSecondFactorFailure,
} from "./throttle.server";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  qrCodeDataUrl,
  totpUri,
  verifyTotp,
} from "./totp.server";

export const INVALID_CODE_MESSAGE = "El código no es válido o ya fue utilizado. Intente de nuevo.";

export const LOCKED_OUT_MAIL_SUBJECT = "Bloqueamos temporalmente el ingreso a su cuenta de Contabilidad CR";

async function assertMayTryCode(user: UserDocument, ip: string): Promise<void> {
  // A locked password step (someone guessing it) also closes the second step.
  await assertNotThrottled(user.email, ip);
  await assertSecondFactorNotThrottled(String(user._id), ip);
}

async function countWrongCode(user: UserDocument, ip: string): Promise<void> {
  const lockedUntil = await recordSecondFactorFailure(String(user._id), ip);
  if (!lockedUntil) return;
  const until = lockedUntil.toLocaleString("es-CR", {
    timeZone: "America/Costa_Rica",
    dateStyle: "long",
    timeStyle: "short",
  });
  runInBackground("second-factor lock-out mail", () =>
    sendMail({
      to: user.email,
      subject: LOCKED_OUT_MAIL_SUBJECT,
      text: `Alguien ingresó su contraseña correctamente y luego varios códigos de verificación incorrectos.\n\nPor seguridad, el ingreso a su cuenta queda bloqueado hasta el ${until} (hora de Costa Rica).\n\nSi no fue usted, cambie su contraseña de inmediato con la opción «¿Olvidó su contraseña?» y avise a su contador.`,
    }),
  );
}

export interface Enrollment {
  secret: string;
  uri: string;
  qrCode: string;
}

/** The secret to show on /otp: the one already pending for this sign-in, or a new one. */
export async function prepareEnrollment(user: UserDocument, sessionId: string): Promise<Enrollment> {
  let secret: string;
  if (user.pendingTotp?.sessionId === sessionId && user.pendingTotp.encryptedSecret) {
    secret = decryptSecret(user.pendingTotp.encryptedSecret);
  } else {
    secret = newTotpSecret();
    await setPendingTotp(user._id, sessionId, encryptSecret(secret));
  }
  const uri = totpUri(secret, getEnv().APP_NAME, user.email);
  return { secret, uri, qrCode: await qrCodeDataUrl(uri) };
}

export type EnrollmentResult = { ok: true; recoveryCodes: string[] } | { ok: false; message: string };

export async function confirmEnrollment(
  user: UserDocument,
  sessionId: string,
  code: string,
  ip: string,
): Promise<EnrollmentResult> {
  await assertMayTryCode(user, ip);
  const pending = user.pendingTotp?.sessionId === sessionId ? user.pendingTotp.encryptedSecret : undefined;
  const step = pending ? await verifyTotp(decryptSecret(pending), code.trim(), -1) : null;
  if (step === null) {
    await countWrongCode(user, ip);
    return { ok: false, message: INVALID_CODE_MESSAGE };
  }
  const { codes, hashes } = newRecoveryCodes();
  const factorId = await enrollPendingTotp(user._id, sessionId, step, hashes);
  if (!factorId) return { ok: false, message: INVALID_CODE_MESSAGE };
  await clearSecondFactorFailures(String(user._id));
  return { ok: true, recoveryCodes: codes };
}

/** Checks a TOTP code (each time step accepted once) or a one-time recovery code. */
export async function verifySecondFactor(
  user: UserDocument,
  factorId: string,
  input: string,
  ip: string,
): Promise<boolean> {
  await assertMayTryCode(user, ip);
  const factor = user.totpFactors.find((f) => String(f._id) === factorId);
  let accepted = false;
  if (factor) {
    const code = input.trim();
    if (looksLikeRecoveryCode(code)) {
      accepted = await consumeRecoveryCode(user._id, hashRecoveryCode(code));
    } else {
      const step = await verifyTotp(decryptSecret(factor.encryptedSecret), code, factor.lastAcceptedStep ?? -1);
      accepted = step !== null && (await acceptTotpStep(user._id, new Types.ObjectId(factorId), step));
    }
  }
  if (!accepted) {
    await countWrongCode(user, ip);
    return false;
  }
  await clearSecondFactorFailures(String(user._id));
  return true;
}
