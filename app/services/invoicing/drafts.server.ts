/**
 * Invoice drafts of an organization (the /admin/invoice form): create, change while borrador, load and
 * list, plus what the form offers to pick from the organization's own receipts: counterparties (the
 * receptor), issued documents (the reference of an NC/ND) and CABYS codes already used.
 */
import type { CabysSuggestion, Counterparty, PickedReference } from "~/domain/invoicing/view";
import { Types } from "mongoose";
import type { InvoiceFormValues } from "~/domain/invoicing/form";
import { readInvoiceForm } from "~/domain/invoicing/form";
import type { InvoiceDraft } from "~/domain/invoicing/types";
import { notFoundRefusal, refusal, type Refusal } from "~/domain/refusal";
import { searchText } from "~/domain/text";
import {
  findInvoiceDraft,
  insertInvoiceDraft,
  listInvoiceDrafts,
  replaceInvoiceDraft,
  type InvoiceDraftDocument,
} from "~models/invoice-draft";
import { Receipt, receiptXmlBytes } from "~models/receipt";
import { parseDocument } from "~/services/receipts/parse-document.server";

export type { InvoiceDraftDocument };

export const DRAFT_MESSAGES = {
  notFound: "Factura no encontrada",
  issued: "Esta factura ya se emitió; no se puede modificar.",
  referenceNotFound: "El documento de referencia no es un comprobante emitido por esta organización.",
} as const;

export type DraftOutcome = { ok: true; draft: InvoiceDraftDocument } | { ok: false; refusals: Refusal[] };

/** ISO date-time with Costa Rica's offset, as the referenced document's FechaEmision. */
function costaRicaDateTime(date: Date): string {
  const local = new Date(date.getTime() - 6 * 3600_000).toISOString().slice(0, 19);
  return `${local}-06:00`;
}

/**
 * The organization's issued FE/TE/NC/ND an NC or ND may reference (newest first), optionally filtered
 * by consecutivo, clave or receptor.
 */
export async function issuedReferences(organizationId: string, limit = 50): Promise<PickedReference[]> {
  const receipts = await Receipt.find(
    { organizationId, direction: "issued", kind: { $in: ["FE", "TE", "NC", "ND"] } },
    { clave: 1, fechaEmision: 1, consecutivo: 1, kind: 1, counterpart: 1 },
  )
    .sort({ fechaEmision: -1 })
    .limit(limit)
    .lean();
  return receipts.map((receipt) => ({
    receiptId: String(receipt._id),
    clave: receipt.clave,
    fechaEmision: costaRicaDateTime(receipt.fechaEmision),
    consecutivo: receipt.consecutivo,
    kind: receipt.kind,
    receptor: receipt.counterpart.nombre,
  }));
}

async function pickedReference(organizationId: string, receiptId: string): Promise<PickedReference | null> {
  if (!/^[0-9a-f]{24}$/i.test(receiptId)) return null;
  const receipt = await Receipt.findOne(
    { _id: new Types.ObjectId(receiptId), organizationId, direction: "issued" },
    { clave: 1, fechaEmision: 1, consecutivo: 1, kind: 1, counterpart: 1 },
  ).lean();
  if (!receipt) return null;
  return {
    receiptId,
    clave: receipt.clave,
    fechaEmision: costaRicaDateTime(receipt.fechaEmision),
    consecutivo: receipt.consecutivo,
    kind: receipt.kind,
    receptor: receipt.counterpart.nombre,
  };
}

export type DraftReading =
  { ok: true; draft: InvoiceDraft; referenceReceiptId?: string } | { ok: false; refusals: Refusal[] };

/**
 * The posted form as a draft: a picked issued document fills the reference's clave and date (the
 * organization's own only); then the pure reading judges every field.
 */
export async function readDraftForm(organizationId: string, values: InvoiceFormValues): Promise<DraftReading> {
  let posted = values;
  const kind = values.kind;
  if ((kind === "NC" || kind === "ND") && values.referenceReceiptId) {
    const picked = await pickedReference(organizationId, values.referenceReceiptId);
    if (!picked) return { ok: false, refusals: [refusal(DRAFT_MESSAGES.referenceNotFound, "referenceReceiptId")] };
    posted = { ...values, referenceClave: picked.clave, referenceFecha: picked.fechaEmision };
  } else if (values.referenceReceiptId) {
    posted = { ...values, referenceReceiptId: undefined };
  }
  return readInvoiceForm(posted);
}

