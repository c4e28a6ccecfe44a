import { CODE_GAP, CODE_REQUIRED, CODE_SHAPE, GROUP_CODE, NULL_CODE_LEVEL, lastLevel, noCodeLeft } from "./messages";

// Codes are parsed by position (segment n sits at 3n, 3n+1): building a 2,000-account tree parses
// every code several times, and split/regex parsing alone took most of the 5 ms budget.
export const SEGMENT_COUNT = 5;
const CODE_LENGTH = SEGMENT_COUNT * 3 - 1;
const ZERO = 48;
const NINE = 57;
const DASH = 45;
export const GROUP_CODES = ["10", "20", "30", "40", "50", "60", "70"] as const;
const GROUPS: ReadonlySet<string> = new Set(GROUP_CODES);

function isFiveSegments(code: string): boolean {
  if (code.length !== CODE_LENGTH) return false;
  for (let i = 0; i < CODE_LENGTH; i++) {
    const char = code.charCodeAt(i);
    if (i % 3 === 2 ? char !== DASH : char < ZERO || char > NINE) return false;
  }
  return true;
}

function isEmptySegment(code: string, segment: number): boolean {
  return code.charCodeAt(segment * 3) === ZERO && code.charCodeAt(segment * 3 + 1) === ZERO;
}

function countLevel(code: string): number {
  let level = 0;
  for (let segment = 0; segment < SEGMENT_COUNT; segment++) if (!isEmptySegment(code, segment)) level++;
  return level;
}

function checkedLevel(code: string): number {
  if (!isFiveSegments(code)) throw new Error(CODE_SHAPE);
  return countLevel(code);
}

function withSegment(code: string, segment: number, value: string): string {
  return code.slice(0, segment * 3) + value + code.slice(segment * 3 + 2);
}

/** Count of segments that are not `00` (docs/spec/chart-of-accounts.md §2). */
export function levelOf(code: string | null | undefined): number {
  if (code == null || code.trim() === "") throw new Error(NULL_CODE_LEVEL);
  return checkedLevel(code);
}

/** The parent's code: the last segment that is not `00` becomes `00`; a top-level group has none. */
export function parentOf(code: string): string | null {
  const level = checkedLevel(code);
  return level <= 1 ? null : withSegment(code, level - 1, "00");
}

/** The code of child number `child` (1–99) under `code`, one level down. */
export function childCode(code: string, child: number): string {
  const level = checkedLevel(code);
  if (level >= SEGMENT_COUNT) throw new Error(lastLevel(code));
  if (!Number.isInteger(child) || child < 1 || child > 99) throw new RangeError(noCodeLeft(code));
  return withSegment(code, level, String(child).padStart(2, "0"));
}

/** The number (1–99) in the last segment that is not `00`. */
export function lastSegmentOf(code: string): number {
  const at = (checkedLevel(code) - 1) * 3;
  return Number(code.slice(at, at + 2));
}

export function isGroupCode(code: string): boolean {
  return isFiveSegments(code) && countLevel(code) === 1;
}

/**
 * Why a code is not well formed (shape, top-level group 10–70, no `00` before a used segment),
 * or null when it is. Existence in a tree is checked elsewhere.
 */
export function codeShapeError(code: string | null | undefined): string | null {
  if (code == null || code.trim() === "") return CODE_REQUIRED;
  if (!isFiveSegments(code)) return CODE_SHAPE;
  if (!GROUPS.has(code.slice(0, 2))) return GROUP_CODE;
  let emptySeen = false;
  for (let segment = 1; segment < SEGMENT_COUNT; segment++) {
    if (isEmptySegment(code, segment)) emptySeen = true;
    else if (emptySeen) return CODE_GAP;
  }
  return null;
}

/**
 * Turns what a person types into the stored form: `1001020100` → `10-01-02-01-00`,
 * `10-01-02` → `10-01-02-00-00`. Anything else comes back trimmed, for validation to refuse.
 */
export function normalizeCode(input: string): string {
  const trimmed = input.trim();
  if (/^\d{10}$/.test(trimmed)) return trimmed.match(/\d{2}/g)!.join("-");
  if (/^\d{2}(-\d{2}){0,4}$/.test(trimmed)) return trimmed + "-00".repeat(SEGMENT_COUNT - (trimmed.length + 1) / 3);
  return trimmed;
}

/** True when `code` sits anywhere below `ancestor`. */
export function isDescendantOf(code: string, ancestor: string): boolean {
  if (code === ancestor || !isFiveSegments(code)) return false;
  const level = levelOf(ancestor);
  return code.slice(0, level * 3 - 1) === ancestor.slice(0, level * 3 - 1) && countLevel(code) > level;
}

/** Codes of the ancestors, from the top-level group down (the code itself excluded). */
export function ancestorCodes(code: string): string[] {
  const chain: string[] = [];
  for (let parent = parentOf(code); parent !== null; parent = parentOf(parent)) chain.unshift(parent);
  return chain;
}
