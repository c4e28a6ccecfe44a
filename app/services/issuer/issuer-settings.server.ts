/**
 * The organization's issuer settings: what the settings page shows and saves, and what issuing and
 * sending read (the Emisor profile, the signing key, the Hacienda account). Secrets are encrypted with
 * the app's key at rest, decrypted only here for signing and sending, and never returned to the page.
 */
import type { Types } from "mongoose";
import { formatDate, formatDateTime } from "~/domain/calendar";
import { CERTIFICATE_OWNER_MESSAGES, certificateOwnerProblem } from "~/domain/issuer/certificate-owner";
import { dateText } from "~/domain/text";
import { certificateStatus, daysUntilExpiry, type CertificateStatus } from "~/domain/issuer/certificate-status";
import type { IssuerFormValue } from "~/domain/issuer/issuer-form";
import type { IssuerProfile } from "~/domain/invoicing/types";
import { toCedula } from "~/domain/organization-id";
import { refusal, type Refusal } from "~/domain/refusal";
import { SigningKeyError, readP12, type SigningCredentials } from "~/services/invoicing/sign.server";
import { decryptSecret, encryptSecret } from "~/utils/crypto.server";
import {
  findIssuerSettings,
  saveIssuerSettings,
  type HaciendaEnvironment,
  type IssuerSettingsChange,
  type IssuerSettingsFields,
  type IssuerSettingsRecord,
} from "~models/issuer-settings";
import { findOrganization } from "~models/organization";
import { User } from "~models/user";

/** Issuing cannot go ahead: the settings are missing or the key cannot be used. Spanish, for the admin. */
export class IssuerNotReady extends Error {
  override name = "IssuerNotReady";
  readonly refusal: Refusal;
  constructor(message: string) {
    super(message);
    this.refusal = refusal(message);
  }
}

export const ISSUER_NOT_READY = {
  notConfigured:
    "Configure los datos de emisión de comprobantes del cliente (Clientes → el cliente → Emisión de comprobantes).",
  noKey: "Suba la llave criptográfica (.p12) y su PIN en la emisión de comprobantes del cliente.",
  expired: "La llave criptográfica del cliente está vencida: suba una llave vigente antes de emitir.",
  notYetValid: "La llave criptográfica del cliente todavía no está vigente.",
  unreadable: "La llave criptográfica guardada no se puede abrir con su PIN: vuelva a subirla.",
} as const;

function isConfigured(record: IssuerSettingsRecord | null): record is IssuerSettingsRecord {
  return Boolean(record?.nombre && record.numeroIdentificacion && record.correo);
}

// ---------------------------------------------------------------------------------------------------
// What issuing and sending read

function profileFrom(record: IssuerSettingsRecord): IssuerProfile {
  return {
    nombre: record.nombre,
    ...(record.nombreComercial ? { nombreComercial: record.nombreComercial } : {}),
    identificacion: { tipo: record.tipoIdentificacion, numero: record.numeroIdentificacion },
    codigoActividad: record.actividades[0] ?? "",
    ubicacion: {
      provincia: record.provincia,
      canton: record.canton,
      distrito: record.distrito,
      ...(record.barrio ? { barrio: record.barrio } : {}),
      otrasSenas: record.otrasSenas,
    },
    ...(record.telefono ? { telefono: { codigoPais: "506", numero: record.telefono } } : {}),
    correo: record.correo,
    sucursal: record.sucursal,
    terminal: record.terminal,
  };
}

export async function loadIssuerProfile(organizationId: string): Promise<IssuerProfile | null> {
  const record = await findIssuerSettings(organizationId);
  return isConfigured(record) ? profileFrom(record) : null;
}

// Opening a .p12 costs tens of milliseconds (key derivation, 3DES); an organization signs many
// documents with the same key. A replaced key or PIN is a new ciphertext (fresh IV), so it misses.
const openedKeys = new Map<string, { p12: string; pin: string; credentials: SigningCredentials }>();

