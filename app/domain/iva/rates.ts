/**
 * The rate groups of the monthly IVA return, in the order of Hacienda's form 150 (D-104 under
 * TRIBU-CR, organized by rate): general 13 %, the reduced rates, the transitional ones, 0 % with
 * credit, exempt, 0 % without credit, and lines that carry no IVA at all (no sujeto).
 */
import { IVA_RATE_CODES } from "../hacienda/codes";

/** A CodigoTarifaIVA ("08") or "sin-iva" for a line with no IVA tax. */
export type RateGroupKey = string;

export const NO_IVA_GROUP = "sin-iva";

const ORDER: readonly string[] = ["08", "04", "03", "02", "09", "06", "07", "05", "01", "10", "11", NO_IVA_GROUP];

export function rateGroupOrder(key: RateGroupKey): number {
  const index = ORDER.indexOf(key);
  return index < 0 ? ORDER.length : index;
}

export function compareRateGroups(a: RateGroupKey, b: RateGroupKey): number {
  return rateGroupOrder(a) - rateGroupOrder(b) || a.localeCompare(b);
}

export function rateGroupLabel(key: RateGroupKey): string {
  if (key === NO_IVA_GROUP) return "No sujeto (sin IVA)";
  const known = IVA_RATE_CODES[key];
  return known ? `${known.label} (${key})` : `Tarifa ${key}`;
}

/** The rate as a percent text ("13", "0.5"), or "" for the group without IVA. */
export function rateGroupPercent(key: RateGroupKey): string {
  return IVA_RATE_CODES[key]?.rate ?? "";
}

const CODE_BY_PERCENT: Readonly<Record<string, string>> = { "13": "08", "4": "04", "2": "03", "1": "02", "0.5": "09" };

/** A 4.3 line may give only the Tarifa: the code of that rate ("13.00" → "08"); 0 % reads as exempt. */
export function rateCodeOf(codigoTarifa: string | undefined, tarifa: string | undefined): RateGroupKey {
  if (codigoTarifa) return codigoTarifa;
  let percent = (tarifa ?? "").trim();
  if (percent.includes(".")) percent = percent.replace(/0+$/, "").replace(/\.$/, "");
  if (percent === "" || percent === "0") return "10";
  return CODE_BY_PERCENT[percent] ?? `tarifa-${percent}`;
}
