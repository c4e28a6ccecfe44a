/**
 * The two ways asking a rate source fails: it could not be asked (network, timeout, an HTTP error —
 * try again later, meanwhile the last known rate serves), or it answered something that is not the
 * documented answer.
 */

export class RateSourceUnavailable extends Error {
  override name = "RateSourceUnavailable";
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export class RateAnswerInvalid extends Error {
  override name = "RateAnswerInvalid";
}

/** Largest answer body read from a source. */
export const MAX_ANSWER_BYTES = 1_000_000;

async function readLimited(response: Response, source: string): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_ANSWER_BYTES) throw new RateAnswerInvalid(`La respuesta de ${source} es demasiado grande.`);
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new RateAnswerInvalid(`La respuesta de ${source} es demasiado grande.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** GET with a deadline; the body as text, or RateSourceUnavailable in Spanish. */
export async function getText(url: string, timeoutMs: number, source: string): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: "application/json, text/xml, application/xml" } });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new RateSourceUnavailable(`${source} no respondió en ${Math.round(timeoutMs / 1000)} s.`);
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new RateSourceUnavailable(`No se pudo conectar con ${source}${cause ? ` (${cause})` : ""}.`);
  }
  try {
    if (!response.ok) {
      await response.body?.cancel();
      throw new RateSourceUnavailable(`${source} respondió con el error HTTP ${response.status}.`, response.status);
    }
    return await readLimited(response, source);
  } catch (error) {
    if (error instanceof RateSourceUnavailable || error instanceof RateAnswerInvalid) throw error;
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new RateSourceUnavailable(`${source} no respondió en ${Math.round(timeoutMs / 1000)} s.`);
    }
    throw new RateSourceUnavailable(`La respuesta de ${source} se interrumpió.`);
  }
}
