/**
 * Mailboxes as jobs of the app's MongoDB queue: a mailbox is due at `nextReadAt`; a process takes it
 * with a lease (one atomic update), reads it while renewing the lease after each message, and lets go
 * with its status and the time of the next read — the interval after a good read, a growing wait
 * after failures (docs/decisions/221-mail-reading-lease.md).
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Types } from "mongoose";
import { claimMailbox, releaseMailbox, renewLease, type MailboxRecord } from "~models/mailbox";
import { backoffDelay, type BackoffPolicy } from "~/domain/hacienda-queue/backoff";
import { MailboxUnavailable, readMailbox, type ReadCounts } from "./mail-reader.server";
import { startPollingLoop, type PollingLoop } from "~/utils/polling-loop.server";

/** A failing mailbox is tried again after 1, 2, 4 … minutes, at most every 6 hours. */
export const MAIL_BACKOFF: BackoffPolicy = { baseMs: 60_000, maxMs: 6 * 60 * 60_000 };

export interface MailWorkerOptions {
  owner?: string;
  /** Longer than reading one message; renewed after each. */
  leaseMs?: number;
  idleMs?: number;
  timeoutMs?: number;
  random?: () => number;
  log?: (line: string) => void;
}

function ownerOf(options: MailWorkerOptions): string {
  return options.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

export type ReadOutcome =
  | { kind: "read"; counts: ReadCounts }
  | { kind: "failed"; reason: string }
  /** Another process holds the mailbox's lease (it is being read now), or it does not exist. */
  | { kind: "busy" };

async function readClaimed(mailbox: MailboxRecord, owner: string, options: MailWorkerOptions): Promise<ReadOutcome> {
  const id = mailbox._id as Types.ObjectId;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const log = options.log ?? ((line: string) => console.log(`[mail] ${line}`));
  const startedAt = new Date();
  try {
    const counts = await readMailbox(mailbox, {
      timeoutMs: options.timeoutMs,
      onProgress: (progress) => renewLease(id, owner, leaseMs, progress),
    });
    await releaseMailbox(
      id,
      owner,
      { lastReadAt: startedAt, lastSuccessAt: startedAt, lastError: null, failures: 0, lastCounts: counts },
      new Date(counts.more ? Date.now() : Date.now() + mailbox.intervalMinutes * 60_000),
    );
    return { kind: "read", counts };
  } catch (error) {
    const reason =
      error instanceof MailboxUnavailable
        ? error.message
        : "Error interno al leer el buzón; se reintentará automáticamente.";
    if (!(error instanceof MailboxUnavailable))
      log(`mailbox ${String(id)} failed: ${error instanceof Error ? error.stack : String(error)}`);
    const failures = (mailbox.status?.failures ?? 0) + 1;
    const wait = backoffDelay(failures, MAIL_BACKOFF, (options.random ?? Math.random)());
    await releaseMailbox(
      id,
      owner,
      { lastReadAt: startedAt, lastError: reason, failures },
      new Date(Date.now() + wait),
    );
    return { kind: "failed", reason };
  }
}

/**
 * Reads one mailbox to completion now, unless another process is reading it («Revisar ahora», the
 * benchmark, the tests).
 */
export async function readMailboxNow(id: Types.ObjectId, options: MailWorkerOptions = {}): Promise<ReadOutcome> {
  const owner = ownerOf(options);
  const mailbox = await claimMailbox(owner, new Date(), options.leaseMs ?? 5 * 60_000, id);
  if (!mailbox) return { kind: "busy" };
  return readClaimed(mailbox, owner, options);
}

/** Reads the next due mailbox; false when none was due. */
export async function readNextDueMailbox(options: MailWorkerOptions = {}): Promise<boolean> {
  const owner = ownerOf(options);
  const mailbox = await claimMailbox(owner, new Date(), options.leaseMs ?? 5 * 60_000);
  if (!mailbox) return false;
  await readClaimed(mailbox, owner, options);
  return true;
}

export type MailWorker = PollingLoop;

/** Reads due mailboxes in this process until stopped. */
export function startMailWorker(options: MailWorkerOptions = {}): MailWorker {
  const owned = { ...options, owner: ownerOf(options) };
  return startPollingLoop({
    step: () => readNextDueMailbox(owned),
    idleMs: options.idleMs ?? 30_000,
    failure: "mail queue unavailable",
    log: options.log ?? console.log,
  });
}
