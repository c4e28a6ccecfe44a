import type { Cents } from "../money";
import type { Amount } from "../money";
import type { HaciendaMessage, ReceiptKind } from "../hacienda/types";
import type { ReceiptFacts } from "../receipts/compact";

/** The receptor's answer to a received receipt (MensajeReceptor), as far as booking needs it. */
export interface ReceptorAnswerInput {
  /** 1 aceptado, 2 aceptado parcialmente, 3 rechazado. */
  mensaje: 1 | 2 | 3;
  condicionImpuesto?: string;
  /** In the document's currency. */
  montoTotalImpuestoAcreditar?: Amount;
}

/** Everything the plan reads about one receipt besides the organization's accounts and the rule. */
export interface BookingInput {
  /** The receipt as parsed, or its stored compact form (the same facts). */
  document: ReceiptFacts | HaciendaMessage;
  /** Whether the organization issued or received it (an FEC is issued by the buyer: a purchase either way). */
  direction: "issued" | "received";
  /** Hacienda's answer, when one was imported. */
  haciendaEstado?: "aceptado" | "parcial" | "rechazado";
  receptorAnswer?: ReceptorAnswerInput;
  /** For a credit note: the document it references, when it is among the organization's receipts. */
  referenced?: { kind: ReceiptKind; receptorAnswer?: ReceptorAnswerInput };
  /** The counterparty's own accounts, when the accountant set them on the customer or supplier. */
  partyAccounts?: PartyAccounts;
}

/** A customer's sales account and a supplier's purchase account (docs/spec/open-items.md §1). */
export interface PartyAccounts {
  sales?: string;
  purchase?: string;
}

export interface PlanLine {
  account: string;
  description: string;
  debit: Cents;
  credit: Cents;
  /** Impuesto/Codigo and CodigoTarifaIVA of IVA lines and of the sales or purchase base they go with. */
  taxCode?: string;
  taxRate?: string;
  /** Foreign-currency receipts: the line's amount in the document's currency. */
  currency?: string;
  foreignAmount?: Amount;
  /** The document's TipoCambio, when the line is in its foreign currency. */
  rate?: Amount;
}

/** The entry a receipt books to: every plan balances (Σ debit = Σ credit, in céntimos). */
export interface BookingPlan {
  /** `YYYY-MM-DD`: the Costa Rica day of FechaEmision. */
  date: string;
  description: string;
  reference: string;
  lines: PlanLine[];
  /** Post the entry (true) or leave a borrador. */
  post: boolean;
  rule: { id: string; version: number; name: string } | null;
  /** The expense side went to the "por clasificar" account: no rule matched. */
  unclassified: boolean;
}

/**
 * Why a receipt gets no entry: `no-contabilizable` for documents that are never booked (payment
 * receipts, Hacienda's messages), `rechazado` for rejected receipts, `error` for a receipt the plan
 * cannot book and a person must (the message says why).
 */
export type PlanRefusalReason = "no-contabilizable" | "rechazado" | "error";

export type PlanOutcome = { ok: true; plan: BookingPlan } | { ok: false; reason: PlanRefusalReason; message: string };

export interface PlanOptions {
  /** Post or leave as borrador when no rule says (import setting, or the person's choice). */
  post?: boolean;
}
