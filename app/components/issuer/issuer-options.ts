import { PROVINCES, cantonName, districtName } from "~/domain/hacienda/territory";
import { HACIENDA_ENVIRONMENTS } from "~/domain/issuer/issuer-form";

export const PROVINCE_OPTIONS = [
  { value: "", label: "Seleccione…" },
  ...Object.entries(PROVINCES).map(([value, label]) => ({ value, label: `${value} · ${label}` })),
];
export const ENVIRONMENT_OPTIONS = Object.entries(HACIENDA_ENVIRONMENTS).map(([value, label]) => ({ value, label }));

/** «Carmen, San José, San José» for the stored codes, or null while they name no district. */
export function placeName(values: Record<string, string>): string | null {
  const district = districtName(values.provincia, values.canton, values.distrito);
  const canton = cantonName(values.provincia, values.canton);
  return district && canton ? `${district}, ${canton}, ${PROVINCES[values.provincia]}` : null;
}
