/**
 * A throwaway taxpayer key (.p12) for tests: a fresh RSA key and a self-signed certificate shaped like
 * the ones ATV issues, protected with a PIN.
 */
import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";

export interface ThrowawayP12 {
  p12: Buffer;
  pin: string;
  certificatePem: string;
  /** Hexadecimal, upper case, as readP12 reports it. */
  serialNumber: string;
  notAfter: Date;
}

export interface ThrowawayP12Options {
  pin?: string;
  notBefore?: Date;
  notAfter?: Date;
  commonName?: string;
  /** Leave the private key out (a certificate-only .p12). */
  withoutKey?: boolean;
  /**
   * The subject's serialNumber, whose key it is, as Hacienda writes it; default Ferretería El Clavo's
   * (`CPJ-3-101-123456`), null for none.
   */
  taxpayerSerial?: string | null;
}

const DAY = 24 * 60 * 60 * 1000;

export function makeThrowawayP12(options: ThrowawayP12Options = {}): ThrowawayP12 {
  const pin = options.pin ?? "1234";
  const { privateKey: privatePem, publicKey: publicPem } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicPem);
  const serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`.toUpperCase();
  certificate.serialNumber = serialNumber.toLowerCase();
  certificate.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY);
  certificate.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY);
  const taxpayerSerial = options.taxpayerSerial === undefined ? "CPJ-3-101-123456" : options.taxpayerSerial;
  certificate.setSubject([
    { shortName: "CN", value: options.commonName ?? "EMPRESA DE PRUEBA SOCIEDAD ANONIMA" },
    { shortName: "OU", value: "CPJ" },
    { shortName: "O", value: "PERSONA JURIDICA" },
    { shortName: "C", value: "CR" },
    ...(taxpayerSerial === null ? [] : [{ name: "serialNumber", value: taxpayerSerial }]),
  ]);
  certificate.setIssuer([
    { shortName: "CN", value: "CA PRUEBAS SISTEMA DE FACTURACION" },
    { shortName: "C", value: "CR" },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(options.withoutKey ? null : privateKey, [certificate], pin, {
    algorithm: "3des",
  });
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"),
    pin,
    certificatePem: forge.pki.certificateToPem(certificate),
    serialNumber,
    notAfter: certificate.validity.notAfter,
  };
}
