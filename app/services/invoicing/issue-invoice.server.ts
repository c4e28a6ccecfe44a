/**
 * «Emitir»: a borrador becomes a signed v4.4 comprobante of the organization, booked and queued for
 * Hacienda, all in one transaction (decision 166). Any failure aborts everything, so the consecutive
 * taken for it is given back: numbers are never skipped, and the counter makes them never repeat.
 */
import { randomInt } from "node:crypto";
import type { ClientSession } from "mongoose";
import { COSTA_RICA_OFFSET_MS } from "~/domain/calendar";
import { buildClave, buildConsecutivo } from "~/domain/hacienda/clave";
import { computeInvoiceTotals, InvoiceTotalsError } from "~/domain/hacienda/invoice-totals";
import type { ElectronicReceipt } from "~/domain/hacienda/types";
import { writeInvoiceXml } from "~/domain/hacienda/write-invoice";
import { seriesInfo, seriesOf } from "~/domain/issuer/consecutive";
import type { ComputedInvoice, InvoiceDraft, IssuerProfile } from "~/domain/invoicing/types";
import { notFoundRefusal, refusal, type Refusal } from "~/domain/refusal";
import { findInvoiceDraft, markInvoiceDraftIssued } from "~models/invoice-draft";
import { insertReceipts } from "~models/receipt";
import { bookStoredReceiptIn } from "~/services/booking/book-in-transaction.server";
import type { BookingResultKind } from "~/services/booking/booking.server";
import { enqueueSubmission } from "~/services/hacienda/queue.server";
import { takeConsecutive } from "~/services/issuer/consecutive.server";
import { IssuerNotReady, ISSUER_NOT_READY, loadIssuerForSigning } from "~/services/issuer/issuer-settings.server";
import { parseDocument } from "~/services/receipts/parse-document.server";
import { receiptRecordFrom } from "~/services/receipts/receipt-import.server";
import { withTransaction } from "~/utils/db.server";
import { isDuplicateKeyError } from "~models/mongo-errors";
import { syncOpenItems } from "~/services/open-items/sync.server";
import { signXadesEpes, type SigningCredentials } from "./sign.server";
import { validateInvoiceXml } from "./xsd.server";

export const ISSUE_MESSAGES = {
  notFound: "Factura no encontrada",
  alreadyIssued: "Esta factura ya se emitió.",
  notTheOrganization: (numero: string, cedula: string) =>
    `La identificación del emisor en la configuración (${numero}) no es la cédula de la organización (${cedula}).`,
  schema: "El comprobante no cumple el esquema oficial v4.4 de Hacienda:",
  ownChecks: "El comprobante generado no pasa las verificaciones de importación:",
  notBooked: "No se pudo contabilizar el comprobante; no se emitió:",
  notStored: "No se pudo guardar el comprobante; intente de nuevo.",
} as const;

export type IssueOutcome =
  | {
      ok: true;
      receiptId: string;
      clave: string;
      consecutivo: string;
      booking: { kind: BookingResultKind; entryId?: string; number?: string };
    }
  | {
      ok: false;
      refusals: Refusal[];
      /** The issuer settings are missing or unusable: the page links to them. */
      settings?: boolean;
    };

/** Thrown inside the transaction to abort it; nothing it wrote stays. */
class IssueAborted extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(refusals.map((r) => r.message).join(" "));
  }
}

/** The consecutivo was stored by someone else during this round: the round runs again. */
class NumberTakenMeanwhile extends Error {}

// Issues of one organization queue on its counter: the one that waits conflicts with the one that holds
// it (a transaction takes a few hundred milliseconds), or both create the counter at once, or the number
// was stored meanwhile; each runs again after a pause.
const ISSUE_RETRIES = {
  attempts: 150,
  retryOn: (error: unknown) => isDuplicateKeyError(error) || error instanceof NumberTakenMeanwhile,
  pauseStepMs: 100,
} as const;

/** The issue time as Hacienda writes it: Costa Rica's local time with its offset. */
export function costaRicaTimestamp(now: Date): string {
  return `${new Date(now.getTime() + COSTA_RICA_OFFSET_MS).toISOString().slice(0, 19)}-06:00`;
}

function securityCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, "0");
}

export interface IssueOptions {
  now?: Date;
  organizationCedula?: string;
}

interface Prepared {
  draft: InvoiceDraft;
  issuer: IssuerProfile;
  credentials: SigningCredentials;
  computed: ComputedInvoice;
}

/** What can be refused before taking a number: the draft, the issuer settings, the key and the totals. */
async function prepare(
  organizationId: string,
  draftId: string,
  now: Date,
  cedula: string | undefined,
): Promise<{ ok: true; prepared: Prepared } | Extract<IssueOutcome, { ok: false }>> {
  const stored = await findInvoiceDraft(organizationId, draftId);
  if (!stored) return { ok: false, refusals: [notFoundRefusal(ISSUE_MESSAGES.notFound)] };
  if (stored.state !== "borrador") return { ok: false, refusals: [refusal(ISSUE_MESSAGES.alreadyIssued)] };
  const settings = await loadIssuerForSigning(organizationId, now);
  if (!settings) return { ok: false, settings: true, refusals: [refusal(ISSUER_NOT_READY.notConfigured)] };
  const issuer = settings.profile;
  if (cedula && issuer.identificacion.numero !== cedula)
    return {
      ok: false,
      settings: true,
      refusals: [refusal(ISSUE_MESSAGES.notTheOrganization(issuer.identificacion.numero, cedula))],
    };
  let credentials: SigningCredentials;
  try {
    credentials = settings.signing();
  } catch (error) {
    if (error instanceof IssuerNotReady) return { ok: false, settings: true, refusals: [error.refusal] };
    throw error;
  }
  let computed: ComputedInvoice;
  try {
    computed = computeInvoiceTotals(stored.draft);
  } catch (error) {
    if (error instanceof InvoiceTotalsError)
      return { ok: false, refusals: error.errors.map((message) => refusal(message)) };
    throw error;
  }
  return { ok: true, prepared: { draft: stored.draft, issuer, credentials, computed } };
}

