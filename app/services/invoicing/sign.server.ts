/**
 * The taxpayer's key (.p12 "llave criptográfica") and the XAdES-EPES signature Hacienda requires on
 * every comprobante v4.4: enveloped, canonical XML 1.0, RSA-SHA256, three references (the document,
 * KeyInfo, SignedProperties) and the v4.4 signature policy.
 */
import { webcrypto } from "node:crypto";
import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import forge from "node-forge";
import * as xadesjs from "xadesjs";
import xpath from "xpath";
import { COSTA_RICA_OFFSET, COSTA_RICA_OFFSET_MS } from "~/domain/calendar";

export const XADES_POLICY_URL =
  "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/Resoluci%C3%B3n_General_sobre_disposiciones_t%C3%A9cnicas_comprobantes_electr%C3%B3nicos_para_efectos_tributarios.pdf";
/** SHA-256 of the policy document, as published in Anexo 2 of the v4.4 structures. */
export const XADES_POLICY_HASH = "DWxin1xWOeI8OuWQXazh4VjLWAaCLAA954em7DMh0h8=";

const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const SIGNING_ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

/** What signing needs from the .p12, plus what the settings page shows about the certificate. */
export interface SigningCredentials {
  /** The RSA private key, PKCS#8 DER. */
  privateKeyPkcs8: Uint8Array;
  /** The signer's certificate, DER. */
  certificateDer: Uint8Array;
  subject: string;
  issuer: string;
  /** Hexadecimal, upper case. */
  serialNumber: string;
  /** The subject's serialNumber attribute: whose key it is (`CPJ-3-101-123456`), null when absent. */
  subjectSerialNumber: string | null;
  notBefore: Date;
  notAfter: Date;
}

/** The .p12 could not be used; the message is for the person who uploaded it. */
export class SigningKeyError extends Error {
  override name = "SigningKeyError";
}

export const SIGNING_KEY_MESSAGES = {
  notP12: "El archivo no es una llave criptográfica .p12 válida.",
  wrongPin: "El PIN no abre la llave criptográfica. Revise el PIN.",
  noKey: "La llave criptográfica no contiene una clave privada.",
  noCertificate: "La llave criptográfica no contiene el certificado de esa clave privada.",
  notRsa: "La llave criptográfica no es RSA; Hacienda requiere una llave RSA.",
} as const;

let engineReady = false;

function ensureEngine(): void {
  if (engineReady) return;
  xadesjs.Application.setEngine("NodeJS", webcrypto as unknown as Crypto);
  xadesjs.setNodeDependencies({ DOMParser, XMLSerializer, xpath });
  engineReady = true;
}

