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
import type { BankAccountRecord } from "~models/bank-account";
import { lineKeys } from "~/domain/bank/fingerprint";
import { readStatement, type StatementFormat } from "~/domain/bank/index";
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

export async function importStatement(
  account: BankAccountRecord,
  userId: string,
  upload: StatementUpload,
): Promise<ImportStatementResult> {
  const read = readStatement(upload.format, upload.bytes, {
    ...(account.iban ? { iban: account.iban } : {}),
    ...(account.number ? { number: account.number } : {}),
    currency: account.currency,
    mapping: mappingOf(account),
  });
  if (!read.ok) return read;
  const { statement } = read;
  const fingerprints = lineKeys(statement.lines).map(fingerprintOf);
  const dates = statement.lines.map((line) => line.date).sort();

  const stored = await withTransaction(
    async (session) => {
      const known = await knownFingerprints(account._id, fingerprints, session);
      const fresh = statement.lines.flatMap((line, index) =>
        known.has(fingerprints[index]) ? [] : [{ line, fingerprint: fingerprints[index] }],
      );
      if (fresh.length === 0) return null;
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
          importedBy: userId,
          importedAt: new Date(),
        },
        session,
      );
      await insertBankStatementLines(
        fresh.map(({ line, fingerprint }) => ({
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
      return { statementId, newCount: fresh.length };
    },
    // Two uploads of the same file at once: the second one runs again and finds the lines stored.
    { retryOn: isDuplicateKeyError },
  );
  if (!stored)
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
