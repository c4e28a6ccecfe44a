/** Organizations are stored as `CR:<cédula>`; URLs and screens use the bare cédula (docs/spec/organizations.md §1). */
export const ORGANIZATION_ID_PREFIX = "CR:";

export type IdentificationType = "01" | "02" | "03" | "04";

export const IDENTIFICATION_TYPES: Record<IdentificationType, { label: string; lengths: number[] }> = {
  "01": { label: "Cédula física", lengths: [9] },
  "02": { label: "Cédula jurídica", lengths: [10] },
  "03": { label: "DIMEX", lengths: [11, 12] },
  "04": { label: "NITE", lengths: [10] },
};

export function toOrganizationId(cedula: string): string {
  return cedula.startsWith(ORGANIZATION_ID_PREFIX) ? cedula : `${ORGANIZATION_ID_PREFIX}${cedula}`;
}

export function toCedula(organizationId: string): string {
  return organizationId.startsWith(ORGANIZATION_ID_PREFIX)
    ? organizationId.slice(ORGANIZATION_ID_PREFIX.length)
    : organizationId;
}

/** Returns a Spanish reason when the cédula does not fit its identification type, else null. */
export function cedulaProblem(type: IdentificationType, cedula: string): string | null {
  if (!/^\d+$/.test(cedula)) return "La identificación solo puede contener dígitos, sin guiones ni espacios.";
  const { label, lengths } = IDENTIFICATION_TYPES[type];
  if (!lengths.includes(cedula.length)) {
    return `La ${label.toLowerCase()} debe tener ${lengths.join(" o ")} dígitos.`;
  }
  if (type === "02" && !cedula.startsWith("3")) return "La cédula jurídica debe empezar con 3.";
  return null;
}
