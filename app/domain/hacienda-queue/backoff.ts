/**
 * When the sending queue tries again: exponential waits with a ceiling, and a little spread so that
 * documents that failed together (Hacienda down) do not all come back in the same second.
 */
export interface BackoffPolicy {
  /** The first wait. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
}

/** Hacienda unreachable, a 5xx or a timeout: 10 s, 20 s, 40 s … up to 30 minutes, for as long as it takes. */
export const RETRY_BACKOFF: BackoffPolicy = { baseMs: 10_000, maxMs: 30 * 60_000 };

/** Asking for the answer of a received document: 5 s, 10 s … up to 10 minutes (Hacienda may take hours). */
export const POLL_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 10 * 60_000 };

/**
 * The wait before try number `attempt + 1` (attempt ≥ 1 failed or unfinished tries so far).
 * `spread` in [0, 1) adds up to 10 % (a random number in production, fixed in tests).
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, spread = 0): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  const plain = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(plain * (1 + 0.1 * Math.min(Math.max(spread, 0), 0.999)));
}
