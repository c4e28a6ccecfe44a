/** How the books' kinds and states read in Spanish, on screen and in the exported files. */
import type { EntrySourceKind, EntryStatus } from "../ledger";

export const SOURCE_LABELS: Record<EntrySourceKind, string> = {
  manual: "Manual",
  comprobante: "Comprobante",
  plantilla: "Plantilla",
  regla: "Regla",
  factura: "Factura",
  cierre: "Cierre",
  reversion: "Reversión",
  iva: "Liquidación de IVA",
  renta: "Provisión de renta",
  cobro: "Cobro a cliente",
  pago: "Pago a proveedor",
  diferencial: "Diferencial cambiario",
  banco: "Regla bancaria",
};

/** What an entry shows as its state: a posted entry that was reversed reads "Revertido". */
export const DISPLAY_STATUSES = ["borrador", "contabilizado", "revertido"] as const;
export type EntryDisplayStatus = (typeof DISPLAY_STATUSES)[number];

export const STATUS_LABELS: Record<EntryDisplayStatus, string> = {
  borrador: "Borrador",
  contabilizado: "Contabilizado",
  revertido: "Revertido",
};

export function displayStatus(entry: { status: EntryStatus; reversedBy?: unknown }): EntryDisplayStatus {
  return entry.status === "contabilizado" && entry.reversedBy ? "revertido" : entry.status;
}

export function sourceLabel(kind: string): string {
  return SOURCE_LABELS[kind as EntrySourceKind] ?? kind;
}

export const HISTORY_ACTION_LABELS: Record<string, string> = {
  creado: "Borrador creado",
  modificado: "Borrador modificado",
  contabilizado: "Contabilizado",
  editado: "Edición auditada",
  revertido: "Revertido",
};

/** "1 asiento", "2 asientos". */
export function entriesCount(count: number): string {
  return count === 1 ? "1 asiento" : `${count.toLocaleString("es-CR")} asientos`;
}

/** "1 movimiento", "2 movimientos". */
export function movementsCount(count: number): string {
  return count === 1 ? "1 movimiento" : `${count.toLocaleString("es-CR")} movimientos`;
}
