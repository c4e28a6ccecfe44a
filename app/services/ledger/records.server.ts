import { cents, centsToAmount, type Cents } from "~/domain/money";
import { centimosText, type EntryInput, type EntryLine } from "~/domain/ledger";
import type { EntryLineRecord, EntryRecord } from "~models/entry";

/**
 * An integer read back from MongoDB: bigint, Long, or a number the driver promoted (exact while it is
 * a safe integer; anything else means a sum overflowed and must not be trusted).
 */
export function toBigInt(value: unknown): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Monto inexacto leído de la base de datos: ${value}`);
    return BigInt(value);
  }
  const long = value as { toBigInt?: () => bigint; toString(): string };
  if (typeof long.toBigInt === "function") return long.toBigInt();
  return BigInt(long.toString());
}

/** A céntimo amount read back from MongoDB (see `toBigInt`). */
export function toCents(value: unknown): Cents {
  return cents(toBigInt(value));
}

export function lineRecord(line: EntryLine): EntryLineRecord {
  return { ...line };
}

export function linesOf(record: Pick<EntryRecord, "lines">): EntryLine[] {
  return record.lines.map((line) => {
    const optional: Partial<EntryLine> = {};
    for (const key of ["receiptId", "currency", "taxCode", "taxRate"] as const)
      if (line[key]) optional[key] = line[key];
    if (line.foreignAmount !== undefined && line.foreignAmount !== null)
      optional.foreignAmount = toBigInt(line.foreignAmount);
    if (line.rate !== undefined && line.rate !== null) optional.rate = toBigInt(line.rate);
    return {
      account: line.account,
      description: line.description ?? "",
      debit: toCents(line.debit),
      credit: toCents(line.credit),
      ...optional,
    };
  });
}

/** A stored entry as validation input again (amounts back in Amount units). */
export function inputOf(record: Pick<EntryRecord, "date" | "description" | "reference" | "lines">): EntryInput {
  return {
    date: record.date,
    description: record.description,
    reference: record.reference,
    lines: linesOf(record).map((line) => ({
      ...line,
      debit: line.debit > 0n ? centsToAmount(line.debit) : null,
      credit: line.credit > 0n ? centsToAmount(line.credit) : null,
    })),
  };
}

/** What the history keeps of an entry: readable text, amounts as decimal strings. */
export interface EntrySnapshot {
  date?: string;
  description?: string;
  reference?: string;
  lines?: Array<{ account: string; description: string; debit: string; credit: string }>;
}

function snapshotLines(lines: readonly EntryLine[]) {
  return lines.map((line) => ({
    account: line.account,
    description: line.description,
    debit: centimosText(line.debit),
    credit: centimosText(line.credit),
  }));
}

/** The fields that changed, before and after: the audit trail of an edit. */
export function entryDiff(
  before: { date: string; description: string; reference: string; lines: readonly EntryLine[] },
  after: { date: string; description: string; reference: string; lines: readonly EntryLine[] },
): { before: EntrySnapshot; after: EntrySnapshot } {
  const diff = { before: {} as EntrySnapshot, after: {} as EntrySnapshot };
  for (const key of ["date", "description", "reference"] as const) {
    if (before[key] !== after[key]) {
      diff.before[key] = before[key];
      diff.after[key] = after[key];
    }
  }
  const [oldLines, newLines] = [snapshotLines(before.lines), snapshotLines(after.lines)];
  if (JSON.stringify(oldLines) !== JSON.stringify(newLines)) {
    diff.before.lines = oldLines;
    diff.after.lines = newLines;
  }
  return diff;
}
