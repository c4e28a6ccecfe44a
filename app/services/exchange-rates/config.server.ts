/**
 * Where the daily rates come from (docs/domain/exchange-rates.md §2–§3, decision 250): the BCCR web
 * service when a subscription is configured, else Hacienda's public endpoint; addresses from the
 * environment so the tests point them at a stand-in.
 */
import type { RateCurrency } from "~/domain/exchange-rates";
import { getEnv } from "~/utils/env.server";

export interface BccrSubscription {
  /** The service address, without the method: `{url}/ObtenerIndicadoresEconomicosXML`. */
  url: string;
  name: string;
  email: string;
  token: string;
}

export type RateSourceConfig =
  | { kind: "bccr"; bccr: BccrSubscription; timeoutMs: number }
  /** `baseUrl` ends in "/": `{base}tc/dolar`, `{base}tc/dolar/historico`. */
  | { kind: "hacienda"; baseUrl: string; timeoutMs: number };

/** The euro always comes from Hacienda's `tc/euro` (decision 306); the dollar from the configured source. */
export function rateSourceConfig(currency: RateCurrency = "USD"): RateSourceConfig {
  const env = getEnv();
  const subscribed = env.BCCR_NAME && env.BCCR_EMAIL && env.BCCR_TOKEN;
  const kind = env.EXCHANGE_RATE_SOURCE ?? (subscribed ? "bccr" : "hacienda");
  if (kind === "bccr" && subscribed && currency === "USD") {
    return {
      kind,
      bccr: {
        url: env.BCCR_INDICATORS_URL.replace(/\/+$/, ""),
        name: env.BCCR_NAME!,
        email: env.BCCR_EMAIL!,
        token: env.BCCR_TOKEN!,
      },
      timeoutMs: env.EXCHANGE_RATE_TIMEOUT_MS,
    };
  }
  const base = env.HACIENDA_INDICATORS_URL;
  return { kind: "hacienda", baseUrl: base.endsWith("/") ? base : `${base}/`, timeoutMs: env.EXCHANGE_RATE_TIMEOUT_MS };
}
