import { consumeAuthToken, countRecentTokens, findLiveAuthToken, storeAuthToken } from "~models/auth-token";
import type { Types } from "mongoose";
import { findUserByEmail, setPasswordHash } from "~models/user";
import { backgroundWorkDone, runInBackground } from "./background.server";
import { randomToken, sha256 } from "./crypto.server";
import { getEnv } from "./env.server";
import { escapeHtml, sendMail, verifyMailRelay } from "./mail.server";
import { hashPassword } from "./password.server";
import { endAllSessionsOf } from "./session.server";

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export { MIN_PASSWORD_LENGTH } from "~/domain/auth/forms";
// More reset mails than this per hour for one account are not sent: the form must not become a way
// to flood someone's mailbox. The visitor still sees the usual answer.
export const MAX_RESET_MAILS_PER_HOUR = 3;

export const RESET_SENT_MESSAGE = "Le hemos enviado un email con instrucciones.";
export const RESET_FAILED_MESSAGE = "No se ha podido enviar el email. Inténtelo más tarde.";

async function issueLink(userId: Types.ObjectId, purpose: "password-reset" | "invitation") {
  const token = randomToken(32);
  const lifetime = purpose === "password-reset" ? RESET_LINK_LIFETIME_MS : INVITATION_LIFETIME_MS;
  await storeAuthToken({
    tokenHash: sha256(token),
    purpose,
    userId,
    expiresAt: new Date(Date.now() + lifetime),
  });
  return `${getEnv().APP_URL.replace(/\/$/, "")}/reset-password?${new URLSearchParams({ token })}`;
}

/**
 * Answers every address alike and in the same time: the relay is checked in the foreground (so a
 * broken one can still be reported), while looking the address up, issuing the link and mailing it
 * happen after the response. An unknown address sends nothing.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await verifyMailRelay();
  runInBackground("password reset mail", () => mailResetLink(email));
}

async function mailResetLink(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) return;
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  if ((await countRecentTokens(user._id, "password-reset", hourAgo)) >= MAX_RESET_MAILS_PER_HOUR) return;
  const link = await issueLink(user._id, "password-reset");
  await sendMail({
    to: user.email,
    subject: "Restablecer su contraseña de Contabilidad CR",
    text: `Recibimos una solicitud para restablecer su contraseña.\n\nAbra este enlace (válido por 1 hora y una sola vez):\n${link}\n\nSi usted no lo solicitó, ignore este mensaje.`,
    html: `<p>Recibimos una solicitud para restablecer su contraseña.</p><p><a href="${escapeHtml(link)}">Restablecer contraseña</a> (válido por 1 hora y una sola vez).</p><p>Si usted no lo solicitó, ignore este mensaje.</p>`,
  });
}

/** For tests: resolves once the mails requested so far have been handled. */
export const passwordResetMailsDone = backgroundWorkDone;

/** A set-password link for a new user (7 days, single use). */
export function createInvitationLink(userId: Types.ObjectId): Promise<string> {
  return issueLink(userId, "invitation");
}

export async function sendInvitation(userId: Types.ObjectId, email: string, organizationName: string) {
  const link = await createInvitationLink(userId);
  await mailInvitation(email, organizationName, link);
  return link;
}

export async function mailInvitation(email: string, organizationName: string, link: string): Promise<void> {
  await sendMail({
    to: email,
    subject: `Invitación a Contabilidad CR: ${organizationName}`,
    text: `Se le dio acceso a ${organizationName} en Contabilidad CR.\n\nDefina su contraseña con este enlace (válido por 7 días y una sola vez):\n${link}`,
    html: `<p>Se le dio acceso a <strong>${escapeHtml(organizationName)}</strong> en Contabilidad CR.</p><p><a href="${escapeHtml(link)}">Definir mi contraseña</a> (válido por 7 días y una sola vez).</p>`,
  });
}

export async function isResetTokenLive(token: string): Promise<boolean> {
  return !!(await findLiveAuthToken(sha256(token), new Date()));
}

/**
 * Sets the new password and ends every session of the user; the link and every other link of the
 * user stop working. False when the link is used, superseded or expired.
 */
export async function resetPassword(token: string, newPassword: string): Promise<boolean> {
  const record = await consumeAuthToken(sha256(token), new Date());
  if (!record) return false;
  await setPasswordHash(record.userId, await hashPassword(newPassword));
  await endAllSessionsOf(record.userId);
  return true;
}
