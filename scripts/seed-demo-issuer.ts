/**
 * Demo issuer settings for Ferretería El Clavo, so an admin can try «Crear Factura» right away: its
 * Emisor data, the sandbox («pruebas») account and a signing key made here, at seed time, with a fresh
 * RSA key and a self-signed certificate (no key is ever kept in the project). Idempotent: a client that
 * already has issuer settings is left as it is.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";
import { issuerFormSchema } from "../app/domain/issuer/issuer-form";
import { toCedula } from "../app/domain/organization-id";
import { saveIssuerSettingsForm } from "../app/services/issuer/issuer-settings.server";
import { findIssuerSettings } from "../models/issuer-settings";
import { findUserByEmail } from "../models/user";

export const DEMO_ISSUER_ORGANIZATION = "CR:3101123456";
const DEMO_ISSUER_AUTHOR = "admin@demo.cr";
const YEAR = 365 * 24 * 60 * 60 * 1000;

/** A .p12 (PKCS#12) with a new 2048-bit RSA key and a two-year self-signed certificate for `cedula`. */
export function makeDemoP12(cedula: string, name: string, pin: string, now = new Date()): Buffer {
  const { privateKey: privatePem, publicKey: publicPem } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicPem);
  certificate.serialNumber = `01${randomBytes(8).toString("hex")}`;
  certificate.validity.notBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now.getTime() + 2 * YEAR);
  const subject = [
    { shortName: "C", value: "CR" },
    { shortName: "O", value: "PERSONA JURIDICA" },
    { shortName: "OU", value: "CPJ" },
    { shortName: "CN", value: name.toUpperCase() },
    { name: "serialNumber", value: `CPJ-${cedula}` },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  const { md } = forge;
  certificate.sign(privateKey, md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], pin, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

export interface DemoIssuerOptions {
  organizationId?: string;
  /** The user recorded in the settings' history (defaults to the demo admin). */
  userId?: string;
  apiUsername?: string;
  apiPassword?: string;
}

/** Configures the organization's issuer settings with a fresh demo key; false when it already had some. */
export async function configureDemoIssuer(options: DemoIssuerOptions = {}): Promise<boolean> {
  const organizationId = options.organizationId ?? DEMO_ISSUER_ORGANIZATION;
  if (await findIssuerSettings(organizationId)) return false;
  const userId = options.userId ?? String((await findUserByEmail(DEMO_ISSUER_AUTHOR))?._id ?? "");
  if (!userId) return false;
  const cedula = toCedula(organizationId);
  const pin = randomBytes(6).toString("hex");
  const value = issuerFormSchema.parse({
    intent: "issuer",
    nombre: "Ferretería El Clavo S.A.",
    nombreComercial: "Ferretería El Clavo",
    tipoIdentificacion: "02",
    numeroIdentificacion: cedula,
    actividadPrincipal: "475201",
    provincia: "1",
    canton: "01",
    distrito: "01",
    otrasSenas: "Avenida 2, calles 5 y 7, frente al parque",
    telefono: "22223344",
    correo: "facturacion@elclavo.cr",
    sucursal: "001",
    terminal: "00001",
    environment: "pruebas",
    apiUsername: options.apiUsername ?? `cpj-3-101-123456@stag.comprobanteselectronicos.go.cr`,
    apiPassword: options.apiPassword ?? randomBytes(9).toString("base64url"),
    p12Pin: pin,
  });
  const refusals = await saveIssuerSettingsForm(
    organizationId,
    value,
    makeDemoP12(cedula, "Ferretería El Clavo S.A.", pin),
    userId,
  );
  if (refusals) throw new Error(`demo issuer settings refused: ${refusals.map((r) => r.message).join(" ")}`);
  return true;
}

/**
 * The demo's API account: a random password unless the environment names one (a demo or test world
 * whose Hacienda URLs point at a local stand-in that knows it).
 */
export async function seedDemoIssuer({ log }: { log: (line: string) => void }): Promise<void> {
  const configured = await configureDemoIssuer({
    ...(process.env.DEMO_HACIENDA_API_USERNAME ? { apiUsername: process.env.DEMO_HACIENDA_API_USERNAME } : {}),
    ...(process.env.DEMO_HACIENDA_API_PASSWORD ? { apiPassword: process.env.DEMO_HACIENDA_API_PASSWORD } : {}),
  });
  if (configured) log("  Ferretería El Clavo: datos de emisión y llave de demostración (pruebas)");
}
