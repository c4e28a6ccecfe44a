/**
 * Reads one mailbox over IMAP (imapflow): lists the messages to take, downloads each (after checking
 * its size), imports it, records it as processed, and only then marks it read or moves it. A message
 * whose documents were committed but whose mark was lost is read again and changes nothing
 * (docs/decisions/222-mail-message-processed-after-commit.md).
 */
import { ImapFlow } from "imapflow";
import type { Types } from "mongoose";
import { findOrganization } from "~models/organization";
import { findUserById } from "~models/user";
import { processedKeys, recordProcessedMessage } from "~models/mail-message";
import type { MailboxRecord } from "~models/mailbox";
import { MAIL_REASONS, MAX_MESSAGE_BYTES, MAX_MESSAGES_PER_READ, messageKeyOf } from "~/domain/mail/attachments";
import { canAdministerOrganization } from "~/domain/roles";
import { toCedula } from "~/domain/organization-id";
import { accessibleOrganizations, membershipOf } from "~/utils/account.server";
import { decryptSecret } from "~/utils/crypto.server";
import { importMessage, type Destination, type MessageHeaders } from "./message-import.server";

export interface ReadCounts {
  /** More messages were waiting than one read takes: read again at once. */
  more?: boolean;
  messages: number;
  imported: number;
  duplicates: number;
  refused: number;
}

/** A read that could not be done, with the reason the mailbox's status shows. */
export class MailboxUnavailable extends Error {}

export interface ReadHooks {
  /** Called after each message; false stops the read (the lease was lost). */
  onProgress?: (progress: { total: number; done: number }) => Promise<boolean>;
  /** Connection timeouts (tests shorten them). */
  timeoutMs?: number;
}

/** Where the mailbox's documents go, as of now (an admin may have lost an organization since). */
async function destinationOf(mailbox: MailboxRecord): Promise<Destination | null> {
  if (mailbox.scope === "organization") {
    const organization = mailbox.organizationId ? await findOrganization(mailbox.organizationId) : null;
    if (!organization || !organization.active) return null;
    return {
      scope: "organization",
      organization: { id: organization._id, cedula: toCedula(organization._id), name: organization.name },
    };
  }
  const owner = await findUserById(mailbox.ownerUserId);
  if (!owner) return null;
  const membership = membershipOf(owner);
  const organizations = (await accessibleOrganizations(owner)).filter((organization) =>
    canAdministerOrganization(membership, organization.id),
  );
  return { scope: "firm", organizations: organizations.map(({ id, cedula, name }) => ({ id, cedula, name })) };
}

/** The Spanish reason for a failed connection or login. */
export function connectionProblem(error: unknown, mailbox: Pick<MailboxRecord, "host" | "port">): string {
  const failure = error as { authenticationFailed?: boolean; code?: string; message?: string; responseText?: string };
  if (failure.authenticationFailed || failure.code === "AUTHENTICATIONFAILED")
    return "El servidor rechazó el usuario o la contraseña. Revise la contraseña (o la contraseña de aplicación) del buzón.";
  if (failure.code === "ENOTFOUND" || failure.code === "EAI_AGAIN")
    return `No se encontró el servidor ${mailbox.host}. Revise el nombre del servidor.`;
  if (failure.code === "ECONNREFUSED" || failure.code === "EHOSTUNREACH" || failure.code === "ENETUNREACH")
    return `No se pudo conectar con ${mailbox.host}:${mailbox.port} (conexión rechazada). Revise el servidor y el puerto.`;
  if (failure.code === "ETIMEDOUT" || failure.code === "CONNECT_TIMEOUT" || failure.code === "GREETING_TIMEOUT")
    return `El servidor ${mailbox.host}:${mailbox.port} no respondió a tiempo.`;
  if (/certificate|self[- ]signed|SSL|TLS/i.test(failure.message ?? ""))
    return `No se pudo establecer una conexión segura (TLS) con ${mailbox.host}:${mailbox.port}. Revise el puerto y la opción TLS.`;
  return `No se pudo leer el buzón: ${(failure.responseText ?? failure.message ?? "error desconocido").slice(0, 200)}`;
}

interface Listed {
  uid: number;
  key: string;
  size: number;
  headers: MessageHeaders;
}

function headersOf(envelope: {
  from?: Array<{ name?: string; address?: string }>;
  subject?: string;
  date?: Date | string;
}): MessageHeaders {
  const date = envelope.date ? new Date(envelope.date) : null;
  const sender = envelope.from?.[0];
  return {
    from: (sender ? (sender.name ? `${sender.name} <${sender.address ?? ""}>` : (sender.address ?? "")) : "").slice(
      0,
      300,
    ),
    subject: (envelope.subject ?? "").slice(0, 300),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
  };
}

