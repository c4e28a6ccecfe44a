/**
 * Where an organization's documents go: Hacienda's sandbox ("pruebas") or production, with the
 * documented addresses as defaults (docs/domain/hacienda-api.md §2–§3), each overridable in the environment.
 */
import { getEnv } from "~/utils/env.server";

export type HaciendaEnvironment = "pruebas" | "produccion";

export interface HaciendaEndpoints {
  environment: HaciendaEnvironment;
  tokenUrl: string;
  clientId: "api-stag" | "api-prod";
  /** The reception API's base, ending in "/": `{base}recepcion`, `{base}recepcion/{clave}`. */
  apiBase: string;
  timeoutMs: number;
}

function withSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}

export function haciendaEndpoints(environment: HaciendaEnvironment): HaciendaEndpoints {
  const env = getEnv();
  return environment === "produccion"
    ? {
        environment,
        tokenUrl: env.HACIENDA_PRODUCCION_TOKEN_URL,
        clientId: "api-prod",
        apiBase: withSlash(env.HACIENDA_PRODUCCION_API_URL),
        timeoutMs: env.HACIENDA_TIMEOUT_MS,
      }
    : {
        environment,
        tokenUrl: env.HACIENDA_PRUEBAS_TOKEN_URL,
        clientId: "api-stag",
        apiBase: withSlash(env.HACIENDA_PRUEBAS_API_URL),
        timeoutMs: env.HACIENDA_TIMEOUT_MS,
      };
}
