import type { ConditionField, ConditionOperator } from "./types";

interface FieldInfo {
  label: string;
  operators: readonly ConditionOperator[];
  /** Read from each detail line (a receipt matches when one of its lines does) rather than the header. */
  perLine: boolean;
  placeholder: string;
}

/** Every condition field, its Spanish name and the operators it accepts (in the order the form offers them). */
export const CONDITION_FIELDS: Readonly<Record<ConditionField, FieldInfo>> = {
  emisorCedula: {
    label: "Cédula del emisor",
    operators: ["equals", "contains"],
    perLine: false,
    placeholder: "3101123456",
  },
  emisorNombre: {
    label: "Nombre del emisor",
    operators: ["equals", "contains"],
    perLine: false,
    placeholder: "Distribuidora",
  },
  documentType: { label: "Tipo de documento", operators: ["equals"], perLine: false, placeholder: "FE" },
  cabys: { label: "Código CABYS", operators: ["startsWith"], perLine: true, placeholder: "4321" },
  activityCode: { label: "Actividad del emisor", operators: ["equals"], perLine: false, placeholder: "514101" },
  taxCode: { label: "Código de impuesto", operators: ["equals"], perLine: true, placeholder: "01" },
  ivaRateCode: { label: "Código de tarifa IVA", operators: ["equals"], perLine: true, placeholder: "08" },
  currency: { label: "Moneda", operators: ["equals"], perLine: false, placeholder: "USD" },
  total: { label: "Total del comprobante (₡)", operators: ["gte", "lte"], perLine: false, placeholder: "100000,00" },
  lineDetail: { label: "Detalle de la línea", operators: ["contains"], perLine: true, placeholder: "cemento" },
};

export const CONDITION_FIELD_KEYS = Object.keys(CONDITION_FIELDS) as ConditionField[];

export const OPERATOR_LABELS: Readonly<Record<ConditionOperator, string>> = {
  equals: "es igual a",
  contains: "contiene",
  startsWith: "empieza con",
  gte: "es mayor o igual a",
  lte: "es menor o igual a",
};

export const OPERATOR_KEYS = Object.keys(OPERATOR_LABELS) as ConditionOperator[];
