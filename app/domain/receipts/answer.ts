/**
 * The receptor's answer form (aceptar / aceptar parcialmente / rechazar) and its rules, shared by the
 * screen and the action. Amounts are typed in the document's currency, up to Hacienda's 5 decimals.
 */
import { z } from "zod";
import { readMoneyInput } from "../money";

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

const optionalAmount = (label: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      const text = (value ?? "").trim();
      if (text === "") return undefined;
      const result = readMoneyInput(text);
      if (!result.ok) {
        const reason = result.message.charAt(0).toLowerCase() + result.message.slice(1);
        context.addIssue({ code: z.ZodIssueCode.custom, message: `${label}: ${reason}` });
        return z.NEVER;
      }
      return result.amount;
    });

export const answerSchema = z
  .object({
    mensaje: z.enum(["1", "2", "3"], {
      errorMap: () => ({ message: "Elija aceptar, aceptar parcialmente o rechazar." }),
    }),
    condicionImpuesto: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(
        z
          .enum(["01", "02", "03", "04", "05"], {
            errorMap: () => ({ message: "Elija una condición del impuesto válida." }),
          })
          .optional(),
      ),
    montoTotalImpuestoAcreditar: optionalAmount("IVA acreditable"),
    montoTotalDeGastoAplicable: optionalAmount("Gasto aplicable"),
    // A blank detail arrives as undefined from the form (conform); checked by hand, not with .pipe, for that reason.
    detalleMensaje: z
      .string()
      .optional()
      .transform((value, context) => {
        const text = (value ?? "").trim();
        if (text.length > DETALLE_MAX)
          context.addIssue({
            code: z.ZodIssueCode.custom,
            message: `El detalle no puede superar ${DETALLE_MAX} caracteres.`,
          });
        return text;
      }),
  })
  .superRefine((data, context) => {
    if (data.mensaje !== "3" && !data.condicionImpuesto) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["condicionImpuesto"],
        message: "Indique la condición del impuesto.",
      });
    }
    if (data.mensaje === "3" && data.detalleMensaje === "") {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["detalleMensaje"],
        message: "Indique el motivo del rechazo.",
      });
    }
    if (
      data.mensaje !== "3" &&
      data.condicionImpuesto === "04" &&
      data.montoTotalImpuestoAcreditar !== undefined &&
      data.montoTotalImpuestoAcreditar !== 0n
    ) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["montoTotalImpuestoAcreditar"],
        message: "Con la condición 04 (gasto corriente sin crédito) el IVA acreditable debe ser 0.",
      });
    }
  });

export type AnswerInput = z.infer<typeof answerSchema>;
