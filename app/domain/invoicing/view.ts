/**
 * What the invoice page receives from its loader and its action, as plain JSON-safe data: the types
 * the page's components are written against (the services build them).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { TotalsView } from "./totals-view";
import type { SubmissionStatus } from "./types";

/** One of the organization's issued documents an NC/ND may reference. */
export interface PickedReference {
  receiptId: string;
  clave: string;
  fechaEmision: string;
  consecutivo: string;
  kind: string;
  receptor: string;
}

/** A person or company the organization already dealt with. */
export interface Counterparty {
  nombre: string;
  tipo: string;
  numero: string;
  correo?: string;
}

export interface CabysSuggestion {
  cabys: string;
  detalle: string;
}

export interface IssuedView {
  receiptId: string;
  clave: string;
  consecutivo: string;
  fechaEmision: string;
  status: SubmissionStatus | null;
  statusLabel: string;
  reason?: string;
  total: string;
}

export interface DraftSummary {
  id: string;
  state: "borrador" | "emitido";
  stateLabel: string;
  label: string;
  receptor: string;
  updatedAt: string;
}

/** The dollar's rate the form fills TipoCambio with when the user chooses USD and leaves it blank. */
export interface InvoiceRateView {
  currency: "USD";
  /** As the field shows it ("512,34"); empty when no rate is known. */
  text: string;
  /** «Venta de referencia del 26/11/2026: ₡512,34». */
  hint: string;
  /** When the rate is only the last known one, or none is known. */
  warning: string | null;
}

export interface InvoicePage {
  draft: { id: string; state: "borrador" | "emitido"; kindLabel: string; stateLabel: string } | null;
  defaults: Record<string, unknown>;
  totals: TotalsView | null;
  issued: IssuedView | null;
  references: PickedReference[];
  cabys: CabysSuggestion[];
  search: { query: string; results: Counterparty[] } | null;
  issuerReady: boolean;
  recent: DraftSummary[];
  exchangeRate: InvoiceRateView | null;
}

/** The loader's answer: the page and the organization it is for. */
export type InvoicePageData = InvoicePage & { organization: { cedula: string; name: string } };

/** The action's answer: conform's reply, with the totals of «Recalcular» and a pointer to the settings. */
export type InvoiceActionData = SubmissionResult<string[]> & { totals?: TotalsView | null; settings?: boolean };
