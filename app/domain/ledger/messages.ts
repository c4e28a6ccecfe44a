import { formatCalendarDate, type CalendarDate } from "../calendar";
import { cents, centsToAmount, formatColones, type Cents } from "../money";

/** "₡1 234,56": the app's one colones display. */
const colones = (value: Cents): string => formatColones(centsToAmount(value));

export const MAX_LINES = 500;
export const DESCRIPTION_MAX = 300;

export const TOO_FEW_LINES = "El asiento necesita al menos dos líneas con monto.";
export const TOO_MANY_LINES = `Un asiento admite como máximo ${MAX_LINES} líneas.`;
export const DESCRIPTION_REQUIRED = "Escriba la descripción del asiento.";
export const DESCRIPTION_TOO_LONG = `La descripción admite como máximo ${DESCRIPTION_MAX} caracteres.`;
export const REFERENCE_TOO_LONG = `La referencia admite como máximo ${DESCRIPTION_MAX} caracteres.`;

export const lineMessages = {
  account: (line: number) => `Línea ${line}: elija una cuenta.`,
  unknownAccount: (line: number, code: string) =>
    `Línea ${line}: la cuenta ${code} no existe en el catálogo de este cliente.`,
  groupAccount: (line: number, code: string, label: string) =>
    `Línea ${line}: la cuenta ${code} (${label}) es un grupo principal; elija una cuenta de detalle.`,
  parentAccount: (line: number, code: string, label: string) =>
    `Línea ${line}: la cuenta ${code} (${label}) tiene subcuentas; elija una de ellas.`,
  disabledAccount: (line: number, code: string, label: string) =>
    `Línea ${line}: la cuenta ${code} (${label}) está deshabilitada.`,
  both: (line: number) => `Línea ${line}: lleva débito o crédito, no ambos.`,
  neither: (line: number) => `Línea ${line}: indique un débito o un crédito.`,
  zero: (line: number) => `Línea ${line}: el monto debe ser mayor que cero.`,
  negative: (line: number) => `Línea ${line}: el monto no puede ser negativo.`,
  decimals: (line: number) => `Línea ${line}: el monto admite como máximo dos decimales (céntimos).`,
  tooLarge: (line: number, max: Cents) => `Línea ${line}: el monto supera el máximo de Hacienda (${colones(max)}).`,
  notANumber: (line: number) => `Línea ${line}: el monto debe ser un número, por ejemplo 1234,56.`,
  descriptionTooLong: (line: number) =>
    `Línea ${line}: la descripción admite como máximo ${DESCRIPTION_MAX} caracteres.`,
};

export function unbalanced(debit: Cents, credit: Cents): string {
  const difference = cents(debit > credit ? debit - credit : credit - debit);
  return (
    `El asiento no cuadra: los débitos suman ${colones(debit)} y los créditos ${colones(credit)}. ` +
    `La diferencia es ${colones(difference)}.`
  );
}

export function totalTooLarge(max: Cents): string {
  return `El total del asiento supera el máximo de Hacienda (${colones(max)}).`;
}

export function lockedDate(date: CalendarDate, lockDate: CalendarDate): string {
  return `La fecha ${formatCalendarDate(date)} está en un período cerrado: el cierre contable es el ${formatCalendarDate(lockDate)}. Use una fecha posterior.`;
}

export function closedYearDate(date: CalendarDate): string {
  return `La fecha ${formatCalendarDate(date)} está en el año ${date.slice(0, 4)}, cerrado con el Cierre del período: solo la reapertura del año permite registrar en él. Use una fecha posterior.`;
}

export function postedInClosedYear(year: number): string {
  return `El asiento está en el año ${year}, cerrado con el Cierre del período: no se puede editar; registre un ajuste con fecha posterior.`;
}

export const ENTRY_NOT_FOUND = "Asiento no encontrado.";
export const ORGANIZATION_NOT_FOUND = "Organización no encontrada.";
export const ALREADY_POSTED = "El asiento ya está contabilizado: solo se cambia con la edición auditada o se revierte.";
export const NOT_POSTED = "El asiento es un borrador: edítelo como borrador o contabilícelo.";
export const ONLY_DRAFTS_DELETED = "Solo se eliminan borradores; un asiento contabilizado se revierte.";
export const ALREADY_REVERSED = "El asiento ya fue revertido.";
export const REVERSED_NOT_EDITABLE = "El asiento fue revertido: ya no se puede editar.";
export const BANK_RECONCILED =
  "El asiento está en una conciliación bancaria marcada como conciliada: no se puede editar ni revertir. Un superadministrador puede reabrir ese mes en Conciliación Bancaria.";
export const FISCAL_YEAR_CHANGE =
  "Un asiento contabilizado no puede cambiar de año: reviértalo y registre uno nuevo con la fecha correcta.";

export function postedInClosedPeriod(lockDate: CalendarDate): string {
  return `El asiento está en un período cerrado (cierre contable: ${formatCalendarDate(lockDate)}): no se puede editar; registre un ajuste con fecha posterior.`;
}

export function reversalDescription(number: string, description: string): string {
  return `Reversión del asiento ${number}: ${description}`.slice(0, DESCRIPTION_MAX);
}