function distinguishedName(attributes: forge.pki.CertificateField[]): string {
  return attributes
    .map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${String(attribute.value)}`)
    .join(", ");
}

function subjectSerialNumberOf(certificate: forge.pki.Certificate): string | null {
  const field = certificate.subject.getField({ name: "serialNumber" }) as forge.pki.CertificateField | null;
  return typeof field?.value === "string" ? field.value : null;
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType: type })[type] ?? [];
}

function toBytes(binary: string): Uint8Array {
  return new Uint8Array(Buffer.from(binary, "binary"));
}

/** Opens the .p12 with its PIN: the RSA private key and the certificate that goes with it. */
export function readP12(p12: Buffer | Uint8Array, pin: string): SigningCredentials {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString("binary")));
  } catch {
    throw new SigningKeyError(SIGNING_KEY_MESSAGES.notP12);
  }
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    pfx = forge.pkcs12.pkcs12FromAsn1(asn1, false, pin);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    throw new SigningKeyError(
      /password|mac could not be verified|decrypt/i.test(message)
        ? SIGNING_KEY_MESSAGES.wrongPin
        : SIGNING_KEY_MESSAGES.notP12,
    );
  }
  const keyBag = [...bagsOf(pfx, forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(pfx, forge.pki.oids.keyBag)].find(
    (bag) => bag.key,
  );
  // A bag that is present but could not be decrypted means the PIN opened the MAC but not the key.
  if (!keyBag?.key) {
    const encrypted = bagsOf(pfx, forge.pki.oids.pkcs8ShroudedKeyBag).length > 0;
    throw new SigningKeyError(encrypted ? SIGNING_KEY_MESSAGES.wrongPin : SIGNING_KEY_MESSAGES.noKey);
  }
  const privateKey = keyBag.key as forge.pki.rsa.PrivateKey;
  if (!privateKey.n || !privateKey.e) throw new SigningKeyError(SIGNING_KEY_MESSAGES.notRsa);
  const certificate = bagsOf(pfx, forge.pki.oids.certBag)
    .map((bag) => bag.cert)
    .find((cert): cert is forge.pki.Certificate => {
      const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return Boolean(publicKey?.n && publicKey.n.equals(privateKey.n) && publicKey.e.equals(privateKey.e));
    });
  if (!certificate) throw new SigningKeyError(SIGNING_KEY_MESSAGES.noCertificate);

  const pkcs8 = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(privateKey));
  return {
    privateKeyPkcs8: toBytes(forge.asn1.toDer(pkcs8).getBytes()),
    certificateDer: toBytes(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes()),
    subject: distinguishedName(certificate.subject.attributes),
    issuer: distinguishedName(certificate.issuer.attributes),
    serialNumber: certificate.serialNumber.toUpperCase(),
    subjectSerialNumber: subjectSerialNumberOf(certificate),
    notBefore: certificate.validity.notBefore,
    notAfter: certificate.validity.notAfter,
  };
}

// Importing the key costs more than signing a small document; credentials are reused across invoices.
const importedKeys = new WeakMap<SigningCredentials, Promise<CryptoKey>>();

function signingKey(credentials: SigningCredentials): Promise<CryptoKey> {
  let key = importedKeys.get(credentials);
  if (!key) {
    key = webcrypto.subtle.importKey("pkcs8", credentials.privateKeyPkcs8, SIGNING_ALGORITHM, false, [
      "sign",
    ]) as Promise<CryptoKey>;
    importedKeys.set(credentials, key);
  }
  return key;
}

let signatureCounter = 0;

function signatureId(): string {
  signatureCounter = (signatureCounter + 1) % 1_000_000;
  return `${Date.now().toString(36)}${signatureCounter.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * The document with its ds:Signature appended as the last child of the root element. `signingTime`
 * defaults to now; it is written in Costa Rica time (-06:00) like the document's own dates.
 */
export async function signXadesEpes(
  xml: string,
  credentials: SigningCredentials,
  signingTime: Date = new Date(),
): Promise<string> {
  ensureEngine();
  const document = xadesjs.Parse(xml);
  const key = await signingKey(credentials);
  const certificate = Buffer.from(credentials.certificateDer).toString("base64");
  const id = signatureId();

  const signed = new xadesjs.SignedXml();
  signed.XmlSignature.Id = `Signature-${id}`;
  signed.Properties!.Target = `#Signature-${id}`;
  signed.XmlSignature.SignedInfo.CanonicalizationMethod.Algorithm = C14N;
  signed.XmlSignature.KeyInfo.Id = `KeyInfo-${id}`;
  signed.SignedProperties.Id = `SignedProperties-${id}`;
  const documentReferenceId = `Reference-${id}`;
  const format = new xadesjs.xml.DataObjectFormat();
  format.ObjectReference = `#${documentReferenceId}`;
  format.MimeType = "text/xml";
  format.Encoding = "UTF-8";
  signed.SignedProperties.SignedDataObjectProperties.DataObjectFormats.Add(format);

  const signature = await signed.Sign(SIGNING_ALGORITHM, key, document, {
    x509: [certificate],
    references: [
      { id: documentReferenceId, uri: "", hash: "SHA-256", transforms: ["enveloped"] },
      { uri: `#KeyInfo-${id}`, hash: "SHA-256" },
    ],
    signingCertificate: { certificate, digestAlgorithm: "SHA-256" },
    // xadesjs formats dates in the process's zone or UTC; shifting the instant and writing the offset
    // literally gives Costa Rica time whatever the server's zone (Costa Rica has no daylight saving).
    signingTime: {
      value: new Date(signingTime.getTime() + COSTA_RICA_OFFSET_MS),
      format: `UTC:yyyy-mm-dd'T'HH:MM:ss'${COSTA_RICA_OFFSET}'`,
    },
    policy: {
      hash: "SHA-256",
      digestValue: XADES_POLICY_HASH,
      identifier: { value: XADES_POLICY_URL },
    },
  });

  const element = signature.GetXml();
  if (!element) throw new Error("xadesjs did not produce the signature element");
  document.documentElement.appendChild(element);
  return new XMLSerializer().serializeToString(
    document as unknown as Parameters<XMLSerializer["serializeToString"]>[0],
  );
}
