import { createCookie } from "@remix-run/node";
import type { Types } from "mongoose";
import {
  createSessionRecord,
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  takeRecoveryCodesToShow,
  touchSession,
  type SessionRecord,
} from "~models/session";
import { decryptSecret, encryptSecret, randomToken } from "./crypto.server";
import { now as clockNow } from "./clock.server";
import { getEnv } from "./env.server";
import { clientAddress } from "./throttle.server";

export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
// Between the password and the code a user has this long; afterwards they start again.
export const PASSWORD_STAGE_LIFETIME_MS = 10 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;

function sessionCookie() {
  const env = getEnv();
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.NODE_ENV === "production",
    secrets: [env.SESSION_SECRET],
    maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
  });
  return cookie;
}

function idleTimeoutMs() {
  return getEnv().IDLE_TIMEOUT_MS;
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * The request's live session, sliding its idle expiry. Returns null when there is none, it expired
 * (idle or absolute limit) or it was ended elsewhere (logout, password reset).
 */
export async function readSession(request: Request, now = clockNow()): Promise<SessionRecord | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const session = await findLiveSession(id, now);
  if (!session) return null;
  if (session.stage === "complete") {
    const idle = idleTimeoutMs();
    // Writing on every request would cost a write per page view; sliding in steps is precise enough.
    if (now.getTime() - session.lastSeenAt.getTime() > Math.min(60_000, idle / 10)) {
      const expiresAt = new Date(Math.min(now.getTime() + idle, session.absoluteExpiresAt.getTime()));
      await touchSession(session._id, now, expiresAt);
      session.lastSeenAt = now;
      session.expiresAt = expiresAt;
    }
  }
  return session;
}

/** Starts a new session (a fresh id every time, ending the request's previous one) and returns its cookie. */
export async function startSession(
  request: Request,
  userId: Types.ObjectId,
  stage: SessionRecord["stage"],
  now = clockNow(),
  options: { recoveryCodesToShow?: string[] } = {},
): Promise<string> {
  const previous = await readSessionId(request);
  if (previous) await deleteSession(previous);
  const lifetime = stage === "complete" ? idleTimeoutMs() : PASSWORD_STAGE_LIFETIME_MS;
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
  const record: SessionRecord = {
    _id: randomToken(32),
    userId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(Math.min(now.getTime() + lifetime, absoluteExpiresAt.getTime())),
    absoluteExpiresAt,
    ip: clientAddress(request),
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? undefined,
    ...(options.recoveryCodesToShow
      ? { recoveryCodesToShow: encryptSecret(JSON.stringify(options.recoveryCodesToShow)) }
      : {}),
  };
  await createSessionRecord(record);
  return sessionCookie().serialize(record._id);
}

export async function endSession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) await deleteSession(id);
  return sessionCookie().serialize("", { maxAge: 0 });
}

export async function endAllSessionsOf(userId: Types.ObjectId | string, exceptRequest?: Request): Promise<number> {
  const keep = exceptRequest ? await readSessionId(exceptRequest) : null;
  return deleteUserSessions(userId, keep ?? undefined);
}

/** The recovery codes a just-finished enrollment left for this session to show, once; else null. */
export async function takeRecoveryCodes(request: Request, now = clockNow()): Promise<string[] | null> {
  const id = await readSessionId(request);
  const stored = id ? await takeRecoveryCodesToShow(id, now) : null;
  return stored ? (JSON.parse(decryptSecret(stored)) as string[]) : null;
}
