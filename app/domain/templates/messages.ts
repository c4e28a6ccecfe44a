/** What the template screens and «Usar plantilla» say when they refuse, in Spanish. */
import { TEMPLATE_MAX_LINES, TEMPLATE_NAME_MAX } from "./types";

export const TEMPLATE_MESSAGES = {
  nameRequired: "Escriba el nombre de la plantilla.",
  nameTooLong: `El nombre admite como máximo ${TEMPLATE_NAME_MAX} caracteres.`,
  nameTaken: "Ya existe una plantilla con ese nombre.",
  descriptionRequired: "Escriba la descripción del asiento (puede usar {mes}, {año} y {fecha}).",
  tooFewLines: "La plantilla necesita al menos dos líneas.",
  tooManyLines: `Una plantilla admite como máximo ${TEMPLATE_MAX_LINES} líneas.`,
  needsBothSides: "La plantilla necesita al menos una línea al débito y una al crédito.",
  side: (line: number) => `Línea ${line}: elija débito o crédito.`,
  kind: (line: number) => `Línea ${line}: elija el tipo de monto.`,
  amountRequired: (line: number) => `Línea ${line}: escriba el monto fijo.`,
  rateRequired: (line: number) => `Línea ${line}: escriba el porcentaje de la base.`,
  oneRest: "Solo una línea puede ser «el resto».",
  notFound: "Plantilla no encontrada.",
  baseRequired: "Escriba la base: el monto sobre el que se calculan los porcentajes.",
  baseZero: "La base debe ser mayor que cero.",
  typedZero: "El monto debe ser mayor que cero.",
  templateRequired: "Elija una plantilla.",
  changed: "La plantilla cambió mientras se guardaba. Revise los datos y vuelva a intentarlo.",
} as const;

export function ratesDoNotBalance(debit: string, credit: string): string {
  return `La plantilla no cuadra: los porcentajes al débito suman ${debit} y al crédito ${credit}.`;
}

export function fixedDoNotBalance(debit: string, credit: string): string {
  return `La plantilla no cuadra: los montos fijos al débito suman ${debit} y al crédito ${credit}.`;
}

export function appliedDoesNotBalance(difference: string): string {
  return `Con estos montos el asiento no cuadra (diferencia ${difference}); ajuste las líneas antes de guardarlo.`;
}

export function restNotPositive(line: number, amount: string): string {
  return `Con estos montos el resto (línea ${line}) sería ${amount}: no queda nada que cuadrar. Revise la base o los montos.`;
}