/** Reads the mailbox to completion (up to the per-read maximum); throws MailboxUnavailable with the reason. */
export async function readMailbox(mailbox: MailboxRecord, hooks: ReadHooks = {}): Promise<ReadCounts> {
  const destination = await destinationOf(mailbox);
  if (!destination)
    throw new MailboxUnavailable("La organización del buzón ya no está activa o su dueño ya no existe.");
  const timeoutMs = hooks.timeoutMs ?? 30_000;
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.tls,
    auth: { user: mailbox.user, pass: decryptSecret(mailbox.passwordEncrypted) },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 4,
    disableAutoIdle: true,
  });
  // A dropped connection is reported by the command that was waiting; this keeps it from being unhandled.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new MailboxUnavailable(connectionProblem(error, mailbox));
  }
  const counts: ReadCounts = { messages: 0, imported: 0, duplicates: 0, refused: 0 };
  try {
    let lock;
    try {
      lock = await client.getMailboxLock(mailbox.folder);
    } catch {
      throw new MailboxUnavailable(`La carpeta «${mailbox.folder}» no existe en el buzón.`);
    }
    try {
      const uidValidity = client.mailbox ? String(client.mailbox.uidValidity) : "0";
      const found = await client.search(mailbox.afterProcessing === "mark-read" ? { seen: false } : { all: true }, {
        uid: true,
      });
      const all = Array.isArray(found) ? found : [];
      if (all.length > MAX_MESSAGES_PER_READ) counts.more = true;
      const uids = all.slice(0, MAX_MESSAGES_PER_READ);
      const listed: Listed[] = [];
      if (uids.length > 0) {
        for (const message of await client.fetchAll(uids, { uid: true, size: true, envelope: true }, { uid: true })) {
          listed.push({
            uid: message.uid,
            key: messageKeyOf(message.envelope?.messageId, `${mailbox.folder}:${uidValidity}:${message.uid}`),
            size: message.size ?? 0,
            headers: headersOf(message.envelope ?? {}),
          });
        }
      }
      const done = await processedKeys(
        mailbox._id as Types.ObjectId,
        listed.map((message) => message.key),
      );
      let position = 0;
      for (const message of listed) {
        position++;
        if (!done.has(message.key)) {
          if (!(await takeMessage(client, mailbox, destination, message, counts))) continue;
          done.add(message.key);
        }
        await afterProcessing(client, mailbox, message.uid);
        if (hooks.onProgress && !(await hooks.onProgress({ total: listed.length, done: position }))) break;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return counts;
}

async function takeMessage(
  client: ImapFlow,
  mailbox: MailboxRecord,
  destination: Destination,
  message: Listed,
  counts: ReadCounts,
): Promise<boolean> {
  const homeId = destination.scope === "organization" ? destination.organization.id : null;
  let entries;
  if (message.size > MAX_MESSAGE_BYTES) {
    entries = [{ ...message.headers, organizationId: homeId, note: MAIL_REASONS.tooLarge, attachments: [] }];
  } else {
    const fetched = await client.fetchOne(String(message.uid), { source: true }, { uid: true });
    // Deleted by someone else since it was listed: nothing to take.
    if (!fetched || !fetched.source) return false;
    entries = await importMessage(fetched.source, message.headers, destination, mailbox.ownerUserId);
  }
  counts.messages++;
  for (const entry of entries)
    for (const attachment of entry.attachments) {
      if (attachment.outcome === "importado") counts.imported++;
      else if (attachment.outcome === "duplicado") counts.duplicates++;
      else counts.refused++;
    }
  await recordProcessedMessage(
    mailbox._id as Types.ObjectId,
    message.key,
    entries.map((entry) => ({
      organizationId: entry.organizationId,
      ownerUserId: mailbox.ownerUserId,
      from: entry.from,
      subject: entry.subject,
      date: entry.date,
      ...(entry.note ? { note: entry.note } : {}),
      attachments: entry.attachments,
    })),
  );
  return true;
}

async function afterProcessing(client: ImapFlow, mailbox: MailboxRecord, uid: number): Promise<void> {
  if (mailbox.afterProcessing === "move" && mailbox.moveTo) {
    const moved = await client.messageMove(String(uid), mailbox.moveTo, { uid: true });
    if (!moved) throw new MailboxUnavailable(`No se pudo mover el mensaje a la carpeta «${mailbox.moveTo}»; ¿existe?`);
  } else {
    await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
  }
}