export async function createDraft(
  organizationId: string,
  userId: string,
  values: InvoiceFormValues,
): Promise<DraftOutcome> {
  const reading = await readDraftForm(organizationId, values);
  if (!reading.ok) return reading;
  return {
    ok: true,
    draft: await insertInvoiceDraft(organizationId, reading.draft, userId, reading.referenceReceiptId),
  };
}

export async function updateDraft(
  organizationId: string,
  id: string,
  values: InvoiceFormValues,
): Promise<DraftOutcome> {
  const existing = await findInvoiceDraft(organizationId, id);
  if (!existing) return { ok: false, refusals: [notFoundRefusal(DRAFT_MESSAGES.notFound)] };
  if (existing.state !== "borrador") return { ok: false, refusals: [refusal(DRAFT_MESSAGES.issued)] };
  const reading = await readDraftForm(organizationId, values);
  if (!reading.ok) return reading;
  if (!(await replaceInvoiceDraft(organizationId, id, reading.draft, reading.referenceReceiptId)))
    return { ok: false, refusals: [refusal(DRAFT_MESSAGES.issued)] };
  return { ok: true, draft: (await findInvoiceDraft(organizationId, id))! };
}

export async function loadDraft(organizationId: string, id: string): Promise<InvoiceDraftDocument | null> {
  return findInvoiceDraft(organizationId, id);
}

export async function listDrafts(organizationId: string): Promise<InvoiceDraftDocument[]> {
  return listInvoiceDrafts(organizationId);
}

const COUNTERPARTY_SCAN = 2_000;

/**
 * People and companies the organization already dealt with (receptores of its issued receipts, emisores
 * of its received ones), newest first, matching the name or the cédula typed.
 */
export async function searchCounterparties(organizationId: string, query: string, limit = 20): Promise<Counterparty[]> {
  const text = searchText(query);
  const digits = query.replace(/\D/g, "");
  const filter: Record<string, unknown> = { organizationId, "counterpart.numero": { $exists: true } };
  if (text || digits) {
    const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    filter.$or = [
      ...(text ? [{ "counterpart.search": { $regex: escape(text) } }] : []),
      ...(digits ? [{ "counterpart.numero": { $regex: escape(digits) } }] : []),
    ];
  }
  const receipts = await Receipt.find(filter, { direction: 1, emisor: 1, receptor: 1, counterpart: 1 })
    .sort({ fechaEmision: -1 })
    .limit(COUNTERPARTY_SCAN)
    .lean();
  const found = new Map<string, Counterparty>();
  for (const receipt of receipts) {
    const party = receipt.direction === "issued" ? receipt.receptor : receipt.emisor;
    if (!party?.numero || !party.tipo || found.has(party.numero)) continue;
    found.set(party.numero, {
      nombre: party.nombre,
      tipo: party.tipo,
      numero: party.numero,
      ...(party.correo ? { correo: party.correo } : {}),
    });
    if (found.size >= limit) break;
  }
  return [...found.values()];
}

const CABYS_SCAN = 200;

/** CABYS codes of the organization's most recent receipts (and its drafts), each with a detalle it used. */
export async function cabysSuggestions(organizationId: string, limit = 50): Promise<CabysSuggestion[]> {
  const found = new Map<string, string>();
  for (const draft of await listInvoiceDrafts(organizationId, 50))
    for (const line of draft.draft.lines) if (!found.has(line.cabys)) found.set(line.cabys, line.detalle);
  const receipts = await Receipt.find({ organizationId }, { xml: 1 })
    .sort({ fechaEmision: -1 })
    .limit(CABYS_SCAN)
    .lean();
  for (const receipt of receipts) {
    if (found.size >= limit) break;
    const parsed = parseDocument(receiptXmlBytes(receipt.xml));
    if (!parsed.ok || parsed.document.kind === "MH") continue;
    for (const line of parsed.document.lines)
      if (line.cabys && /^\d{13}$/.test(line.cabys) && !found.has(line.cabys)) found.set(line.cabys, line.detalle);
  }
  return [...found].slice(0, limit).map(([cabys, detalle]) => ({ cabys, detalle }));
}

export type { CabysSuggestion, Counterparty, PickedReference };
