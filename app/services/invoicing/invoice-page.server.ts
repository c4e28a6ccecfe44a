/**
 * What /admin/invoice/:invoiceID? shows: the form's values (a new invoice, a saved borrador, or one
 * prefilled from a GET step: a counterparty chosen from the search, or a note against an issued
 * invoice), what the form offers to pick, the totals of a saved draft, and an issued one's status.
 */
import { formatDateTime } from "~/domain/calendar";
import { SUBMISSION_STATUS_LABELS } from "~/domain/hacienda-queue/status";
import { computeInvoiceTotals, InvoiceTotalsError } from "~/domain/hacienda/invoice-totals";
import { formValuesOf, INVOICE_KIND_LABELS, newInvoiceDefaults } from "~/domain/invoicing/form";
import { invoiceStateLabel } from "~/domain/invoicing/state-label";
import { sentenceCase } from "~/domain/text";
import { totalsView, type TotalsView } from "~/domain/invoicing/totals-view";
import type { InvoiceDraft } from "~/domain/invoicing/types";
import { formatMoney } from "~/domain/money";
import { submissionStatuses } from "~/services/hacienda/queue.server";
import { loadIssuerProfile } from "~/services/issuer/issuer-settings.server";
import { findReceipt } from "~models/receipt";
import { invoiceRate } from "./invoice-rate.server";
import {
  cabysSuggestions,
  issuedReferences,
  listDrafts,
  loadDraft,
  searchCounterparties,
  type InvoiceDraftDocument,
} from "./drafts.server";
import type { DraftSummary, InvoicePage, IssuedView } from "~/domain/invoicing/view";

export function totalsOf(draft: InvoiceDraft): TotalsView | null {
  try {
    return totalsView(computeInvoiceTotals(draft), draft.moneda);
  } catch (error) {
    if (error instanceof InvoiceTotalsError) return null;
    throw error;
  }
}

async function issuedView(organizationId: string, stored: InvoiceDraftDocument): Promise<IssuedView | null> {
  if (!stored.issuedReceiptId) return null;
  const receipt = await findReceipt(organizationId, stored.issuedReceiptId);
  if (!receipt) return null;
  const status = (await submissionStatuses(organizationId, [stored.issuedReceiptId])).get(stored.issuedReceiptId);
  return {
    receiptId: stored.issuedReceiptId,
    clave: receipt.clave,
    consecutivo: receipt.consecutivo,
    fechaEmision: formatDateTime(receipt.fechaEmision),
    status: status?.status ?? null,
    statusLabel: status ? SUBMISSION_STATUS_LABELS[status.status] : "Sin enviar",
    ...(status?.reason ? { reason: status.reason } : {}),
    total: formatMoney(receipt.totals.totalComprobante, receipt.moneda),
  };
}

/** The defaults a GET step asks for: a counterparty as receptor, or a note against an issued draft. */
async function prefilled(
  organizationId: string,
  base: Record<string, unknown>,
  params: URLSearchParams,
): Promise<Record<string, unknown>> {
  let values = base;
  const note = params.get("nota");
  const from = params.get("de");
  if ((note === "NC" || note === "ND") && from) {
    const source = await loadDraft(organizationId, from);
    if (source?.issuedReceiptId) {
      values = {
        ...formValuesOf(source.draft),
        kind: note,
        referenceReceiptId: source.issuedReceiptId,
        referenceClave: "",
        referenceFecha: "",
        referenceCodigo: note === "NC" ? "01" : "04",
        referenceRazon: "",
      };
    }
  }
  const receptor = params.get("receptor");
  if (receptor) {
    const [found] = (await searchCounterparties(organizationId, receptor, 20)).filter((c) => c.numero === receptor);
    if (found)
      values = {
        ...values,
        receptorTipo: found.tipo,
        receptorNumero: found.numero,
        receptorNombre: found.nombre,
        receptorCorreo: found.correo ?? "",
      };
  }
  return values;
}

export async function invoicePage(
  organizationId: string,
  stored: InvoiceDraftDocument | null,
  params: URLSearchParams,
): Promise<InvoicePage> {
  const query = (params.get("buscar") ?? "").trim().slice(0, 100);
  const [references, cabys, results, issuer, recent, issued, exchangeRate] = await Promise.all([
    issuedReferences(organizationId),
    cabysSuggestions(organizationId),
    query ? searchCounterparties(organizationId, query) : Promise.resolve(null),
    loadIssuerProfile(organizationId),
    stored ? Promise.resolve([]) : listDrafts(organizationId),
    stored ? issuedView(organizationId, stored) : Promise.resolve(null),
    stored?.state === "emitido" ? Promise.resolve(null) : invoiceRate(),
  ]);
  const base = stored ? formValuesOf(stored.draft, stored.referenceReceiptId) : newInvoiceDefaults();
  return {
    draft: stored
      ? {
          id: stored.id,
          state: stored.state,
          kindLabel: INVOICE_KIND_LABELS[stored.draft.kind],
          stateLabel: invoiceStateLabel(stored.draft.kind, stored.state),
        }
      : null,
    defaults: stored?.state === "emitido" ? base : await prefilled(organizationId, base, params),
    totals: stored ? totalsOf(stored.draft) : null,
    issued,
    references,
    cabys,
    search: results ? { query, results } : null,
    issuerReady: issuer !== null,
    recent: recent.slice(0, 10).map((draft) => ({
      id: draft.id,
      state: draft.state,
      stateLabel: sentenceCase(invoiceStateLabel(draft.draft.kind, draft.state)),
      label: INVOICE_KIND_LABELS[draft.draft.kind],
      receptor: draft.draft.receptor?.nombre ?? "Sin receptor",
      updatedAt: formatDateTime(draft.updatedAt),
    })),
    exchangeRate,
  };
}

export type { DraftSummary, InvoicePage, IssuedView };
