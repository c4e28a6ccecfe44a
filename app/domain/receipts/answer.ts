/** The receptor's answer form (aceptar / aceptar parcialmente / rechazar), shared by the screen and the action. */
import { z } from "zod";
import { parseAmount, type Amount } from "~/domain/money";

export const ANSWER_INTENT = "answer";

export const MENSAJE_OPTIONS = [
  { value: "1", label: "Aceptar" },
  { value: "2", label: "Aceptar parcialmente" },
  { value: "3", label: "Rechazar" },
] as const;

export const CONDICION_OPTIONS = [
  { value: "01", label: "01 · Genera crédito IVA" },
  { value: "02", label: "02 · Genera crédito parcial del IVA" },
  { value: "03", label: "03 · Bienes de capital" },
  { value: "04", label: "04 · Gasto corriente, no genera crédito" },
  { value: "05", label: "05 · Proporcionalidad" },
] as const;

export const DETALLE_MAX = 160;

/**
 * Money typed by a person: "1234.56", "1234,56", "1 234,56", "₡1.234,56". The last "." or "," is the
 * decimal separator when both appear. Null when it is not an amount.
 */
export function parseMoneyInput(text: string): Amount | null {
  let compact = text.replace(/[\s\u00a0\u202f₡$]/g, "");
  if (compact === "") return null;
  const lastDot = compact.lastIndexOf(".");
  const lastComma = compact.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    compact = compact.split(thousands).join("").replace(decimal, ".");
  } else if (lastComma >= 0) {
    compact = compact.replace(",", ".");
  }
  if (!/^\d+(\.\d{1,5})?$/.test(compact)) return null;
  return parseAmount(compact);
}

const optionalAmount = (label: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      const text = (value ?? "").trim();
      if (text === "") return undefined;
      const amount = parseMoneyInput(text);
      if (amount === null) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: `${label}: escriba un monto válido, por ejemplo 1234,56.` });
        return z.NEVER;
      }
      return amount;
    });

export const answerSchema = z
  .object({
    mensaje: z.enum(["1", "2", "3"], { errorMap: () => ({ message: "Elija aceptar, aceptar parcialmente o rechazar." }) }),
    condicionImpuesto: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.enum(["01", "02", "03", "04", "05"], { errorMap: () => ({ message: "Elija una condición del impuesto válida." }) }).optional()),
    montoTotalImpuestoAcreditar: optionalAmount("IVA acreditable"),
    montoTotalDeGastoAplicable: optionalAmount("Gasto aplicable"),
    detalleMensaje: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .pipe(z.string().max(DETALLE_MAX, `El detalle no puede superar ${DETALLE_MAX} caracteres.`)),
  })
  .superRefine((data, context) => {
    if (data.mensaje !== "3" && !data.condicionImpuesto) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["condicionImpuesto"], message: "Indique la condición del impuesto." });
    }
    if (data.mensaje === "3" && data.detalleMensaje === "") {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["detalleMensaje"], message: "Indique el motivo del rechazo." });
    }
    if (data.mensaje !== "3" && data.condicionImpuesto === "04" && data.montoTotalImpuestoAcreditar !== undefined && data.montoTotalImpuestoAcreditar !== 0n) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["montoTotalImpuestoAcreditar"],
        message: "Con la condición 04 (gasto corriente sin crédito) el IVA acreditable debe ser 0.",
      });
    }
  });

export type AnswerInput = z.infer<typeof answerSchema>;
