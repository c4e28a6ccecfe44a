import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function transport(): Transporter {
  const { SMTP_URL } = getEnv();
  if (!transporter || transporterUrl !== SMTP_URL) {
    transporter = nodemailer.createTransport(SMTP_URL);
    transporterUrl = SMTP_URL;
  }
  return transporter;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType?: string }>;
}

/** Sends over SMTP; throws when the relay refuses or cannot be reached, so callers can tell the user. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  await transport().sendMail({ from: getEnv().MAIL_FROM, ...mail });
}

/**
 * Connects to the relay and says hello without sending anything: the same work whoever asks, so a
 * form can report a broken relay without revealing whether it had something to send.
 */
export async function verifyMailRelay(): Promise<void> {
  await transport().verify();
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}