async function issueIn(
  session: ClientSession,
  organizationId: string,
  draftId: string,
  userId: string,
  now: Date,
  { draft, issuer, credentials, computed }: Prepared,
): Promise<Extract<IssueOutcome, { ok: true }>> {
  const numero = await takeConsecutive(organizationId, draft.kind, session, {
    place: { sucursal: issuer.sucursal, terminal: issuer.terminal },
  });
  const consecutivo = buildConsecutivo({
    sucursal: Number(issuer.sucursal),
    terminal: Number(issuer.terminal),
    tipo: seriesInfo(seriesOf(draft.kind)).typeCode,
    numero,
  });
  const fechaEmision = costaRicaTimestamp(now);
  const clave = buildClave({
    fecha: fechaEmision,
    identificacion: issuer.identificacion.numero,
    consecutivo,
    codigoSeguridad: securityCode(),
  });
  const unsigned = writeInvoiceXml(issuer, draft, computed, { clave, consecutivo, fechaEmision });
  const signed = await signXadesEpes(unsigned, credentials, now);
  // The v4.4 schemas require ds:Signature, so the schema judges the signed document: the bytes that are sent.
  const validation = await validateInvoiceXml(signed, draft.kind);
  if (!validation.ok)
    throw new IssueAborted([refusal(`${ISSUE_MESSAGES.schema} ${validation.errors.slice(0, 5).join(" ")}`)]);

  // Stored exactly as an imported one would be: parsed back from its bytes, with our own import checks.
  const bytes = new TextEncoder().encode(signed);
  const parsed = parseDocument(bytes);
  if (!parsed.ok) throw new IssueAborted([refusal(`${ISSUE_MESSAGES.ownChecks} ${parsed.errors.join(" ")}`)]);
  if (parsed.warnings.length > 0 || parsed.document.kind === "MH")
    throw new IssueAborted([refusal(`${ISSUE_MESSAGES.ownChecks} ${parsed.warnings.join(" ")}`)]);
  const record = receiptRecordFrom(parsed.document as ElectronicReceipt, {
    organizationId,
    direction: "issued",
    fileName: `${clave}.xml`,
    bytes,
    xmlSha256: parsed.sha,
    warnings: [],
    importedBy: userId,
    importedAt: now,
    arrivedBy: "issued",
  });
  const inserted = await insertReceipts([record], session);
  // An import stored the same number after this transaction read the series: take the next one.
  if (inserted.consecutivoTaken.size > 0) throw new NumberTakenMeanwhile();
  if (inserted.duplicates.size > 0 || inserted.failures.size > 0)
    throw new IssueAborted([refusal(ISSUE_MESSAGES.notStored)]);

  const booking = await bookStoredReceiptIn(session, organizationId, record, { by: userId, now });
  if (booking.kind !== "contabilizado" && booking.kind !== "borrador")
    throw new IssueAborted([refusal(`${ISSUE_MESSAGES.notBooked} ${booking.message ?? ""}`.trim())]);

  const receiptId = String(record._id);
  await enqueueSubmission({ organizationId, receiptId, document: "comprobante" }, session);
  if (!(await markInvoiceDraftIssued(organizationId, draftId, record._id, userId, session)))
    throw new IssueAborted([refusal(ISSUE_MESSAGES.alreadyIssued)]);
  return {
    ok: true,
    receiptId,
    clave,
    consecutivo,
    booking: {
      kind: booking.kind,
      ...(booking.entryId ? { entryId: booking.entryId } : {}),
      ...(booking.number ? { number: booking.number } : {}),
    },
  };
}

/**
 * Issues the organization's borrador `draftId` as `userId`. Refusals (settings, key, totals, schema,
 * booking, already issued) come back in Spanish and leave nothing written.
 */
export async function issueInvoice(
  organizationId: string,
  draftId: string,
  userId: string,
  options: IssueOptions = {},
): Promise<IssueOutcome> {
  const now = options.now ?? new Date();
  const ready = await prepare(organizationId, draftId, now, options.organizationCedula);
  if (!ready.ok) return ready;
  let outcome: IssueOutcome;
  try {
    outcome = await withTransaction(
      (session) => issueIn(session, organizationId, draftId, userId, now, ready.prepared),
      ISSUE_RETRIES,
    );
  } catch (error) {
    if (error instanceof IssueAborted) return { ok: false, refusals: error.refusals };
    throw error;
  }
  if (outcome.ok)
    await syncOpenItems(organizationId, [outcome.receiptId]).catch((error: unknown) => {
      // The invoice is issued: the next import of the organization or the next start makes its item.
      console.error("open item of the issued invoice failed", error);
    });
  return outcome;
}
