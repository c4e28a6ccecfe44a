/** Where the signing key's certificate stands on a given day (the settings page warns ahead of expiry). */
export type CertificateStatus = "vigente" | "por-vencer" | "vencida" | "aun-no-vigente";

/** The settings page warns this many days before the key expires. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export function certificateStatus(validity: { notBefore: Date; notAfter: Date }, now: Date): CertificateStatus {
  if (now.getTime() > validity.notAfter.getTime()) return "vencida";
  if (now.getTime() < validity.notBefore.getTime()) return "aun-no-vigente";
  if (validity.notAfter.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS) return "por-vencer";
  return "vigente";
}

/** Whole days left before the certificate expires (0 on its last day, negative once expired). */
export function daysUntilExpiry(notAfter: Date, now: Date): number {
  return Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS);
}
