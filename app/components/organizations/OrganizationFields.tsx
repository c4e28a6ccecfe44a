import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import type { FieldMetadata } from "@conform-to/react";
import { inputProps, selectProps } from "../forms/conform";
import { DateField } from "../forms/DateField";
import { IDENTIFICATION_TYPE_OPTIONS, TAXPAYER_KINDS, VAT_REGIMES } from "~/domain/organizations/forms";

/** The form's fields, as conform's useForm gives them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OrganizationFieldSet = Record<string, FieldMetadata<any, any, string[]>>;

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Conform's default value of the client's page form, from the stored client. */
export function organizationFormDefaults(
  organization: {
    identificationType: string;
    name: string;
    commercialName: string | null;
    contactEmail?: string;
    vatRegime: string;
    taxpayerKind: string;
    activityCodes: string[];
    lockDate: string | null;
  },
  contactEmail: "visible" | "write-only",
) {
  return {
    identificationType: organization.identificationType,
    name: organization.name,
    commercialName: organization.commercialName ?? "",
    contactEmail: contactEmail === "visible" ? (organization.contactEmail ?? "") : "",
    vatRegime: organization.vatRegime,
    taxpayerKind: organization.taxpayerKind,
    activityCodes: organization.activityCodes.join(", "),
    lockDate: organization.lockDate ?? "",
  };
}

export const NEW_ORGANIZATION_DEFAULTS = {
  identificationType: "02",
  vatRegime: "tradicional",
  taxpayerKind: "persona-juridica",
};

/**
 * The client's data as form fields, shared by "Nuevo cliente" and the client's page. The cédula is
 * the client's id: it is typed once, at creation. Plain inputs, so the forms post without JavaScript.
 */
export function OrganizationFields({
  mode,
  fields,
  cedula,
  contactEmail,
}: {
  mode: "create" | "edit";
  fields: OrganizationFieldSet;
  /** The stored cédula, shown read-only on the client's page. */
  cedula?: string;
  /** "visible": the user may see the stored address; "write-only": it may only replace it. */
  contactEmail: "visible" | "write-only";
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <NativeSelect
        label="Tipo de identificación"
        data={IDENTIFICATION_TYPE_OPTIONS}
        {...selectProps(fields.identificationType)}
        key={fields.identificationType.key}
      />
      {mode === "create" ? (
        <TextInput
          label="Identificación (cédula)"
          description="Solo dígitos; por ejemplo 3101123456"
          inputMode="numeric"
          {...inputProps(fields.cedula)}
          key={fields.cedula.key}
          maxLength={16}
        />
      ) : (
        <TextInput label="Identificación (cédula)" value={cedula ?? ""} readOnly disabled />
      )}
      <TextInput label="Nombre o razón social" {...inputProps(fields.name)} key={fields.name.key} />
      <TextInput label="Nombre comercial" {...inputProps(fields.commercialName)} key={fields.commercialName.key} />
      <TextInput
        label={contactEmail === "visible" || mode === "create" ? "Correo de contacto" : "Nuevo correo de contacto"}
        description={
          contactEmail === "write-only" && mode === "edit"
            ? "Solo los super administradores ven el correo guardado. Déjelo vacío para conservarlo."
            : undefined
        }
        {...inputProps(fields.contactEmail, "email")}
        key={fields.contactEmail.key}
      />
      <NativeSelect
        label="Régimen de IVA"
        data={options(VAT_REGIMES)}
        {...selectProps(fields.vatRegime)}
        key={fields.vatRegime.key}
      />
      <NativeSelect
        label="Tipo de contribuyente (renta)"
        data={options(TAXPAYER_KINDS)}
        {...selectProps(fields.taxpayerKind)}
        key={fields.taxpayerKind.key}
      />
      {mode === "edit" && (
        <>
          <TextInput
            label="Códigos de actividad económica"
            description="Seis dígitos cada uno, separados por comas"
            {...inputProps(fields.activityCodes)}
            key={fields.activityCodes.key}
          />
          <DateField
            label="Fecha de cierre contable"
            description="No se registran asientos en esa fecha ni antes. Déjela vacía para no cerrar ningún período."
            name={fields.lockDate.name}
            defaultValue={fields.lockDate.initialValue as string | undefined}
            error={fields.lockDate.errors?.[0]}
            key={fields.lockDate.key}
          />
        </>
      )}
    </SimpleGrid>
  );
}