function openStoredKey(organizationId: string, p12Encrypted: string, pinEncrypted: string): SigningCredentials {
  const cached = openedKeys.get(organizationId);
  if (cached && cached.p12 === p12Encrypted && cached.pin === pinEncrypted) return cached.credentials;
  let credentials: SigningCredentials;
  try {
    credentials = readP12(Buffer.from(decryptSecret(p12Encrypted), "base64"), decryptSecret(pinEncrypted));
  } catch {
    throw new IssuerNotReady(ISSUER_NOT_READY.unreadable);
  }
  openedKeys.set(organizationId, { p12: p12Encrypted, pin: pinEncrypted, credentials });
  return credentials;
}

/** The key to sign with; throws IssuerNotReady when there is none, it is expired or does not open. */
export async function loadSigningCredentials(
  organizationId: string,
  now: Date = new Date(),
): Promise<SigningCredentials> {
  const record = await findIssuerSettings(organizationId);
  if (!isConfigured(record)) throw new IssuerNotReady(ISSUER_NOT_READY.notConfigured);
  return credentialsFrom(organizationId, record, now);
}

/**
 * What issuing needs, from one read of the settings: the profile written into the document (null when
 * not configured) and the signing key, or why the key cannot sign.
 */
export async function loadIssuerForSigning(
  organizationId: string,
  now: Date,
): Promise<{ profile: IssuerProfile; signing: () => SigningCredentials } | null> {
  const record = await findIssuerSettings(organizationId);
  if (!isConfigured(record)) return null;
  return { profile: profileFrom(record), signing: () => credentialsFrom(organizationId, record, now) };
}

function credentialsFrom(organizationId: string, record: IssuerSettingsRecord, now: Date): SigningCredentials {
  if (!record.p12Encrypted || !record.p12PinEncrypted) throw new IssuerNotReady(ISSUER_NOT_READY.noKey);
  const credentials = openStoredKey(organizationId, record.p12Encrypted, record.p12PinEncrypted);
  const status = certificateStatus(credentials, now);
  if (status === "vencida") throw new IssuerNotReady(ISSUER_NOT_READY.expired);
  if (status === "aun-no-vigente") throw new IssuerNotReady(ISSUER_NOT_READY.notYetValid);
  return credentials;
}

export async function loadHaciendaAccount(
  organizationId: string,
): Promise<{ environment: HaciendaEnvironment; username: string; password: string } | null> {
  const record = await findIssuerSettings(organizationId);
  if (!isConfigured(record) || !record.apiUsername || !record.apiPasswordEncrypted) return null;
  return {
    environment: record.environment,
    username: record.apiUsername,
    password: decryptSecret(record.apiPasswordEncrypted),
  };
}

// ---------------------------------------------------------------------------------------------------
// The settings page

export interface IssuerCertificateView {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  status: CertificateStatus;
  daysLeft: number;
}

/** What the page may see: the data, and for each secret only whether it is stored. */
export interface IssuerSettingsView {
  configured: boolean;
  values: Record<string, string>;
  apiPasswordStored: boolean;
  keyStored: boolean;
  certificate: IssuerCertificateView | null;
}

