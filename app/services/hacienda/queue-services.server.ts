/**
 * What the sending queue needs from the rest of the app: the organization's API account and signing
 * key (issuer settings), the signer, and the invoice's PDF. Tests pass their own.
 */
import type { ReceiptRecord } from "~models/receipt";
import { signXadesEpes, type SigningCredentials } from "~/services/invoicing/sign.server";
import {
  ISSUER_NOT_READY,
  loadHaciendaAccount,
  loadSigningCredentials,
} from "~/services/issuer/issuer-settings.server";
import { renderInvoicePdf } from "~/services/pdf/invoice-pdf.server";
import type { HaciendaEnvironment } from "./config.server";

export const MISSING_KEY_MESSAGE = "Falta la llave criptográfica de la organización";

/** The reason a MensajeReceptor cannot be signed, from the issuer settings' refusal. */
export function signingRefusalReason(detail: string): string {
  if (!detail || detail === MISSING_KEY_MESSAGE) return MISSING_KEY_MESSAGE;
  if (detail === ISSUER_NOT_READY.noKey || detail === ISSUER_NOT_READY.notConfigured) {
    return `${MISSING_KEY_MESSAGE}. ${detail}`;
  }
  return detail;
}

export interface QueueServices {
  loadHaciendaAccount(
    organizationId: string,
  ): Promise<{ environment: HaciendaEnvironment; username: string; password: string } | null>;
  /** Throws (a Spanish message) when the organization has no usable key. */
  loadSigningCredentials(organizationId: string): Promise<SigningCredentials>;
  signXadesEpes(xml: string, credentials: SigningCredentials): Promise<string>;
  /** The invoice's graphic representation, or null while it cannot be rendered (the e-mail waits). */
  renderInvoicePdf(receipt: ReceiptRecord): Promise<Buffer | null>;
}

export const defaultQueueServices: QueueServices = {
  loadHaciendaAccount: (organizationId) => loadHaciendaAccount(organizationId),
  loadSigningCredentials: (organizationId) => loadSigningCredentials(organizationId),
  signXadesEpes: (xml, credentials) => signXadesEpes(xml, credentials),
  renderInvoicePdf: async (receipt) => Buffer.from(await renderInvoicePdf(receipt)),
};
