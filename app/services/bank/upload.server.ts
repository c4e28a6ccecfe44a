/**
 * Reads the /admin/bank POST: a plain form, or the statement upload as multipart/form-data. The file is
 * read part by part and flagged past its limit without being buffered.
 */
import { MAX_STATEMENT_BYTES } from "~/domain/bank/statement";
import type { Result } from "~/domain/refusal";
import { readFormWithFile, type FormWithFile } from "~/services/receipts/form-with-file.server";

export const STATEMENT_FIELD = "statement";

export const STATEMENT_TOO_LARGE = `El archivo supera ${MAX_STATEMENT_BYTES / (1024 * 1024)} MB; descargue del banco un período más corto.`;

export type BankPageSubmission = FormWithFile;

export function readBankPageSubmission(request: Request): Promise<Result<BankPageSubmission>> {
  return readFormWithFile(request, {
    field: STATEMENT_FIELD,
    maxFileBytes: MAX_STATEMENT_BYTES,
    maxFieldBytes: 16 * 1024,
    maxParts: 40,
  });
}