export async function issuerSettingsView(organizationId: string, now: Date = new Date()): Promise<IssuerSettingsView> {
  const record = await findIssuerSettings(organizationId);
  if (!isConfigured(record)) {
    const organization = await findOrganization(organizationId);
    return {
      configured: false,
      values: {
        nombre: organization?.name ?? "",
        nombreComercial: organization?.commercialName ?? "",
        tipoIdentificacion: organization?.identificationType ?? "",
        numeroIdentificacion: toCedula(organizationId),
        actividadPrincipal: organization?.activityCodes?.[0] ?? "",
        otrasActividades: (organization?.activityCodes ?? []).slice(1).join(" "),
        sucursal: "001",
        terminal: "00001",
        environment: "pruebas",
      },
      apiPasswordStored: false,
      keyStored: false,
      certificate: null,
    };
  }
  const certificate = record.certificate;
  return {
    configured: true,
    values: {
      nombre: record.nombre,
      nombreComercial: record.nombreComercial ?? "",
      tipoIdentificacion: record.tipoIdentificacion,
      numeroIdentificacion: record.numeroIdentificacion,
      actividadPrincipal: record.actividades[0] ?? "",
      otrasActividades: record.actividades.slice(1).join(" "),
      provincia: record.provincia,
      canton: record.canton,
      distrito: record.distrito,
      barrio: record.barrio ?? "",
      otrasSenas: record.otrasSenas,
      telefono: record.telefono ?? "",
      correo: record.correo,
      sucursal: record.sucursal,
      terminal: record.terminal,
      environment: record.environment,
      apiUsername: record.apiUsername ?? "",
    },
    apiPasswordStored: Boolean(record.apiPasswordEncrypted),
    keyStored: Boolean(record.p12Encrypted && record.p12PinEncrypted),
    certificate: certificate
      ? {
          subject: certificate.subject,
          issuer: certificate.issuer,
          serialNumber: certificate.serialNumber,
          notBefore: certificate.notBefore.toISOString(),
          notAfter: certificate.notAfter.toISOString(),
          status: certificateStatus(certificate, now),
          daysLeft: daysUntilExpiry(certificate.notAfter, now),
        }
      : null,
  };
}

const FIELD_LABELS: Record<string, string> = {
  nombre: "nombre",
  nombreComercial: "nombre comercial",
  tipoIdentificacion: "tipo de identificación",
  numeroIdentificacion: "identificación",
  actividades: "actividades económicas",
  provincia: "provincia",
  canton: "cantón",
  distrito: "distrito",
  barrio: "barrio",
  otrasSenas: "otras señas",
  telefono: "teléfono",
  correo: "correo",
  sucursal: "sucursal",
  terminal: "punto de venta",
  environment: "ambiente de Hacienda",
  apiUsername: "usuario de la API",
};

const SECRET_LABELS = {
  apiPasswordEncrypted: "contraseña de la API",
  p12Encrypted: "llave criptográfica",
  p12PinEncrypted: "PIN de la llave",
} as const;

function shown(value: unknown): string {
  return Array.isArray(value) ? value.join(" ") : value === undefined || value === null ? "" : String(value);
}

/**
 * Saves the form. `p12` is the uploaded key, if one was chosen. A new key or a new PIN is opened
 * before anything is stored (with the stored PIN or key for the part not replaced); a key not valid
 * yet or expired, a key of another taxpayer (its certificate's subject serialNumber names another
 * identification, docs/domain/signing-keys.md), a PIN that does not open it, or a key without its PIN is refused
 * with nothing written.
 */
