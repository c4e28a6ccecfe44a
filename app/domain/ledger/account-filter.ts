import { levelOf } from "../catalog";

/**
 * The codes an account stands for in a filter: itself and, for a parent, every descendant. A parent's
 * descendants share its significant segments (`10-01-00-00-00` → every code starting `10-01-`).
 */
export function accountCodePrefix(code: string): string {
  const level = levelOf(code);
  const segments = code.split("-").slice(0, level);
  return level === 5 ? code : `${segments.join("-")}-`;
}

export function isWithinAccount(account: string, code: string): boolean {
  const prefix = accountCodePrefix(code);
  return prefix === code ? account === code : account.startsWith(prefix);
}
