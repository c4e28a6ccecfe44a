/**
 * What makes a statement line the same line when a file is uploaded twice or two files overlap: the bank's
 * own id when the format has one, otherwise day, amount, reference, text and balance — plus which
 * occurrence it is among identical lines of the same file (two equal coffees on one day are two lines, and
 * the overlapping file has both of them too).
 */
import { searchText } from "../text";
import type { StatementLine } from "./statement";

function identity(line: StatementLine): string {
  if (line.bankId) return `id|${line.bankId}`;
  const reference = line.reference.replace(/\s+/g, "").toUpperCase();
  const text = searchText(line.description);
  return [line.date, String(line.amount), reference, text, line.balance === undefined ? "" : String(line.balance)].join(
    "|",
  );
}

/** One key per line, in the lines' order; equal keys mean the same bank movement. */
export function lineKeys(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = identity(line);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return `${base}#${occurrence}`;
  });
}
