import { todayInCostaRica } from "~/domain/calendar";
import type { Side } from "~/domain/open-items";
import { MAX_OPENING_FILE_BYTES, OPENING_MESSAGES, shownOpeningErrors } from "~/domain/open-items/opening-import";
import { MultipartError, multipartBoundary, readMultipart } from "~/services/receipts/multipart.server";
import { INVALID_FORM_MESSAGE } from "~/utils/form.server";
import type { RefusalKind } from "~/domain/refusal";
import { importOpeningBalances } from "./opening-import.server";

export const OPENING_FILE_FIELD = "archivo";
const MAX_PARTS = 5;
const MAX_FIELD_BYTES = 1024;
const NO_FILE = "Elija el archivo CSV con los saldos iniciales.";

/** Done (the page's notice) or refused: the errors to list on the form, and what sort of «no» it is. */
export type OpeningImportOutcome = { ok: true; message: string } | { ok: false; errors: string[]; kind?: RefusalKind };

function refused(errors: string[], kind?: RefusalKind): OpeningImportOutcome {
  return { ok: false, errors: shownOpeningErrors(errors), ...(kind ? { kind } : {}) };
}

type Upload = { ok: true; bytes: Uint8Array } | { ok: false; errors: string[]; kind?: RefusalKind };

/** The file of the form, read part by part: what exceeds the limits is refused without being kept. */
async function readUpload(request: Request): Promise<Upload> {
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) return { ok: false, errors: [NO_FILE] };
  let file: Uint8Array | null = null;
  let parts = 0;
  try {
    for await (const part of readMultipart(request.body as unknown as AsyncIterable<Uint8Array>, boundary)) {
      if (++parts > MAX_PARTS) return { ok: false, errors: [INVALID_FORM_MESSAGE] };
      const isFile = part.name === OPENING_FILE_FIELD && part.filename !== undefined;
      const limit = isFile ? MAX_OPENING_FILE_BYTES : MAX_FIELD_BYTES;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.data) {
        size += chunk.length;
        if (size > limit)
          return { ok: false, errors: [isFile ? OPENING_MESSAGES.tooLarge : INVALID_FORM_MESSAGE], kind: "too-large" };
        chunks.push(Buffer.from(chunk));
      }
      if (isFile && size > 0) file = Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof MultipartError) return { ok: false, errors: [INVALID_FORM_MESSAGE] };
    throw error;
  }
  return file ? { ok: true, bytes: file } : { ok: false, errors: [NO_FILE] };
}

/**
 * «Importar saldos iniciales» of /receivables and /payables (admins only; the route checked): the
 * whole file or nothing; the refusal lists the lines and fields at fault.
 */
export async function openingImportAction(
  organizationId: string,
  side: Side,
  userId: string,
  request: Request,
): Promise<OpeningImportOutcome> {
  const upload = await readUpload(request);
  if (!upload.ok) return refused(upload.errors, upload.kind);
  const outcome = await importOpeningBalances(organizationId, side, upload.bytes, userId, todayInCostaRica(new Date()));
  if (!outcome.ok) return refused(outcome.errors);
  const documents = `${outcome.count} ${outcome.count === 1 ? "saldo inicial importado" : "saldos iniciales importados"}`;
  const parties =
    outcome.parties === 0
      ? ""
      : ` (${outcome.parties} ${side === "receivable" ? (outcome.parties === 1 ? "cliente nuevo" : "clientes nuevos") : outcome.parties === 1 ? "proveedor nuevo" : "proveedores nuevos"})`;
  return { ok: true, message: `${documents}${parties}.` };
}
