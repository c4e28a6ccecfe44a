/**
 * The two ways a conversation with Hacienda fails: it did not happen or did not finish (network,
 * timeout, 5xx — try again later), or Hacienda refused (its reason, usually in X-Error-Cause).
 */

/** Hacienda could not be reached, did not answer in time, or failed on its side: worth retrying. */
export class HaciendaUnavailable extends Error {
  override name = "HaciendaUnavailable";
  constructor(
    message: string,
    readonly httpStatus?: number,
    /** True when the request may have reached Hacienda (a timeout or a cut connection after sending). */
    readonly uncertain = false,
  ) {
    super(message);
  }
}

/** Hacienda answered and refused; retrying the same request will not help. */
export class HaciendaRefusal extends Error {
  override name = "HaciendaRefusal";
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly errorCause?: string,
  ) {
    super(message);
  }
}

/** fetch with a deadline; failures become HaciendaUnavailable in Spanish. */
export async function fetchWithDeadline(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new HaciendaUnavailable(`Hacienda no respondió en ${Math.round(timeoutMs / 1000)} s.`, undefined, true);
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new HaciendaUnavailable(`No se pudo conectar con Hacienda${cause ? ` (${cause})` : ""}.`, undefined, true);
  }
}

/** The X-Error-Cause header, when Hacienda sent one. */
export function errorCauseOf(response: Response): string | undefined {
  const cause = response.headers.get("x-error-cause");
  return cause ? cause.trim() : undefined;
}
