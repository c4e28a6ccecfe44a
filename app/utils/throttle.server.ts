import { CLIENT_ADDRESS_HEADER } from "~/boot/request-guards.server";
import { blockKey, clearAttempts, findAttemptCounters, recordFailure } from "~models/attempt-counter";

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

export function clientAddress(request: Request): string {
  // server.ts resolves the address (honouring TRUST_PROXY) and always overwrites this header.
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
