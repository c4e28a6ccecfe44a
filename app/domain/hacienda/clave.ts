/** Clave (50 digits) and NumeroConsecutivo (20 digits), docs/domain/hacienda-xml.md §3 and §4. */
import { costaRicaParts } from "./datetime";

export interface ConsecutivoParts {
  /** Sucursal / establecimiento, 1–999 (default 1). */
  sucursal?: number;
  /** Terminal / punto de venta, 1–99999 (default 1). */
  terminal?: number;
  /** Two-digit document type code (01–10; 05/06/07 for receptor messages). */
  tipo: string;
  /** Sequential number, 1–9 999 999 999. */
  numero: number | bigint;
}

function assertIntegerInRange(value: number | bigint, min: bigint, max: bigint, what: string): bigint {
  if (typeof value === "number" && !Number.isSafeInteger(value)) {
    throw new RangeError(`${what} debe ser un número entero.`);
  }
  const big = BigInt(value);
  if (big < min || big > max) throw new RangeError(`${what} debe estar entre ${min} y ${max}.`);
  return big;
}

export function buildConsecutivo(parts: ConsecutivoParts): string {
  const sucursal = assertIntegerInRange(parts.sucursal ?? 1, 1n, 999n, "La sucursal");
  const terminal = assertIntegerInRange(parts.terminal ?? 1, 1n, 99_999n, "La terminal");
  const numero = assertIntegerInRange(parts.numero, 1n, 9_999_999_999n, "El número consecutivo");
  if (!/^\d{2}$/.test(parts.tipo)) throw new RangeError("El tipo de documento debe tener 2 dígitos.");
  return `${String(sucursal).padStart(3, "0")}${String(terminal).padStart(5, "0")}${parts.tipo}${String(numero).padStart(10, "0")}`;
}

export function parseConsecutivo(
  consecutivo: string,
): { sucursal: string; terminal: string; tipo: string; numero: string } | null {
  if (!/^\d{20}$/.test(consecutivo)) return null;
  return {
    sucursal: consecutivo.slice(0, 3),
    terminal: consecutivo.slice(3, 8),
    tipo: consecutivo.slice(8, 10),
    numero: consecutivo.slice(10),
  };
}

export type Situacion = "1" | "2" | "3";

export interface ClaveInput {
  /**
   * Date of issue. A string is read literally (its YYYY-MM-DD part, the issuer's local date);
   * a Date is converted to Costa Rica time.
   */
  fecha: string | Date;
  /** Issuer's identification number (digits, at most 12); left-padded with zeros. */
  identificacion: string;
  consecutivo: string;
  /** 1 normal, 2 contingencia, 3 sin internet (default 1). */
  situacion?: Situacion;
  /** Eight digits chosen by the issuer. */
  codigoSeguridad: string;
}

function datePartsOf(fecha: string | Date): { day: number; month: number; year: number } {
  if (fecha instanceof Date) {
    if (Number.isNaN(fecha.getTime())) throw new RangeError("La fecha de la clave no es válida.");
    return costaRicaParts(fecha);
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(fecha);
  if (!match) throw new RangeError(`La fecha de la clave no es válida: «${fecha}».`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function buildClave(input: ClaveInput): string {
  const { day, month, year } = datePartsOf(input.fecha);
  if (!/^\d{1,12}$/.test(input.identificacion)) {
    throw new RangeError("La identificación del emisor debe tener entre 1 y 12 dígitos.");
  }
  if (!/^\d{20}$/.test(input.consecutivo)) throw new RangeError("El consecutivo debe tener 20 dígitos.");
  const situacion = input.situacion ?? "1";
  if (!/^[123]$/.test(situacion)) throw new RangeError("La situación debe ser 1, 2 o 3.");
  if (!/^\d{8}$/.test(input.codigoSeguridad)) throw new RangeError("El código de seguridad debe tener 8 dígitos.");
  const two = (value: number) => String(value).padStart(2, "0");
  return (
    "506" +
    two(day) +
    two(month) +
    two(year % 100) +
    input.identificacion.padStart(12, "0") +
    input.consecutivo +
    situacion +
    input.codigoSeguridad
  );
}

export interface ClaveParts {
  pais: string;
  dia: string;
  mes: string;
  anio: string;
  identificacion: string;
  consecutivo: string;
  situacion: string;
  codigoSeguridad: string;
}

/** Splits a clave; accepts the 2026 form whose identification segment may hold capital letters. */
export function parseClave(clave: string): ClaveParts | null {
  if (!/^\d{9}[0-9A-Z]{12}\d{29}$/.test(clave)) return null;
  return {
    pais: clave.slice(0, 3),
    dia: clave.slice(3, 5),
    mes: clave.slice(5, 7),
    anio: clave.slice(7, 9),
    identificacion: clave.slice(9, 21),
    consecutivo: clave.slice(21, 41),
    situacion: clave.slice(41, 42),
    codigoSeguridad: clave.slice(42, 50),
  };
}
