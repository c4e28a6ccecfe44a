/**
 * Reads the client page's POST: a plain form, or the issuer form as multipart/form-data with the .p12.
 * The body is read part by part with limits, so a large upload is refused without being buffered.
 */
import { MAX_P12_BYTES } from "~/domain/issuer/issuer-form";
import type { Result } from "~/domain/refusal";
import { readFormWithFile } from "~/services/receipts/form-with-file.server";

export const P12_FIELD = "p12";

export const P12_TOO_LARGE = `El archivo de la llave supera ${MAX_P12_BYTES / 1024} KB: no parece una llave criptográfica .p12.`;

export interface PageSubmission {
  form: FormData;
  /** The uploaded key, when a file was chosen. */
  p12?: Buffer;
  /** Set when the key was larger than any .p12 (its bytes were not kept). */
  p12TooLarge?: true;
}

/** The page's form (and key), or refused: a malformed body, too many parts or a field over its size. */
export async function readPageSubmission(request: Request): Promise<Result<PageSubmission>> {
  const read = await readFormWithFile(request, {
    field: P12_FIELD,
    maxFileBytes: MAX_P12_BYTES,
    maxFieldBytes: 16 * 1024,
    maxParts: 60,
  });
  if (!read.ok) return read;
  const { form, file, fileTooLarge } = read.value;
  return {
    ok: true,
    value: {
      form,
      ...(file ? { p12: Buffer.from(file.bytes) } : {}),
      ...(fileTooLarge ? { p12TooLarge: true as const } : {}),
    },
  };
}
