import { blockKey, clearAttempts, findAttemptCounters, recordFailure } from "~models/attempt-counter";

/** Set by the server from the socket (or the trusted proxy) before Remix sees the request. */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_BLOCK_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
// An office shares one public address, so the per-address limit is higher than the per-account one.
export const MAX_FAILURES_PER_IP = 20;

export const THROTTLED_MESSAGE = "Demasiados intentos fallidos. Por seguridad, espere 15 minutos e intente de nuevo.";

export class ThrottledError extends Error {
  constructor() {
    super(THROTTLED_MESSAGE);
    this.name = "ThrottledError";
  }
}

function keysFor(account: string, ip: string) {
  return { account: `account:${account.trim().toLowerCase()}`, ip: `ip:${ip}` };
}

export async function assertNotThrottled(account: string, ip: string, now = new Date()): Promise<void> {
  const keys = keysFor(account, ip);
  const counters = await findAttemptCounters([keys.account, keys.ip]);
  if (counters.some((counter) => counter.blockedUntil && counter.blockedUntil > now)) throw new ThrottledError();
}

export async function recordFailedAttempt(account: string, ip: string, now = new Date()): Promise<void> {
  const keys = keysFor(account, ip);
  const [accountCounter, ipCounter] = await Promise.all([
    recordFailure(keys.account, now, THROTTLE_WINDOW_MS),
    recordFailure(keys.ip, now, THROTTLE_WINDOW_MS),
  ]);
  const until = new Date(now.getTime() + THROTTLE_BLOCK_MS);
  if (accountCounter.failures >= MAX_FAILURES_PER_ACCOUNT) await blockKey(keys.account, until);
  if (ipCounter.failures >= MAX_FAILURES_PER_IP) await blockKey(keys.ip, until);
}

export async function clearFailedAttempts(account: string): Promise<void> {
  await clearAttempts(keysFor(account, "").account);
}

// Codes are counted per account on their own: a correct password must not reset them, or "password
// + 4 wrong codes" repeated from several addresses would try codes without end. Each lock-out doubles
// the next one within a day (15 min, 30 min, 1 h … at most 24 h).
export const SECOND_FACTOR_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_SECOND_FACTOR_FAILURES = 5;

const secondFactorKey = (userId: string) => `second-factor:${userId}`;

export async function assertSecondFactorNotThrottled(userId: string, ip: string, now = new Date()): Promise<void> {
  const counters = await findAttemptCounters([secondFactorKey(userId), keysFor("", ip).ip]);
  if (counters.some((counter) => counter.blockedUntil && counter.blockedUntil > now)) throw new ThrottledError();
}

/** Counts a wrong code; returns the end of the lock-out when this failure started one. */
export async function recordSecondFactorFailure(userId: string, ip: string, now = new Date()): Promise<Date | null> {
  const key = secondFactorKey(userId);
  const ipKey = keysFor("", ip).ip;
  const [counter, ipCounter] = await Promise.all([
    recordFailure(key, now, SECOND_FACTOR_WINDOW_MS),
    recordFailure(ipKey, now, THROTTLE_WINDOW_MS),
  ]);
  if (ipCounter.failures >= MAX_FAILURES_PER_IP) await blockKey(ipKey, new Date(now.getTime() + THROTTLE_BLOCK_MS));
  if (counter.failures < MAX_SECOND_FACTOR_FAILURES || counter.failures % MAX_SECOND_FACTOR_FAILURES !== 0) return null;
  const lockOuts = counter.failures / MAX_SECOND_FACTOR_FAILURES;
  const until = new Date(now.getTime() + Math.min(THROTTLE_BLOCK_MS * 2 ** (lockOuts - 1), SECOND_FACTOR_WINDOW_MS));
  await blockKey(key, until);
  return until;
}

export async function clearSecondFactorFailures(userId: string): Promise<void> {
  await clearAttempts(secondFactorKey(userId));
}

export function clientAddress(request: Request): string {
  // server.ts resolves the address (honouring TRUST_PROXY) and always overwrites this header.
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