export async function saveIssuerSettingsForm(
  organizationId: string,
  input: IssuerFormValue,
  p12: Buffer | undefined,
  userId: string,
  now: Date = new Date(),
): Promise<Refusal[] | null> {
  if (input.numeroIdentificacion !== toCedula(organizationId)) {
    return [
      refusal(
        `La identificación del emisor debe ser la del cliente (${toCedula(organizationId)}): los comprobantes salen a su nombre.`,
        "numeroIdentificacion",
      ),
    ];
  }
  const record = await findIssuerSettings(organizationId);
  const fields: Partial<IssuerSettingsFields> = {
    nombre: input.nombre,
    nombreComercial: input.nombreComercial,
    tipoIdentificacion: input.tipoIdentificacion,
    numeroIdentificacion: input.numeroIdentificacion,
    actividades: [...new Set([input.actividadPrincipal, ...input.otrasActividades])],
    provincia: input.provincia,
    canton: input.canton,
    distrito: input.distrito,
    barrio: input.barrio,
    otrasSenas: input.otrasSenas,
    telefono: input.telefono,
    correo: input.correo,
    sucursal: input.sucursal,
    terminal: input.terminal,
    environment: input.environment,
    apiUsername: input.apiUsername,
  };

  const changes: IssuerSettingsChange[] = [];
  for (const [name, label] of Object.entries(FIELD_LABELS)) {
    const before = shown(record?.[name as keyof IssuerSettingsRecord]);
    const after = shown(fields[name as keyof IssuerSettingsFields]);
    if (before !== after) changes.push({ field: label, before, after });
  }
  const secretChange = (name: keyof typeof SECRET_LABELS) =>
    changes.push({
      field: SECRET_LABELS[name],
      before: record?.[name] ? "configurada" : "sin configurar",
      after: record?.[name] ? "reemplazada" : "configurada",
    });

  if (input.apiPassword !== undefined) {
    fields.apiPasswordEncrypted = encryptSecret(input.apiPassword);
    secretChange("apiPasswordEncrypted");
  }

  if (p12 !== undefined || input.p12Pin !== undefined) {
    const pin = input.p12Pin ?? (record?.p12PinEncrypted ? decryptSecret(record.p12PinEncrypted) : undefined);
    const key = p12 ?? (record?.p12Encrypted ? Buffer.from(decryptSecret(record.p12Encrypted), "base64") : undefined);
    if (key === undefined) return [refusal("Suba la llave criptográfica (.p12) que abre este PIN.", "p12")];
    if (pin === undefined) return [refusal("Escriba el PIN de la llave criptográfica.", "p12Pin")];
    let credentials: SigningCredentials;
    try {
      credentials = readP12(key, pin);
    } catch (error) {
      if (error instanceof SigningKeyError) {
        return [refusal(error.message, /PIN/.test(error.message) ? "p12Pin" : "p12")];
      }
      throw error;
    }
    const status = certificateStatus(credentials, now);
    if (status === "aun-no-vigente")
      return [refusal(CERTIFICATE_OWNER_MESSAGES.notYetValid(formatDate(credentials.notBefore)), "p12")];
    const owner = certificateOwnerProblem(credentials.subjectSerialNumber, toCedula(organizationId));
    if (owner) return [refusal(owner, "p12")];
    if (status === "vencida") {
      return [
        refusal(
          `La llave criptográfica venció el ${dateText(credentials.notAfter)}: genere una nueva en Hacienda y súbala.`,
          "p12",
        ),
      ];
    }
    if (p12 !== undefined) {
      fields.p12Encrypted = encryptSecret(p12.toString("base64"));
      secretChange("p12Encrypted");
    }
    if (input.p12Pin !== undefined) {
      fields.p12PinEncrypted = encryptSecret(input.p12Pin);
      secretChange("p12PinEncrypted");
    }
    fields.certificate = {
      subject: credentials.subject,
      issuer: credentials.issuer,
      serialNumber: credentials.serialNumber,
      notBefore: credentials.notBefore,
      notAfter: credentials.notAfter,
    };
  }

  await saveIssuerSettings(organizationId, fields, { at: now, by: userId, changes });
  return null;
}

export interface IssuerHistoryRow {
  at: string;
  by: string;
  changes: IssuerSettingsChange[];
}

/** The latest changes to the settings and counters, newest first, with who made each. */
export async function issuerHistory(organizationId: string, limit = 10): Promise<IssuerHistoryRow[]> {
  const record = await findIssuerSettings(organizationId);
  const latest = [...(record?.history ?? [])].reverse().slice(0, limit);
  const ids = [...new Set(latest.map((item) => String(item.by)))];
  const users = await User.find({ _id: { $in: ids } }, { email: 1 }).lean<
    Array<{ _id: Types.ObjectId; email: string }>
  >();
  const emails = new Map(users.map((user) => [String(user._id), user.email]));
  return latest.map((item) => ({
    at: formatDateTime(item.at),
    by: emails.get(String(item.by)) ?? "—",
    changes: item.changes.map(({ field, before, after }) => ({ field, before, after })),
  }));
}
