/** Spanish names of the app's own receipt states (Hacienda's codes are named in ../hacienda/codes.ts). */

export type HaciendaStatus = "aceptado" | "parcial" | "rechazado" | "pendiente";

export const HACIENDA_STATUS_LABELS: Record<HaciendaStatus, string> = {
  aceptado: "Aceptado",
  parcial: "Aceptado parcialmente",
  rechazado: "Rechazado",
  pendiente: "Sin respuesta",
};

export const DIRECTION_LABELS = { issued: "Emitido", received: "Recibido" } as const;

/** How a receipt arrived, for the month view; receipts stored before this was recorded show nothing. */
export const ARRIVAL_LABELS = { upload: "Subido", email: "Por correo", issued: "Emitido aquí" } as const;

export function arrivalLabel(arrivedBy: string | undefined): string | null {
  return arrivedBy && Object.hasOwn(ARRIVAL_LABELS, arrivedBy)
    ? ARRIVAL_LABELS[arrivedBy as keyof typeof ARRIVAL_LABELS]
    : null;
}

/** Tiquetes and recibos are masculine; facturas and notas feminine ("Factura recibida", "Tiquete emitido"). */
const MASCULINE_KINDS = new Set(["TE", "REP"]);

export function directionAdjective(kind: string, direction: "issued" | "received"): string {
  const stem = direction === "issued" ? "emitid" : "recibid";
  return `${stem}${MASCULINE_KINDS.has(kind) ? "o" : "a"}`;
}
