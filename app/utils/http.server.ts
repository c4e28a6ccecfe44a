import { json } from "@remix-run/node";
import type { Refusal } from "~/domain/refusal";

/**
 * The HTTP refusals, all with the same body ({ message } in Spanish). Thrown from a loader or action
 * they reach the nearest ErrorBoundary, which shows the message.
 */
function refuse(status: number, message: string): Response {
  return json<Refusal>({ message }, { status });
}

export const badRequest = (message = "La solicitud no es válida.") => refuse(400, message);
export const forbidden = (message = "No tiene permiso para hacer esto.") => refuse(403, message);
export const notFound = (message = "No encontrado") => refuse(404, message);
export const payloadTooLarge = (message = "El envío es demasiado grande.") => refuse(413, message);
