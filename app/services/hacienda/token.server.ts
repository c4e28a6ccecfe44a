/**
 * Tokens of Hacienda's identity provider (Keycloak, OpenID Connect password grant; docs/domain/hacienda-api.md §2).
 * A token is asked with the API user and password, renewed with its refresh token, and kept in this
 * process's memory only (a token is cheap to ask again; the queue itself never lives in memory).
 */
import { createHash } from "node:crypto";
import type { HaciendaEndpoints } from "./config.server";
import { errorCauseOf, fetchWithDeadline, HaciendaRefusal, HaciendaUnavailable } from "./http.server";

export interface HaciendaAccount {
  username: string;
  password: string;
}

interface CachedToken {
  accessToken: string;
  expiresAt: number;
  refreshToken?: string;
  refreshExpiresAt: number;
}

// Tokens expire in minutes; renew a little early so a request never leaves with a token about to die.
const EARLY_MS = 30_000;

const cache = new Map<string, CachedToken>();

function cacheKey(endpoints: HaciendaEndpoints, account: HaciendaAccount): string {
  // The password is part of the key so that changing it in the settings asks for a new token.
  const secret = createHash("sha256").update(account.password).digest("hex").slice(0, 16);
  return `${endpoints.tokenUrl}|${endpoints.clientId}|${account.username}|${secret}`;
}

async function askToken(endpoints: HaciendaEndpoints, fields: Record<string, string>): Promise<CachedToken> {
  const response = await fetchWithDeadline(
    endpoints.tokenUrl,
    {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ client_id: endpoints.clientId, client_secret: "", ...fields }).toString(),
    },
    endpoints.timeoutMs,
  );
  if (response.status >= 500) {
    throw new HaciendaUnavailable(
      `El servicio de autenticación de Hacienda falló (HTTP ${response.status}).`,
      response.status,
    );
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || typeof body.access_token !== "string") {
    const detail = typeof body?.error_description === "string" ? body.error_description : errorCauseOf(response);
    throw new HaciendaRefusal(
      `Hacienda rechazó el usuario o la contraseña de la API (HTTP ${response.status}${detail ? `: ${detail}` : ""}).`,
      response.status,
      detail,
    );
  }
  const now = Date.now();
  const seconds = (value: unknown, fallback: number) => (typeof value === "number" && value > 0 ? value : fallback);
  return {
    accessToken: body.access_token,
    expiresAt: now + seconds(body.expires_in, 300) * 1000,
    ...(typeof body.refresh_token === "string" ? { refreshToken: body.refresh_token } : {}),
    refreshExpiresAt: now + seconds(body.refresh_expires_in, 0) * 1000,
  };
}

/** A valid access token: the cached one, a refreshed one, or a new one from the user and password. */
export async function accessToken(endpoints: HaciendaEndpoints, account: HaciendaAccount): Promise<string> {
  const key = cacheKey(endpoints, account);
  const now = Date.now();
  const cached = cache.get(key);
  if (cached && cached.expiresAt - EARLY_MS > now) return cached.accessToken;
  if (cached?.refreshToken && cached.refreshExpiresAt - EARLY_MS > now) {
    try {
      const renewed = await askToken(endpoints, { grant_type: "refresh_token", refresh_token: cached.refreshToken });
      cache.set(key, renewed);
      return renewed.accessToken;
    } catch (error) {
      // A refused refresh token (revoked, session ended) is replaced by a password grant below.
      if (!(error instanceof HaciendaRefusal)) throw error;
    }
  }
  cache.delete(key);
  const fresh = await askToken(endpoints, {
    grant_type: "password",
    username: account.username,
    password: account.password,
  });
  cache.set(key, fresh);
  return fresh.accessToken;
}

/** Forgets the token (Hacienda answered 401 with it). */
export function forgetToken(endpoints: HaciendaEndpoints, account: HaciendaAccount): void {
  cache.delete(cacheKey(endpoints, account));
}

/** Forgets every cached token (tests). */
export function forgetAllTokens(): void {
  cache.clear();
}
