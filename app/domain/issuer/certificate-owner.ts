/**
 * Whose signing key a certificate is. Costa Rica's taxpayer certificates (Hacienda's «llave
 * criptográfica» and the SINPE firma digital) name their holder in the subject's serialNumber
 * attribute: a kind prefix and the identification, e.g. `CPJ-3-101-123456` for cédula jurídica
 * 3101123456 or `CPF-01-0688-0721` for cédula física 106880721 (docs/domain/signing-keys.md).
 */

/** The subject serialNumber's identification as digits (`CPJ-3-101-123456` → `3101123456`), or null. */
export function certificateIdentification(subjectSerialNumber: string | null | undefined): string | null {
  const match = /^\s*[A-Za-z]{2,6}-([\d-]+)\s*$/.exec(subjectSerialNumber ?? "");
  if (!match) return null;
  const digits = match[1].replace(/-/g, "");
  return digits.length > 0 ? digits : null;
}

/**
 * Whether the certificate's identification is the organization's: the same number once the
 * certificate's zero padding (`01-0688-0721` for 106880721) is set aside.
 */
export function isSameIdentification(certificate: string, organization: string): boolean {
  const bare = (digits: string) => digits.replace(/^0+/, "");
  return bare(certificate) === bare(organization) && bare(organization).length > 0;
}

export const CERTIFICATE_OWNER_MESSAGES = {
  unnamed:
    "La llave criptográfica no indica la identificación de su titular (serialNumber del certificado): suba la llave que Hacienda generó para este cliente.",
  otherTaxpayer: (found: string, expected: string) =>
    `La llave criptográfica es de la identificación ${found}, no de este cliente (${expected}): suba la llave de este cliente.`,
  notYetValid: (from: string) =>
    `La llave criptográfica todavía no es válida: rige desde el ${from}. Súbala a partir de ese día.`,
} as const;

/** The refusal of a certificate for the organization `cedula`, or null when it is the organization's. */
export function certificateOwnerProblem(subjectSerialNumber: string | null | undefined, cedula: string): string | null {
  const identification = certificateIdentification(subjectSerialNumber);
  if (identification === null) return CERTIFICATE_OWNER_MESSAGES.unnamed;
  if (!isSameIdentification(identification, cedula))
    return CERTIFICATE_OWNER_MESSAGES.otherTaxpayer(identification, cedula);
  return null;
}
