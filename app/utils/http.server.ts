import { json } from "@remix-run/node";
import type { Refusal, RefusalKind, Result } from "~/domain/refusal";

/**
 * The HTTP refusals, all with the same body ({ message } in Spanish). Thrown from a loader or action
 * they reach the nearest ErrorBoundary, which shows the message. Services never build them: they return
 * refusals, and the route turns those into a response here (decision 260).
 */
function refuse(status: number, message: string): Response {
  return json<Refusal>({ message }, { status });
}

export const badRequest = (message = "La solicitud no es válida.") => refuse(400, message);
export const forbidden = (message = "No tiene permiso para hacer esto.") => refuse(403, message);
export const notFound = (message = "No encontrado") => refuse(404, message);
export const payloadTooLarge = (message = "El envío es demasiado grande.") => refuse(413, message);

const STATUS_OF_KIND: Record<RefusalKind, number> = {
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "too-many": 429,
  unavailable: 502,
};

/** The status for a service's refusals: the first one's kind that names one, else 400 (invalid input). */
export function refusalStatus(refusals: Refusal | readonly Refusal[]): number {
  const list: readonly Refusal[] = Array.isArray(refusals) ? refusals : [refusals as Refusal];
  const kind = list.find((candidate) => candidate.kind !== undefined)?.kind;
  return kind === undefined ? 400 : STATUS_OF_KIND[kind];
}

/** The response for a refusal that ends the request: its status and the first refusal's message. */
export function refusalResponse(refusals: Refusal | readonly Refusal[]): Response {
  const list: readonly Refusal[] = Array.isArray(refusals) ? refusals : [refusals as Refusal];
  return refuse(refusalStatus(list), list[0]?.message ?? "La solicitud no es válida.");
}

/** What the service found, or (thrown, for the ErrorBoundary) the response for its refusal. */
export function valueOrRefusal<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw refusalResponse(result.refusals);
}

/**
 * A form's refusals that concern the page itself (not found, forbidden) end the request for the
 * ErrorBoundary; the others go back to the form beside its fields, so this returns and the caller replies.
 */
export function throwIfPageRefused(refusals: readonly Refusal[]): void {
  const status = refusalStatus(refusals);
  if (status === 403 || status === 404) throw refusalResponse(refusals);
}
