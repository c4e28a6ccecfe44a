import { todayInCostaRica } from "~/domain/calendar";
import type { Side } from "~/domain/open-items";
import { MAX_OPENING_FILE_BYTES, OPENING_MESSAGES, shownOpeningErrors } from "~/domain/open-items/opening-import";
import { readFormWithFile } from "~/services/receipts/form-with-file.server";
import type { RefusalKind } from "~/domain/refusal";
import { importOpeningBalances } from "./opening-import.server";

export const OPENING_FILE_FIELD = "archivo";
const MAX_PARTS = 5;
const MAX_FIELD_BYTES = 1024;
const NO_FILE = "Elija el archivo CSV con los saldos iniciales.";

/** Done (the page's notice) or refused: the errors to list on the form, and what sort of «no» it is. */
export type OpeningImportOutcome = { ok: true; message: string } | { ok: false; errors: string[]; kind?: RefusalKind };

type Upload = { ok: true; bytes: Uint8Array } | { ok: false; errors: string[]; kind?: RefusalKind };

function refused(errors: string[], kind?: RefusalKind): OpeningImportOutcome {
  return { ok: false, errors: shownOpeningErrors(errors), ...(kind ? { kind } : {}) };
}

/** The file of the form, read part by part: what exceeds the limits is refused without being kept. */
async function readUpload(request: Request): Promise<Upload> {
  const read = await readFormWithFile(request, {
    field: OPENING_FILE_FIELD,
    maxFileBytes: MAX_OPENING_FILE_BYTES,
    maxFieldBytes: MAX_FIELD_BYTES,
    maxParts: MAX_PARTS,
  });
  if (!read.ok)
    return { ok: false, errors: read.refusals.map((refusal) => refusal.message), kind: read.refusals[0]?.kind };
  if (read.value.fileTooLarge) return { ok: false, errors: [OPENING_MESSAGES.tooLarge], kind: "too-large" };
  return read.value.file ? { ok: true, bytes: read.value.file.bytes } : { ok: false, errors: [NO_FILE] };
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
