import mongoose, { Schema, type ClientSession } from "mongoose";

/**
 * How an organization issues comprobantes (issue 15): the Emisor data, where it issues from, its
 * Hacienda account and its signing key. One record per organization (`_id` = organization id).
 * Secrets — the API password, the .p12 and its PIN — are stored only encrypted with the app's key
 * (iv.tag.ciphertext); the certificate's subject, serial and validity are kept in clear for display.
 * Every save is recorded: who, when, which fields (never a secret's value).
 */
export type HaciendaEnvironment = "pruebas" | "produccion";

export interface IssuerSettingsChange {
  field: string;
  before: string;
  after: string;
}

export interface IssuerCertificateInfo {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
}

export interface IssuerSettingsRecord {
  _id: string;
  nombre: string;
  nombreComercial?: string;
  tipoIdentificacion: string;
  numeroIdentificacion: string;
  /** The main economic activity first (CodigoActividadEmisor), then the others. */
  actividades: string[];
  provincia: string;
  canton: string;
  distrito: string;
  barrio?: string;
  otrasSenas: string;
  telefono?: string;
  correo: string;
  sucursal: string;
  terminal: string;
  environment: HaciendaEnvironment;
  apiUsername?: string;
  apiPasswordEncrypted?: string;
  /** The .p12 bytes in base64, then encrypted. */
  p12Encrypted?: string;
  p12PinEncrypted?: string;
  certificate?: IssuerCertificateInfo;
  history: { at: Date; by: string; changes: IssuerSettingsChange[] }[];
  createdAt?: Date;
  updatedAt?: Date;
}

export type IssuerSettingsFields = Omit<IssuerSettingsRecord, "_id" | "history" | "createdAt" | "updatedAt">;

const issuerSettingsSchema = new Schema<IssuerSettingsRecord>(
  {
    _id: { type: String, required: true },
    nombre: { type: String, required: true },
    nombreComercial: String,
    tipoIdentificacion: { type: String, required: true },
    numeroIdentificacion: { type: String, required: true },
    actividades: { type: [String], default: [] },
    provincia: { type: String, required: true },
    canton: { type: String, required: true },
    distrito: { type: String, required: true },
    barrio: String,
    otrasSenas: { type: String, required: true },
    telefono: String,
    correo: { type: String, required: true },
    sucursal: { type: String, required: true },
    terminal: { type: String, required: true },
    environment: { type: String, enum: ["pruebas", "produccion"], default: "pruebas" },
    apiUsername: String,
    apiPasswordEncrypted: String,
    p12Encrypted: String,
    p12PinEncrypted: String,
    certificate: {
      type: {
        _id: false,
        subject: String,
        issuer: String,
        serialNumber: String,
        notBefore: Date,
        notAfter: Date,
      },
      default: undefined,
    },
    history: {
      type: [
        {
          _id: false,
          at: Date,
          by: String,
          changes: [{ _id: false, field: String, before: String, after: String }],
        },
      ],
      default: [],
    },
  },
  { collection: "issuerSettings", versionKey: false, timestamps: true },
);

export const IssuerSettings =
  (mongoose.models.IssuerSettings as mongoose.Model<IssuerSettingsRecord> | undefined) ??
  mongoose.model<IssuerSettingsRecord>("IssuerSettings", issuerSettingsSchema);

export async function findIssuerSettings(
  organizationId: string,
  session?: ClientSession,
): Promise<IssuerSettingsRecord | null> {
  return IssuerSettings.findById(organizationId, null, { session }).lean<IssuerSettingsRecord>();
}

/**
 * Stores the settings (fields set to `undefined` are removed) and appends the change to the history,
 * creating the record on first save.
 */
export async function saveIssuerSettings(
  organizationId: string,
  fields: Partial<IssuerSettingsFields>,
  change: { at: Date; by: string; changes: IssuerSettingsChange[] },
  session?: ClientSession,
): Promise<void> {
  const set: Record<string, unknown> = {};
  const unset: Record<string, ""> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) unset[name] = "";
    else set[name] = value;
  }
  await IssuerSettings.updateOne(
    { _id: organizationId },
    {
      $set: set,
      ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
      $push: { history: { $each: [change], $slice: -200 } },
    },
    { upsert: true, session },
  );
}

/** Appends a change that is not a save of the form (e.g. a consecutive moved forward) to the history. */
export async function recordIssuerChange(
  organizationId: string,
  change: { at: Date; by: string; changes: IssuerSettingsChange[] },
  session?: ClientSession,
): Promise<void> {
  await IssuerSettings.updateOne(
    { _id: organizationId },
    { $push: { history: { $each: [change], $slice: -200 } } },
    { upsert: true, session },
  );
}
