/**
 * The consecutive series an organization numbers its documents with: one per Hacienda document type
 * (the two digits inside NumeroConsecutivo). The MensajeReceptor has three types (05 aceptación,
 * 06 aceptación parcial, 07 rechazo), each with its own series.
 */
import type { MensajeReceptorCode } from "../hacienda/mensaje-receptor";
import type { InvoiceKind } from "../invoicing/types";

export type ConsecutiveKind = InvoiceKind | "MR";
export type ConsecutiveSeries = InvoiceKind | "MR-05" | "MR-06" | "MR-07";

/** NumeroConsecutivo keeps the number in 10 digits. */
export const MAX_CONSECUTIVE = 9_999_999_999;

export interface ConsecutiveSeriesInfo {
  series: ConsecutiveSeries;
  /** The document type inside the clave and the consecutivo. */
  typeCode: string;
  label: string;
  /** The counter's name; the MensajeReceptor names predate invoicing and keep their stored counts. */
  sequenceName: string;
}

export const CONSECUTIVE_SERIES: readonly ConsecutiveSeriesInfo[] = [
  { series: "FE", typeCode: "01", label: "Factura electrónica (FE)", sequenceName: "consecutivo-FE" },
  { series: "TE", typeCode: "04", label: "Tiquete electrónico (TE)", sequenceName: "consecutivo-TE" },
  { series: "NC", typeCode: "03", label: "Nota de crédito (NC)", sequenceName: "consecutivo-NC" },
  { series: "ND", typeCode: "02", label: "Nota de débito (ND)", sequenceName: "consecutivo-ND" },
  {
    series: "MR-05",
    typeCode: "05",
    label: "Mensaje receptor: aceptación (MR 05)",
    sequenceName: "mensaje-receptor-05",
  },
  {
    series: "MR-06",
    typeCode: "06",
    label: "Mensaje receptor: aceptación parcial (MR 06)",
    sequenceName: "mensaje-receptor-06",
  },
  {
    series: "MR-07",
    typeCode: "07",
    label: "Mensaje receptor: rechazo (MR 07)",
    sequenceName: "mensaje-receptor-07",
  },
];

const BY_SERIES = new Map(CONSECUTIVE_SERIES.map((info) => [info.series, info]));

export function isConsecutiveSeries(value: unknown): value is ConsecutiveSeries {
  return typeof value === "string" && BY_SERIES.has(value as ConsecutiveSeries);
}

export function seriesInfo(series: ConsecutiveSeries): ConsecutiveSeriesInfo {
  return BY_SERIES.get(series)!;
}

/** The series a document is numbered in; a MensajeReceptor's depends on its answer (1, 2 or 3). */
export function seriesOf(kind: ConsecutiveKind, mensaje: MensajeReceptorCode = 1): ConsecutiveSeries {
  if (kind !== "MR") return kind;
  return mensaje === 3 ? "MR-07" : mensaje === 2 ? "MR-06" : "MR-05";
}

/**
 * Why `next` cannot be the series' next number, or null. Numbers are never reused: the next number
 * can only move forward from the last one handed out (`last`).
 */
export function nextConsecutiveProblem(next: number, last: number): string | null {
  if (!Number.isSafeInteger(next) || next < 1) return "El siguiente número debe ser un entero mayor que cero.";
  if (next > MAX_CONSECUTIVE) return `El siguiente número no puede superar ${MAX_CONSECUTIVE} (10 dígitos).`;
  if (next <= last) {
    return `El siguiente número no puede ser menor que ${last + 1}: el ${last} ya se usó y los números nunca se reutilizan.`;
  }
  return null;
}

/** Where an issued series lives inside a consecutivo: sucursal (3 digits), terminal (5) and type (2). */
export interface SeriesPlace {
  sucursal: string;
  terminal: string;
}

export const DEFAULT_SERIES_PLACE: SeriesPlace = { sucursal: "001", terminal: "00001" };

/** The first 10 digits every consecutivo of the series shares: sucursal, terminal and document type. */
export function seriesPrefix(place: SeriesPlace, typeCode: string): string {
  return `${place.sucursal.padStart(3, "0")}${place.terminal.padStart(5, "0")}${typeCode}`;
}

/**
 * The counter of one issued series (sucursal, terminal, type). Counters before series were told apart
 * by place were named by type only (`consecutivo-FE`); they are read once at startup into the series of
 * the issuer's place at that time.
 */
export function seriesCounterName(place: SeriesPlace, series: ConsecutiveSeries): string {
  const info = seriesInfo(series);
  if (series.startsWith("MR")) return info.sequenceName;
  return `consecutivo-${series}-${place.sucursal.padStart(3, "0")}-${place.terminal.padStart(5, "0")}`;
}

/** The number (last 10 digits) of a 20-digit consecutivo, or null for anything else. */
export function consecutivoNumber(consecutivo: string): number | null {
  return /^\d{20}$/.test(consecutivo) ? Number(consecutivo.slice(10)) : null;
}

/** The series (type) whose documents carry `typeCode`, for the four documents the app issues. */
export function invoiceSeriesOfType(typeCode: string): ConsecutiveSeries | null {
  const info = CONSECUTIVE_SERIES.find((candidate) => candidate.typeCode === typeCode);
  return info && !info.series.startsWith("MR") ? info.series : null;
}

/** What an issued document imported with a number another one already holds says about it. */
export function repeatedConsecutivoWarning(record: { consecutivo: string; consecutivoHeldBy?: string }): string {
  return (
    `Advertencia: el consecutivo ${record.consecutivo} ya lo tiene otro comprobante emitido` +
    (record.consecutivoHeldBy ? ` (clave ${record.consecutivoHeldBy})` : "") +
    "; este se conserva, pero no cuenta para numerar la serie."
  );
}
