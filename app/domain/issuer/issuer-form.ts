/**
 * The forms of the "Emisión de comprobantes" section: the issuer's data and secrets, and the next
 * number of a consecutive series. Read by the server and labelled for the page (browser-safe, no UI).
 * Secret fields left empty keep what is stored.
 */
import { z } from "zod";
import { cantonName, districtName, provinceName } from "../hacienda/territory";
import { IDENTIFICATION_TYPES, cedulaProblem, type IdentificationType } from "../organization-id";
import { CONSECUTIVE_SERIES, MAX_CONSECUTIVE, type ConsecutiveSeries } from "./consecutive";

export const ISSUER_INTENT = "issuer";
export const CONSECUTIVE_INTENT = "issuer-consecutive";

export const HACIENDA_ENVIRONMENTS = {
  pruebas: "Pruebas (sandbox de Hacienda)",
  produccion: "Producción",
} as const;

export const ISSUER_ID_TYPE_OPTIONS = Object.entries(IDENTIFICATION_TYPES).map(([value, { label, lengths }]) => ({
  value,
  label: `${value} · ${label} (${lengths.join(" o ")} dígitos)`,
}));

/** The .p12 is a few kilobytes; anything much larger is not a key. */
export const MAX_P12_BYTES = 64 * 1024;

const ACTIVITY_CODE = /^\d{6}$/;

const required = (label: string, max: number, min = 1) =>
  z
    .string({ required_error: `${label} es obligatorio.` })
    .trim()
    .min(min, min > 1 ? `${label} debe tener al menos ${min} caracteres.` : `${label} es obligatorio.`)
    .max(max, `${label} no puede superar ${max} caracteres.`);

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} no puede superar ${max} caracteres.`)
    .optional()
    .transform((value) => value || undefined);

// Secrets are not trimmed (a PIN or password may contain spaces); empty means "keep the stored one".
const secret = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} no puede superar ${max} caracteres.`)
    .optional()
    .transform((value) => value || undefined);

export const issuerFormSchema = z
  .object({
    intent: z.literal(ISSUER_INTENT),
    nombre: required("El nombre o razón social", 100),
    nombreComercial: optional("El nombre comercial", 80),
    tipoIdentificacion: z.enum(["01", "02", "03", "04"], {
      errorMap: () => ({ message: "Seleccione el tipo de identificación." }),
    }),
    numeroIdentificacion: z
      .string({ required_error: "El número de identificación es obligatorio." })
      .trim()
      .min(1, "El número de identificación es obligatorio."),
    actividadPrincipal: z
      .string({ required_error: "La actividad económica principal es obligatoria." })
      .trim()
      .regex(ACTIVITY_CODE, "El código de actividad debe tener 6 dígitos."),
    otrasActividades: z
      .string()
      .optional()
      .transform((value) => (value ?? "").split(/[\s,;]+/).filter(Boolean))
      .refine(
        (codes) => codes.every((code) => ACTIVITY_CODE.test(code)),
        "Cada código de actividad debe tener 6 dígitos.",
      ),
    provincia: z
      .string({ required_error: "Seleccione la provincia." })
      .trim()
      .refine((value) => provinceName(value) !== null, "Seleccione la provincia."),
    canton: z
      .string({ required_error: "El cantón es obligatorio." })
      .trim()
      .regex(/^\d{2}$/, "El cantón es un código de 2 dígitos (por ejemplo 01)."),
    distrito: z
      .string({ required_error: "El distrito es obligatorio." })
      .trim()
      .regex(/^\d{2}$/, "El distrito es un código de 2 dígitos (por ejemplo 01)."),
    barrio: optional("El barrio", 50),
    otrasSenas: required("Otras señas", 250, 5),
    telefono: z
      .string()
      .trim()
      .optional()
      .transform((value) => value?.replace(/[\s-]/g, "") || undefined)
      .refine((value) => value === undefined || /^\d{8}$/.test(value), "El teléfono debe tener 8 dígitos."),
    correo: z
      .string({ required_error: "El correo electrónico es obligatorio." })
      .trim()
      .max(160, "El correo electrónico no puede superar 160 caracteres.")
      .email("Ingrese un correo electrónico válido.")
      .transform((value) => value.toLowerCase()),
    sucursal: z
      .string({ required_error: "La sucursal es obligatoria." })
      .trim()
      .regex(/^\d{3}$/, "La sucursal tiene 3 dígitos (001 es la casa matriz)."),
    terminal: z
      .string({ required_error: "El punto de venta es obligatorio." })
      .trim()
      .regex(/^\d{5}$/, "El punto de venta (terminal) tiene 5 dígitos, por ejemplo 00001."),
    environment: z.enum(["pruebas", "produccion"], {
      errorMap: () => ({ message: "Seleccione el ambiente de Hacienda." }),
    }),
    apiUsername: optional("El usuario de la API", 160),
    apiPassword: secret("La contraseña de la API", 200),
    p12Pin: secret("El PIN de la llave", 64),
  })
  .superRefine((value, ctx) => {
    const problem = cedulaProblem(value.tipoIdentificacion as IdentificationType, value.numeroIdentificacion);
    if (problem) ctx.addIssue({ code: "custom", path: ["numeroIdentificacion"], message: problem });
    if (provinceName(value.provincia) && /^\d{2}$/.test(value.canton)) {
      if (!cantonName(value.provincia, value.canton)) {
        ctx.addIssue({ code: "custom", path: ["canton"], message: "Ese cantón no existe en la provincia elegida." });
      } else if (/^\d{2}$/.test(value.distrito) && !districtName(value.provincia, value.canton, value.distrito)) {
        ctx.addIssue({ code: "custom", path: ["distrito"], message: "Ese distrito no existe en el cantón elegido." });
      }
    }
  });

export type IssuerFormValue = z.output<typeof issuerFormSchema>;

export const consecutiveFormSchema = z.object({
  intent: z.literal(CONSECUTIVE_INTENT),
  series: z.enum(CONSECUTIVE_SERIES.map((info) => info.series) as [ConsecutiveSeries, ...ConsecutiveSeries[]], {
    errorMap: () => ({ message: "Ese tipo de documento no existe." }),
  }),
  next: z
    .string({ required_error: "Indique el siguiente número." })
    .trim()
    .regex(/^\d{1,10}$/, `El siguiente número es un entero de hasta 10 dígitos (máximo ${MAX_CONSECUTIVE}).`)
    .transform(Number),
});
