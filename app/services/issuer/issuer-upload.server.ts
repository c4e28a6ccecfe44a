/**
 * Reads the client page's POST: a plain form, or the issuer form as multipart/form-data with the .p12.
 * The body is read part by part with limits, so a large upload is refused without being buffered.
 */
import { MAX_P12_BYTES } from "~/domain/issuer/issuer-form";
import { MultipartError, multipartBoundary, readMultipart } from "~/services/receipts/multipart.server";
import { found, refusal, refused, type Result } from "~/domain/refusal";
import { INVALID_FORM_MESSAGE } from "~/utils/form.server";

const MAX_FIELD_BYTES = 16 * 1024;
const MAX_PARTS = 60;
export const P12_FIELD = "p12";

export const P12_TOO_LARGE = `El archivo de la llave supera ${MAX_P12_BYTES / 1024} KB: no parece una llave criptográfica .p12.`;

export interface PageSubmission {
  form: FormData;
  /** The uploaded key, when a file was chosen. */
  p12?: Buffer;
  /** Set when the key was larger than any .p12 (its bytes were not kept). */
  p12TooLarge?: true;
}

const MALFORMED = refused(refusal(INVALID_FORM_MESSAGE));
const TOO_LARGE = refused({ message: INVALID_FORM_MESSAGE, kind: "too-large" });

/** The page's form (and key), or refused: a malformed body, too many parts or a field over its size. */
export async function readPageSubmission(request: Request): Promise<Result<PageSubmission>> {
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary)
    return request.formData().then(
      (form) => found({ form }),
      () => MALFORMED,
    );
  if (!request.body) return MALFORMED;

  const form = new FormData();
  const submission: PageSubmission = { form };
  let parts = 0;
  try {
    for await (const part of readMultipart(request.body as unknown as AsyncIterable<Uint8Array>, boundary)) {
      if (++parts > MAX_PARTS) return TOO_LARGE;
      const isKey = part.name === P12_FIELD && part.filename !== undefined;
      const limit = isKey ? MAX_P12_BYTES : MAX_FIELD_BYTES;
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      for await (const chunk of part.data) {
        size += chunk.length;
        if (size > limit) tooLarge = true;
        else chunks.push(Buffer.from(chunk));
      }
      if (isKey) {
        if (tooLarge) submission.p12TooLarge = true;
        else if (size > 0) submission.p12 = Buffer.concat(chunks);
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
