/**
 * The mailboxes an admin configures on /admin/mailboxes: the organization's, and the admin's own
 * firm mailbox. Passwords are encrypted with the application key (like the issuer secrets) and never
 * leave the server; a page sees whether one is stored, not what it is.
 */
import { notFoundRefusal, refusal, refused, type Refused } from "~/domain/refusal";
import type { Types } from "mongoose";
import {
  countMailboxes,
  createMailbox,
  deleteMailbox,
  findOwnedMailbox,
  listMailboxes,
  MAX_MAILBOXES,
  requestRead,
  updateMailbox,
  type MailboxFields,
  type MailboxOwner,
  type MailboxRecord,
} from "~models/mailbox";
import { listMailLog, type MailLogRecord } from "~models/mail-message";
import type { MailboxForm } from "~/domain/mail/mailbox-form";
import { encryptSecret } from "~/utils/crypto.server";
import type { MailboxView, MailLogView } from "~/domain/mail/view";
export type { MailboxView, MailLogView } from "~/domain/mail/view";

function iso(date: Date | null | undefined): string | null {
  return date ? new Date(date).toISOString() : null;
}

export function mailboxView(mailbox: MailboxRecord, now = new Date()): MailboxView {
  return {
    id: String(mailbox._id),
    scope: mailbox.scope,
    label: mailbox.label,
    host: mailbox.host,
    port: mailbox.port,
    tls: mailbox.tls,
    user: mailbox.user,
    folder: mailbox.folder,
    afterProcessing: mailbox.afterProcessing,
    moveTo: mailbox.moveTo ?? null,
    intervalMinutes: mailbox.intervalMinutes,
    reading: !!mailbox.lease && new Date(mailbox.lease.until) > now,
    progress: mailbox.status?.progress ?? null,
    lastReadAt: iso(mailbox.status?.lastReadAt),
    lastSuccessAt: iso(mailbox.status?.lastSuccessAt),
    nextReadAt: new Date(mailbox.nextReadAt).toISOString(),
    lastError: mailbox.status?.lastError ?? null,
    failures: mailbox.status?.failures ?? 0,
    lastCounts: mailbox.status?.lastCounts ?? null,
  };
}

function logView(entry: MailLogRecord): MailLogView {
  return {
    id: String(entry._id),
    unassigned: !entry.organizationId,
    from: entry.from,
    subject: entry.subject,
    date: iso(entry.date),
    readAt: new Date(entry.readAt).toISOString(),
    note: entry.note ?? null,
    attachments: entry.attachments.map((attachment) => ({
      name: attachment.name,
      outcome: attachment.outcome,
      reason: attachment.reason,
      receiptId: attachment.receiptId ?? null,
    })),
  };
}

export async function mailboxesPage(owner: MailboxOwner) {
  const mailboxes = await listMailboxes(owner);
  const hasFirmMailbox = mailboxes.some((mailbox) => mailbox.scope === "firm");
  const log = await listMailLog({
    organizationId: owner.organizationId,
    ...(hasFirmMailbox ? { unassignedOf: owner.userId } : {}),
  });
  return { mailboxes: mailboxes.map((mailbox) => mailboxView(mailbox)), log: log.map(logView) };
}

function fieldsOf(form: MailboxForm): MailboxFields {
  return {
    label: form.label,
    host: form.host,
    port: form.port,
    tls: form.tls === "on",
    user: form.user,
    folder: form.folder,
    afterProcessing: form.afterProcessing,
    ...(form.afterProcessing === "move" && form.moveTo ? { moveTo: form.moveTo } : {}),
    intervalMinutes: form.intervalMinutes,
    enabled: true,
  };
}

export type SaveOutcome = { ok: true; id: string } | Refused;

export const MAILBOX_MESSAGES = {
  notFound: "El buzón no existe.",
  tooMany: `Se admiten hasta ${MAX_MAILBOXES} buzones por organización (y ${MAX_MAILBOXES} compartidos por administrador).`,
} as const;

export async function saveMailbox(owner: MailboxOwner, form: MailboxForm): Promise<SaveOutcome> {
  const fields = fieldsOf(form);
  const password = form.password ? encryptSecret(form.password) : null;
  if (form.mailboxId) {
    const mailbox = await findOwnedMailbox(owner, form.mailboxId);
    if (!mailbox) return refused(notFoundRefusal(MAILBOX_MESSAGES.notFound));
    await updateMailbox(mailbox._id as Types.ObjectId, fields, password);
    return { ok: true, id: form.mailboxId };
  }
  const placement = {
    scope: form.scope,
    ...(form.scope === "organization" ? { organizationId: owner.organizationId } : {}),
    ownerUserId: owner.userId,
  };
  if ((await countMailboxes(placement)) >= MAX_MAILBOXES) return refused(refusal(MAILBOX_MESSAGES.tooMany));
  return { ok: true, id: await createMailbox(placement, fields, password!) };
}

export async function removeMailbox(owner: MailboxOwner, id: string): Promise<boolean> {
  const mailbox = await findOwnedMailbox(owner, id);
  if (!mailbox) return false;
  await deleteMailbox(mailbox._id as Types.ObjectId);
  return true;
}

/** «Revisar ahora»: the mailbox, due at once; null when it is not the owner's. */
export async function requestMailboxRead(owner: MailboxOwner, id: string): Promise<MailboxRecord | null> {
  const mailbox = await findOwnedMailbox(owner, id);
  if (!mailbox) return null;
  await requestRead(mailbox._id as Types.ObjectId);
  return mailbox;
}
