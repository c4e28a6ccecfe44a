/**
 * Reads the /admin/bank POST: a plain form, or the statement upload as multipart/form-data. The file is
 * read part by part and refused past its limit without being buffered.
 */
import { MAX_STATEMENT_BYTES } from "~/domain/bank/statement";
import { MultipartError, multipartBoundary, readMultipart } from "~/services/receipts/multipart.server";
import { INVALID_FORM_MESSAGE, readForm } from "~/utils/form.server";
import { found, refusal, refused, type Result } from "~/domain/refusal";

const MAX_FIELD_BYTES = 16 * 1024;
const MAX_PARTS = 40;
export const STATEMENT_FIELD = "statement";

export const STATEMENT_TOO_LARGE = `El archivo supera ${MAX_STATEMENT_BYTES / (1024 * 1024)} MB; descargue del banco un período más corto.`;

const tooLargeForm = () => ({ message: INVALID_FORM_MESSAGE, kind: "too-large" as const });

export interface BankPageSubmission {
  form: FormData;
  file?: { name: string; bytes: Uint8Array };
  fileTooLarge?: true;
}

export async function readBankPageSubmission(request: Request): Promise<Result<BankPageSubmission>> {
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary) return found({ form: await readForm(request) });
  if (!request.body) return refused(refusal(INVALID_FORM_MESSAGE));

  const form = new FormData();
  const submission: BankPageSubmission = { form };
  let parts = 0;
  try {
    for await (const part of readMultipart(request.body as unknown as AsyncIterable<Uint8Array>, boundary)) {
      if (++parts > MAX_PARTS) return refused(tooLargeForm());
      const isStatement = part.name === STATEMENT_FIELD && part.filename !== undefined;
      const limit = isStatement ? MAX_STATEMENT_BYTES : MAX_FIELD_BYTES;
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      for await (const chunk of part.data) {
        size += chunk.length;
        if (size > limit) tooLarge = true;
        else chunks.push(Buffer.from(chunk));
      }
      if (isStatement) {
        if (tooLarge) submission.fileTooLarge = true;
        else if (size > 0)
          submission.file = { name: (part.filename ?? "").slice(0, 200), bytes: new Uint8Array(Buffer.concat(chunks)) };
        continue;
      }
      if (part.filename !== undefined) continue;
      if (tooLarge) return refused(tooLargeForm());
      form.append(part.name, new TextDecoder("utf-8").decode(Buffer.concat(chunks)));
    }
  } catch (error) {
    if (error instanceof MultipartError) return refused(refusal(INVALID_FORM_MESSAGE));
    throw error;
  }
  return found(submission);
}
