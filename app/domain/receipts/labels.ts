/** Spanish names of the app's own receipt states (Hacienda's codes are named in ../hacienda/codes.ts). */

export type HaciendaStatus = "aceptado" | "parcial" | "rechazado" | "pendiente";

export const HACIENDA_STATUS_LABELS: Record<HaciendaStatus, string> = {
  aceptado: "Aceptado",
  parcial: "Aceptado parcialmente",
  rechazado: "Rechazado",
  pendiente: "Sin respuesta",
};

export const DIRECTION_LABELS = { issued: "Emitido", received: "Recibido" } as const;

/** Tiquetes and recibos are masculine; facturas and notas feminine ("Factura recibida", "Tiquete emitido"). */
const MASCULINE_KINDS = new Set(["TE", "REP"]);

export function directionAdjective(kind: string, direction: "issued" | "received"): string {
  const stem = direction === "issued" ? "emitid" : "recibid";
  return `${stem}${MASCULINE_KINDS.has(kind) ? "o" : "a"}`;
}
