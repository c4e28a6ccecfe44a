import { z } from "zod";
import { dateInputSchema } from "~/domain/calendar-schema";
import { IDENTIFICATION_TYPES, cedulaProblem, type IdentificationType } from "~/domain/organization-id";
import { ORGANIZATION_ROLES } from "~/domain/roles";

/** The forms of the client screens: one schema per form, read by the server and labelled for the page (browser-safe, no UI). */

export const VAT_REGIMES = { tradicional: "Régimen tradicional", simplificado: "Régimen simplificado" } as const;
export const TAXPAYER_KINDS = {
  "persona-juridica": "Persona jurídica",
  "persona-fisica": "Persona física con actividad lucrativa",
} as const;

export const IDENTIFICATION_TYPE_OPTIONS = Object.entries(IDENTIFICATION_TYPES).map(([value, { label, lengths }]) => ({
  value,
  label: `${value} · ${label} (${lengths.join(" o ")} dígitos)`,
}));

const NAME_MAX = 160;
const EMAIL_MAX = 160;
// Hacienda's economic activity codes (CIIU 4 based) have six digits.
const ACTIVITY_CODE = /^\d{6}$/;

const identificationType = z.enum(["01", "02", "03", "04"], {
  errorMap: () => ({ message: "Seleccione el tipo de identificación." }),
});
const vatRegime = z.enum(["tradicional", "simplificado"], {
  errorMap: () => ({ message: "Seleccione el régimen de IVA." }),
});
const taxpayerKind = z.enum(["persona-juridica", "persona-fisica"], {
  errorMap: () => ({ message: "Seleccione el tipo de contribuyente." }),
});

const name = z
  .string({ required_error: "El nombre es obligatorio." })
  .trim()
  .min(1, "El nombre es obligatorio.")
  .max(NAME_MAX, `El nombre no puede superar ${NAME_MAX} caracteres.`);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

const optionalEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, "El correo de contacto es demasiado largo.")
  .optional()
  .transform((value) => (value ? value.toLowerCase() : null))
  .refine(
    (value) => value === null || z.string().email().safeParse(value).success,
    "Ingrese un correo electrónico válido.",
  );

const activityCodes = z
  .string()
  .optional()
  .transform((value) => (value ?? "").split(/[\s,;]+/).filter(Boolean))
  .refine((codes) => codes.every((code) => ACTIVITY_CODE.test(code)), "Cada código de actividad debe tener 6 dígitos.")
  .transform((codes) => [...new Set(codes)]);

// A Costa Rica day typed as dd/mm/aaaa (the DateField) or YYYY-MM-DD; blank clears it.
const lockDate = dateInputSchema.optional().transform((value) => value ?? null);

// A natural person's identification cannot belong to a persona jurídica, nor a cédula jurídica to a person.
const KIND_OF_IDENTIFICATION: Partial<Record<IdentificationType, keyof typeof TAXPAYER_KINDS>> = {
  "01": "persona-fisica",
  "02": "persona-juridica",
  "03": "persona-fisica",
};

function checkTaxpayerKind(
  value: { identificationType: IdentificationType; taxpayerKind: keyof typeof TAXPAYER_KINDS },
  ctx: z.RefinementCtx,
) {
  const expected = KIND_OF_IDENTIFICATION[value.identificationType];
  if (expected && expected !== value.taxpayerKind) {
    ctx.addIssue({
      code: "custom",
      path: ["taxpayerKind"],
      message: `Con ${IDENTIFICATION_TYPES[value.identificationType].label.toLowerCase()} el contribuyente es ${TAXPAYER_KINDS[expected].toLowerCase()}.`,
    });
  }
}

const organizationFields = {
  name,
  commercialName: optionalText(NAME_MAX, `El nombre comercial no puede superar ${NAME_MAX} caracteres.`),
  identificationType,
  vatRegime,
  taxpayerKind,
};

export const createOrganizationSchema = z
  .object({
    ...organizationFields,
    // People type cédulas with dashes or spaces (3-101-123456); they are stored as digits only.
    cedula: z
      .string({ required_error: "La identificación es obligatoria." })
      .transform((value) => value.replace(/[\s-]/g, ""))
      .pipe(z.string().min(1, "La identificación es obligatoria.")),
    contactEmail: optionalEmail,
  })
  .superRefine((value, ctx) => {
    const problem = cedulaProblem(value.identificationType, value.cedula);
    if (problem) ctx.addIssue({ code: "custom", path: ["cedula"], message: problem });
    checkTaxpayerKind(value, ctx);
  });

export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;

export const updateOrganizationSchema = z
  .object({
    intent: z.literal("update"),
    ...organizationFields,
    contactEmail: optionalEmail,
    activityCodes,
    lockDate,
  })
  .superRefine(checkTaxpayerKind);

export const setActiveSchema = z.object({
  intent: z.literal("set-active"),
  active: z.enum(["true", "false"]).transform((value) => value === "true"),
});

const role = z.enum(ORGANIZATION_ROLES, { errorMap: () => ({ message: "Seleccione un rol válido." }) });
const userId = z.string({ required_error: "Falta el usuario." }).regex(/^[0-9a-f]{24}$/i, "El usuario no es válido.");

export const grantAccessSchema = z.object({
  intent: z.literal("grant"),
  email: z
    .string({ required_error: "El correo electrónico es obligatorio." })
    .trim()
    .toLowerCase()
    .min(1, "El correo electrónico es obligatorio.")
    .max(254, "El correo electrónico es demasiado largo.")
    .email("Ingrese un correo electrónico válido."),
  role,
});

export const changeRoleSchema = z.object({ intent: z.literal("change-role"), userId, role });
export const revokeAccessSchema = z.object({ intent: z.literal("revoke"), userId });
export const resendInvitationSchema = z.object({ intent: z.literal("resend-invitation"), userId });

/** Who keeps the client's books: one of its administrators, or nobody (the empty choice). */
export const setResponsibleSchema = z.object({
  intent: z.literal("set-responsible"),
  responsible: z
    .string()
    .regex(/^[0-9a-f]{24}$/, "Elija un administrador del cliente.")
    .optional()
    .transform((value) => value ?? null),
});

/** The forms of the client page, by the `intent` each one posts. */
export const ORGANIZATION_INTENTS = {
  update: updateOrganizationSchema,
  "set-active": setActiveSchema,
  grant: grantAccessSchema,
  "change-role": changeRoleSchema,
  revoke: revokeAccessSchema,
  "resend-invitation": resendInvitationSchema,
  "set-responsible": setResponsibleSchema,
} as const;

export type OrganizationIntent = keyof typeof ORGANIZATION_INTENTS;
