/**
 * What the sending queue needs from the rest of the app: the organization's API account and signing
 * key (issuer settings), the signer, and the invoice's PDF. Tests pass their own.
 */
import type { ReceiptRecord } from "~models/receipt";
import { signXadesEpes, type SigningCredentials } from "~/services/invoicing/sign.server";
import type { HaciendaEnvironment } from "./config.server";

export const MISSING_KEY_MESSAGE = "Falta la llave criptográfica de la organización";

export interface QueueServices {
  loadHaciendaAccount(
    organizationId: string,
  ): Promise<{ environment: HaciendaEnvironment; username: string; password: string } | null>;
  /** Throws (a Spanish message) when the organization has no usable key. */
  loadSigningCredentials(organizationId: string): Promise<SigningCredentials>;
  signXadesEpes(xml: string, credentials: SigningCredentials): Promise<string>;
  /** The invoice's graphic representation, or null while the app cannot render it (the e-mail waits). */
  renderInvoicePdf(receipt: ReceiptRecord): Promise<Buffer | null>;
}

type Loaded<T> = { [K in keyof T]?: unknown };

/**
 * A module of another part of the app loaded only when it is there: the queue must keep working
 * (and keep the e-mail waiting, never skipping it) while a part it uses is not installed.
 */
async function optionalModule<T>(specifier: string): Promise<Loaded<T> | null> {
  try {
    return (await import(/* @vite-ignore */ specifier)) as Loaded<T>;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || /Cannot find module|Failed to load url/i.test(String(error))) return null;
    throw error;
  }
}

const ISSUER_MODULES = [
  "../issuer/issuer-settings.server",
  "../issuer/signing.server",
  "../issuer/hacienda-account.server",
];

async function issuerFunction<F>(name: string): Promise<F | null> {
  for (const specifier of ISSUER_MODULES) {
    const loaded = await optionalModule<Record<string, unknown>>(specifier);
    const found = loaded?.[name];
    if (typeof found === "function") return found as F;
  }
  return null;
}

export const defaultQueueServices: QueueServices = {
  async loadHaciendaAccount(organizationId) {
    const load = await issuerFunction<QueueServices["loadHaciendaAccount"]>("loadHaciendaAccount");
    return load ? load(organizationId) : null;
  },
  async loadSigningCredentials(organizationId) {
    const load = await issuerFunction<QueueServices["loadSigningCredentials"]>("loadSigningCredentials");
    if (!load) throw new Error(MISSING_KEY_MESSAGE);
    return load(organizationId);
  },
  signXadesEpes: (xml, credentials) => signXadesEpes(xml, credentials),
  async renderInvoicePdf(receipt) {
    const loaded = await optionalModule<{ renderInvoicePdf: unknown }>("../pdf/invoice-pdf.server");
    const render = loaded?.renderInvoicePdf as ((receipt: ReceiptRecord) => Promise<Buffer | Uint8Array>) | undefined;
    if (typeof render !== "function") return null;
    return Buffer.from(await render(receipt));
  },
};
