/** What the issuer settings section shows: the stored settings (secrets only as «stored»), counters and history. */
import type { SubmissionResult } from "@conform-to/react";

export interface IssuerCertificateProps {
  subject: string;
  serialNumber: string;
  notAfter: string;
  status: "vigente" | "por-vencer" | "vencida" | "aun-no-vigente";
  daysLeft: number;
}

export interface IssuerSectionProps {
  settings: {
    configured: boolean;
    values: Record<string, string>;
    apiPasswordStored: boolean;
    keyStored: boolean;
    certificate: IssuerCertificateProps | null;
  };
  counters: {
    series: string;
    label: string;
    typeCode: string;
    place?: { sucursal: string; terminal: string };
    current: boolean;
    lastIssued: number;
    next: number;
  }[];
  history: { at: string; by: string; changes: { field: string; before: string; after: string }[] }[];
  issuerResult?: SubmissionResult<string[]>;
  consecutiveResult?: SubmissionResult<string[]>;
}
