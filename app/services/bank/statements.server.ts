/**
 * Importing a statement file into a bank account: read and checked by the format's parser
 * (app/domain/bank/), then its new lines and the import record stored in one transaction. Lines the
 * account already has (the same file again, an overlapping period) are counted and skipped.
 */
import { createHash } from "node:crypto";
import type { Types } from "mongoose";
import { insertBankStatement } from "~models/bank-statement";
import { insertBankStatementLines, knownFingerprints } from "~models/bank-statement-line";
import { isDuplicateKeyError } from "~models/mongo-errors";
import { touchBankAccountLines, type BankAccountRecord } from "~models/bank-account";
import { bankMonthsOf } from "~models/bank-month";
import { lineKeys } from "~/domain/bank/fingerprint";
import { readStatement, type ParsedStatement, type StatementFormat } from "~/domain/bank/index";
import { lockedMonthOf } from "~/domain/bank/month-close";
import { monthLabel, type MonthKey } from "~/domain/calendar";
import type { Refusal } from "~/domain/refusal";
import { refusal } from "~/domain/refusal";
import { countLabel, plural } from "~/domain/text";
import { withTransaction } from "~/utils/db.server";
import { mappingOf } from "./accounts.server";

export interface StatementUpload {
  format: StatementFormat;
  fileName: string;
  bytes: Uint8Array;
}

export type ImportStatementResult =
  | { ok: true; statementId: Types.ObjectId; lineCount: number; newCount: number; message: string }
  | { ok: false; refusal: Refusal };

function fingerprintOf(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

/** «Se importaron 12 movimientos nuevos; 3 ya estaban.» */
export function importMessage(newCount: number, lineCount: number): string {
  const repeated = lineCount - newCount;
  const fresh = `${newCount === 1 ? "Se importó" : "Se importaron"} ${countLabel(newCount, "movimiento nuevo", "movimientos nuevos")}`;
  return repeated === 0
    ? `${fresh}.`
    : `${fresh}; ${countLabel(repeated, "ya estaba importado", "ya estaban importados")}.`;
}

/** Σ of these lines per day, in day order. */
function dayTotalsOf(lines: ReadonlyArray<{ date: string; amount: bigint }>): Array<{ date: string; amount: bigint }> {
  const totals = new Map<string, bigint>();
  for (const line of lines) totals.set(line.date, (totals.get(line.date) ?? 0n) + line.amount);
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, amount]) => ({ date, amount }));
}

/** Lines stored per insert; progress is reported after each batch. */
const STORE_BATCH = 1_000;

export type ReadUploadResult = { ok: true; statement: ParsedStatement } | { ok: false; refusal: Refusal };

/** The upload read by its format's parser and checked against the account: nothing is stored. */
export function readUpload(account: BankAccountRecord, upload: StatementUpload): ReadUploadResult {
  return readStatement(upload.format, upload.bytes, {
    ...(account.iban ? { iban: account.iban } : {}),
    ...(account.number ? { number: account.number } : {}),
    currency: account.currency,
    mapping: mappingOf(account),
  });
}

export async function importStatement(
  account: BankAccountRecord,
  userId: string,
  upload: StatementUpload,
): Promise<ImportStatementResult> {
  const read = readUpload(account, upload);
  if (!read.ok) return read;
  return storeStatement(account, userId, upload, read.statement);
}

/** «El archivo trae 3 movimientos nuevos de octubre de 2026, mes ya marcado como conciliado…» */
export function closedMonthImportMessage(count: number, month: MonthKey): string {
  return `El archivo trae ${countLabel(count, "movimiento nuevo", "movimientos nuevos")} de ${monthLabel(month)}, mes ya marcado como conciliado en esta cuenta; no se importó nada. Un superadministrador puede reabrir el mes.`;
}

/**
 * Stores the statement's lines the account does not have yet, with the import record, in one transaction:
 * a failure leaves nothing. Refused when no line is new, or when a new line falls in a month marked
 * reconciled (read inside the transaction; the account's lines revision makes a close running at the same
 * time conflict with this import, so one of them runs again and sees the other).
 */
export async function storeStatement(
  account: BankAccountRecord,
  userId: string,
  upload: Pick<StatementUpload, "format" | "fileName">,
  statement: ParsedStatement,
  onProgress: (stored: number, total: number) => Promise<void> | void = () => {},
): Promise<ImportStatementResult> {
  const fingerprints = lineKeys(statement.lines).map(fingerprintOf);
  const dates = statement.lines.map((line) => line.date).sort();

  const stored = await withTransaction(
    async (session) => {
      const known = await knownFingerprints(account._id, fingerprints, session);
      const months = await bankMonthsOf(account.organizationId, account._id, session);
      const fresh = statement.lines.flatMap((line, index) =>
        known.has(fingerprints[index]) ? [] : [{ line, fingerprint: fingerprints[index] }],
      );
      if (fresh.length === 0) return { kind: "nothing-new" as const };
      const closed = new Set(months.filter((month) => month.closed).map((month) => month.month));
      const locked = lockedMonthOf(
        fresh.map(({ line }) => line.date),
        closed,
      );
      if (locked)
        return {
          kind: "closed-month" as const,
          month: locked,
          count: fresh.filter(({ line }) => line.date.startsWith(locked)).length,
        };
      await touchBankAccountLines(account.organizationId, account._id, session);
      const statementId = await insertBankStatement(
        {
          organizationId: account.organizationId,
          bankAccountId: account._id,
          fileName: upload.fileName,
          format: upload.format,
          from: dates[0],
          to: dates[dates.length - 1],
          ...(statement.opening === undefined ? {} : { opening: statement.opening }),
          ...(statement.closing === undefined ? {} : { closing: statement.closing }),
          lineCount: statement.lines.length,
          newCount: fresh.length,
          dayTotals: dayTotalsOf(fresh.map(({ line }) => line)),
          importedBy: userId,
          importedAt: new Date(),
        },
        session,
      );
      for (let start = 0; start < fresh.length; start += STORE_BATCH) {
        await insertBankStatementLines(
          fresh.slice(start, start + STORE_BATCH).map(({ line, fingerprint }) => ({
            organizationId: account.organizationId,
            bankAccountId: account._id,
            statementId,
            fingerprint,
            line: line.line,
            date: line.date,
            amount: line.amount,
            description: line.description,
            reference: line.reference,
            ...(line.bankId ? { bankId: line.bankId } : {}),
            ...(line.balance === undefined ? {} : { balance: line.balance }),
            state: "pendiente" as const,
          })),
          session,
        );
        await onProgress(Math.min(start + STORE_BATCH, fresh.length), fresh.length);
      }
      return { kind: "stored" as const, statementId, newCount: fresh.length };
    },
    // Two uploads of the same file at once: the second one runs again and finds the lines stored.
    { retryOn: isDuplicateKeyError },
  );
  if (stored.kind === "closed-month")
    return {
      ok: false,
      refusal: { ...refusal(closedMonthImportMessage(stored.count, stored.month), "file"), kind: "conflict" },
    };
  if (stored.kind === "nothing-new")
    return {
      ok: false,
      refusal: refusal(
        `El archivo no trae movimientos nuevos: ${plural(statement.lines.length, "su único movimiento ya estaba importado", `sus ${countLabel(statement.lines.length, "movimiento", "movimientos")} ya estaban importados`)}.`,
        "file",
      ),
    };
  return {
    ok: true,
    statementId: stored.statementId,
    lineCount: statement.lines.length,
    newCount: stored.newCount,
    message: importMessage(stored.newCount, statement.lines.length),
  };
}
