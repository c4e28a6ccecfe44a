import { found, refusal, refused, type Result } from "~/domain/refusal";
import { INVALID_FORM_MESSAGE } from "~/utils/form.server";
import { MultipartError, multipartBoundary, readMultipart } from "./multipart.server";

export interface FormWithFile {
  form: FormData;
  /** The chosen file, when one was sent and it was within its limit. */
  file?: { name: string; bytes: Uint8Array };
  /** Set when the file was over its limit (its bytes were not kept). */
  fileTooLarge?: true;
}

export interface FormWithFileLimits {
  /** The name of the file field. */
  field: string;
  maxFileBytes: number;
  maxFieldBytes: number;
  maxParts: number;
}

const MALFORMED = refused(refusal(INVALID_FORM_MESSAGE));
const TOO_LARGE = refused({ message: INVALID_FORM_MESSAGE, kind: "too-large" });

/**
 * A page's POST that may carry one file: a plain form, or multipart/form-data read part by part, so a
 * file over its limit is flagged without being buffered and anything else too large is refused.
 * Other files in the body are skipped.
 */
export async function readFormWithFile(request: Request, limits: FormWithFileLimits): Promise<Result<FormWithFile>> {
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary)
    return request.formData().then(
      (form) => found({ form }),
      () => MALFORMED,
    );
  if (!request.body) return MALFORMED;

  const form = new FormData();
  const submission: FormWithFile = { form };
  let parts = 0;
  try {
    for await (const part of readMultipart(request.body as unknown as AsyncIterable<Uint8Array>, boundary)) {
      if (++parts > limits.maxParts) return TOO_LARGE;
      const isFile = part.name === limits.field && part.filename !== undefined;
      const limit = isFile ? limits.maxFileBytes : limits.maxFieldBytes;
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      for await (const chunk of part.data) {
        size += chunk.length;
        if (size > limit) tooLarge = true;
        else chunks.push(Buffer.from(chunk));
      }
      if (isFile) {
        if (tooLarge) submission.fileTooLarge = true;
        else if (size > 0)
          submission.file = { name: (part.filename ?? "").slice(0, 200), bytes: new Uint8Array(Buffer.concat(chunks)) };
        continue;
      }
      if (part.filename !== undefined) continue;
      if (tooLarge) return TOO_LARGE;
      form.append(part.name, new TextDecoder("utf-8").decode(Buffer.concat(chunks)));
    }
  } catch (error) {
    if (error instanceof MultipartError) return MALFORMED;
    throw error;
  }
  return found(submission);
}
