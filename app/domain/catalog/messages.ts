/** Spanish messages of the chart-of-accounts rules (the first one is docs/spec/chart-of-accounts.md §2). */
export const NULL_CODE_LEVEL = "No se puede obtener el nivel de una cuenta nula.";
export const CODE_REQUIRED = "El código de cuenta es obligatorio.";
export const CODE_SHAPE = "El código de cuenta debe tener cinco segmentos de dos dígitos (10-01-02-01-00).";
export const GROUP_CODE = "El grupo principal debe ser 10, 20, 30, 40, 50, 60 o 70.";
export const CODE_GAP = "Después de un segmento 00 solo puede haber segmentos 00 (10-01-00-00-00).";
export const NEW_GROUP = "Los grupos principales son fijos; agregue la cuenta dentro de uno de ellos.";
export const GROUP_DISABLE = "Los grupos principales no se pueden deshabilitar.";
export const LABEL_REQUIRED = "El nombre de la cuenta es obligatorio.";
export const LABEL_MAX_LENGTH = 120;
export const LABEL_TOO_LONG = `El nombre de la cuenta no puede superar ${LABEL_MAX_LENGTH} caracteres.`;
export const OVERRIDES_SHAPE = "La personalización del catálogo debe ser un objeto con códigos de cuenta como claves.";

export const duplicateCode = (code: string) => `La cuenta ${code} ya existe.`;
/** A child of `parent` keeps the parent's segments and numbers the next one: 10-01-01-00-00 → 10-01-01-NN-00. */
export const notUnderParent = (code: string, parent: string, prefix: string, pattern: string) =>
  `La cuenta ${code} no es una subcuenta directa de ${parent}: se espera un código bajo ${prefix} (${pattern}).`;
export const orphanCode = (parent: string) => `La cuenta padre ${parent} no existe.`;
export const lastLevel = (code: string) => `La cuenta ${code} está en el quinto nivel y no admite subcuentas.`;
export const noCodeLeft = (code: string) =>
  `La cuenta ${code} ya tiene la subcuenta 99; no quedan códigos disponibles para otra subcuenta.`;
export const invalidOverride = (code: string) =>
  `La personalización de la cuenta ${code} no es válida: indique un nombre o { label, disabled }.`;
