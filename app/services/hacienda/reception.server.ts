/**
 * Hacienda's reception API (docs/domain/hacienda-api.md §3): `POST {base}recepcion` sends a signed document (202
 * means received; otherwise X-Error-Cause says why), `GET {base}recepcion/{clave}` tells where it stands
 * (`ind-estado`) and, once final, carries Hacienda's answer (`respuesta-xml`, a base64 MensajeHacienda).
 */
import type { HaciendaEndpoints } from "./config.server";
import { errorCauseOf, fetchWithDeadline, HaciendaRefusal, HaciendaUnavailable } from "./http.server";

export interface ReceptionParty {
  tipoIdentificacion: string;
  numeroIdentificacion: string;
}

export interface ReceptionRequest {
  clave: string;
  /** ISO 8601 with offset. */
  fecha: string;
  emisor: ReceptionParty;
  /** Omitted for a tiquete without receptor. */
  receptor?: ReceptionParty;
  /** Only when sending a MensajeReceptor. */
  consecutivoReceptor?: string;
  callbackUrl?: string;
  /** The signed XML, base64. */
  comprobanteXml: string;
}

export type PostOutcome = { received: true; alreadyReceived: boolean; httpStatus: number; errorCause?: string };

export interface ReceptionStatus {
  httpStatus: number;
  /** recibido, procesando, aceptado, rechazado, error … (null when Hacienda does not know the clave). */
  indEstado: string | null;
  /** Hacienda's answer (MensajeHacienda) bytes, when it sent one. */
  respuestaXml?: Buffer;
  errorCause?: string;
}

/** Sends the document. Throws HaciendaUnavailable (retry) or HaciendaRefusal (Hacienda said no). */
export async function postRecepcion(
  endpoints: HaciendaEndpoints,
  token: string,
  request: ReceptionRequest,
): Promise<PostOutcome> {
  const response = await fetchWithDeadline(
    `${endpoints.apiBase}recepcion`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(request),
    },
    endpoints.timeoutMs,
  );
  await response.arrayBuffer().catch(() => undefined);
  const errorCause = errorCauseOf(response);
  if (response.status === 202 || response.status === 201 || response.status === 200) {
    return {
      received: true,
      alreadyReceived: false,
      httpStatus: response.status,
      ...(errorCause ? { errorCause } : {}),
    };
  }
  if (errorCause && /recibido anteriormente/i.test(errorCause)) {
    return { received: true, alreadyReceived: true, httpStatus: response.status, errorCause };
  }
  if (response.status >= 500 || response.status === 401 || response.status === 429) {
    throw new HaciendaUnavailable(
      `Hacienda respondió HTTP ${response.status} al envío${errorCause ? `: ${errorCause}` : ""}.`,
      response.status,
    );
  }
  throw new HaciendaRefusal(
    errorCause ? `Hacienda rechazó el envío: ${errorCause}` : `Hacienda rechazó el envío (HTTP ${response.status}).`,
    response.status,
    errorCause,
  );
}

/** Where the document stands. A clave Hacienda does not know (yet) comes back with indEstado null. */
export async function getRecepcion(
  endpoints: HaciendaEndpoints,
  token: string,
  clave: string,
): Promise<ReceptionStatus> {
  const response = await fetchWithDeadline(
    `${endpoints.apiBase}recepcion/${encodeURIComponent(clave)}`,
    { method: "GET", headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } },
    endpoints.timeoutMs,
  );
  const errorCause = errorCauseOf(response);
  if (response.status === 404) {
    await response.arrayBuffer().catch(() => undefined);
    return { httpStatus: 404, indEstado: null, ...(errorCause ? { errorCause } : {}) };
  }
  if (response.status >= 500 || response.status === 401 || response.status === 429) {
    await response.arrayBuffer().catch(() => undefined);
    throw new HaciendaUnavailable(
      `Hacienda respondió HTTP ${response.status} a la consulta${errorCause ? `: ${errorCause}` : ""}.`,
      response.status,
    );
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body) {
    throw new HaciendaRefusal(
      errorCause
        ? `Hacienda rechazó la consulta: ${errorCause}`
        : `Hacienda rechazó la consulta (HTTP ${response.status}).`,
      response.status,
      errorCause,
    );
  }
  const estado = typeof body["ind-estado"] === "string" ? body["ind-estado"].trim().toLowerCase() : null;
  const respuesta = typeof body["respuesta-xml"] === "string" ? body["respuesta-xml"] : undefined;
  return {
    httpStatus: response.status,
    indEstado: estado,
    ...(respuesta ? { respuestaXml: Buffer.from(respuesta, "base64") } : {}),
    ...(errorCause ? { errorCause } : {}),
  };
}
