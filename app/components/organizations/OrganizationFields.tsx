import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { IDENTIFICATION_TYPE_OPTIONS, TAXPAYER_KINDS, VAT_REGIMES } from "./schemas";

export type FieldErrors = Record<string, string[] | undefined>;

export interface OrganizationValues {
  cedula?: string;
  name?: string;
  commercialName?: string | null;
  identificationType?: string;
  contactEmail?: string | null;
  vatRegime?: string;
  taxpayerKind?: string;
  activityCodes?: string[] | string;
  lockDate?: string | null;
}

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export function firstError(errors: FieldErrors | undefined, field: string): string | undefined {
  return errors?.[field]?.[0];
}

/**
 * The client's data as form fields, shared by "Nuevo cliente" and the client's page. The cédula is
 * the client's id: it is typed once, at creation. Plain inputs, so the forms post without JavaScript.
 */
export function OrganizationFields({
  mode,
  values = {},
  errors,
  contactEmail,
}: {
  mode: "create" | "edit";
  values?: OrganizationValues;
  errors?: FieldErrors;
  /** "visible": the user may see the stored address; "write-only": it may only replace it. */
  contactEmail: "visible" | "write-only";
}) {
  const activityCodes = Array.isArray(values.activityCodes) ? values.activityCodes.join(", ") : values.activityCodes;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <NativeSelect
        label="Tipo de identificación"
        name="identificationType"
        data={IDENTIFICATION_TYPE_OPTIONS}
        defaultValue={values.identificationType ?? "02"}
        error={firstError(errors, "identificationType")}
        required
      />
      {mode === "create" ? (
        <TextInput
          label="Identificación (cédula)"
          name="cedula"
          description="Solo dígitos; por ejemplo 3101123456"
          defaultValue={values.cedula ?? ""}
          error={firstError(errors, "cedula")}
          inputMode="numeric"
          maxLength={16}
          required
        />
      ) : (
        <TextInput label="Identificación (cédula)" value={values.cedula ?? ""} readOnly disabled />
      )}
      <TextInput
        label="Nombre o razón social"
        name="name"
        defaultValue={values.name ?? ""}
        error={firstError(errors, "name")}
        maxLength={160}
        required
      />
      <TextInput
        label="Nombre comercial"
        name="commercialName"
        defaultValue={values.commercialName ?? ""}
        error={firstError(errors, "commercialName")}
        maxLength={160}
      />
      <TextInput
        label={contactEmail === "visible" || mode === "create" ? "Correo de contacto" : "Nuevo correo de contacto"}
        description={
          contactEmail === "write-only" && mode === "edit"
            ? "Solo los super administradores ven el correo guardado. Déjelo vacío para conservarlo."
            : undefined
        }
        name="contactEmail"
        type="email"
        defaultValue={contactEmail === "visible" ? (values.contactEmail ?? "") : ""}
        error={firstError(errors, "contactEmail")}
        maxLength={160}
      />
      <NativeSelect
        label="Régimen de IVA"
        name="vatRegime"
        data={options(VAT_REGIMES)}
        defaultValue={values.vatRegime ?? "tradicional"}
        error={firstError(errors, "vatRegime")}
        required
      />
      <NativeSelect
        label="Tipo de contribuyente (renta)"
        name="taxpayerKind"
        data={options(TAXPAYER_KINDS)}
        defaultValue={values.taxpayerKind ?? "persona-juridica"}
        error={firstError(errors, "taxpayerKind")}
        required
      />
      {mode === "edit" && (
        <>
          <TextInput
            label="Códigos de actividad económica"
            description="Seis dígitos cada uno, separados por comas"
            name="activityCodes"
            defaultValue={activityCodes ?? ""}
            error={firstError(errors, "activityCodes")}
          />
          <TextInput
            label="Fecha de cierre contable"
            description="No se registran asientos en esa fecha ni antes"
            name="lockDate"
            type="date"
            defaultValue={values.lockDate ?? ""}
            error={firstError(errors, "lockDate")}
          />
        </>
      )}
    </SimpleGrid>
  );
}
