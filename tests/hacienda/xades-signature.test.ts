/**
 * The XAdES-EPES signature checked by a verifier that shares no code with the signer (xmlsec1, on
 * libxml2 + OpenSSL), and the signed document checked against Hacienda's own schema.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SIGNING_KEY_MESSAGES,
  XADES_POLICY_HASH,
  XADES_POLICY_URL,
  readP12,
  signXadesEpes,
  type SigningCredentials,
} from "~/services/invoicing/sign.server";
import { makeThrowawayP12, type ThrowawayP12 } from "../support/throwaway-p12";
import { haciendaXsdPath, validateXml } from "../support/xmllint";

const run = promisify(execFile);
const FIXTURE = path.join(__dirname, "../fixtures/hacienda/FE-4.4-ejemplo-descuento.xml");

let workDir: string;
let key: ThrowawayP12;
let credentials: SigningCredentials;
let unsigned: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "xades-"));
  key = makeThrowawayP12({ pin: "4321" });
  credentials = readP12(key.p12, "4321");
  await writeFile(path.join(workDir, "cert.pem"), key.certificatePem);
  // The fixture carries a placeholder ds:Signature; the signer starts from the unsigned document.
  unsigned = (await readFile(FIXTURE, "utf8")).replace(/\s*<ds:Signature[\s\S]*<\/ds:Signature>/, "");
  expect(unsigned).not.toContain("Signature");
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** xmlsec1's verdict on a signed document, with the certificate given as the trusted signer key. */
async function xmlsecVerify(xml: string, name: string): Promise<{ ok: boolean; output: string }> {
  const file = path.join(workDir, name);
  await writeFile(file, xml);
  try {
    const { stdout, stderr } = await run("xmlsec1", [
      "--verify",
      "--pubkey-cert-pem",
      path.join(workDir, "cert.pem"),
      "--id-attr:Id",
      "SignedProperties",
      "--id-attr:Id",
      "KeyInfo",
      file,
    ]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

describe("readP12", () => {
  it("opens the key with its PIN and reports the certificate", () => {
    expect(credentials.serialNumber).toBe(key.serialNumber);
    expect(credentials.subject).toContain("CN=EMPRESA DE PRUEBA SOCIEDAD ANONIMA");
    expect(credentials.notAfter.getTime()).toBe(Math.floor(key.notAfter.getTime() / 1000) * 1000);
    expect(credentials.privateKeyPkcs8.length).toBeGreaterThan(1000);
  });

  it("refuses a wrong PIN in Spanish", () => {
    expect(() => readP12(key.p12, "0000")).toThrow(SIGNING_KEY_MESSAGES.wrongPin);
  });

  it("refuses a file that is not a .p12", () => {
    expect(() => readP12(Buffer.from("<xml>no soy una llave</xml>"), "4321")).toThrow(SIGNING_KEY_MESSAGES.notP12);
  });

  it("refuses a .p12 without a private key", () => {
    const certificateOnly = makeThrowawayP12({ pin: "1111", withoutKey: true });
    expect(() => readP12(certificateOnly.p12, "1111")).toThrow(SIGNING_KEY_MESSAGES.noKey);
  });

  it("opens a .p12 exported by the OpenSSL command line (AES and PBKDF2, its current default)", async () => {
    const keyFile = path.join(workDir, "openssl-key.pem");
    const certFile = path.join(workDir, "openssl-cert.pem");
    const p12File = path.join(workDir, "openssl.p12");
    await run("openssl", [
      "req",
      ...["-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30"],
      ...["-subj", "/CN=PERSONA DE PRUEBA/C=CR", "-keyout", keyFile, "-out", certFile],
    ]);
    await run("openssl", [
      "pkcs12",
      ...["-export", "-inkey", keyFile, "-in", certFile, "-passout", "pass:9876", "-out", p12File],
    ]);
    const opened = readP12(await readFile(p12File), "9876");
    expect(opened.subject).toContain("CN=PERSONA DE PRUEBA");
    expect(() => readP12(Buffer.from(opened.certificateDer), "9876")).toThrow();
  });
});

describe("signXadesEpes", () => {
  let signed: string;

  beforeAll(async () => {
    signed = await signXadesEpes(unsigned, credentials, new Date("2026-11-23T16:30:05Z"));
  });

  it("verifies with xmlsec1: all three references and the signature value", async () => {
    const verdict = await xmlsecVerify(signed, "signed.xml");
    expect(verdict.output).toContain("SignedInfo References (ok/all): 3/3");
    expect(verdict.ok, verdict.output).toBe(true);
  });

  it("is enveloped, canonical XML 1.0, RSA-SHA256 with SHA-256 digests, and references the document, KeyInfo and SignedProperties", () => {
    const signature = signed.slice(signed.indexOf("<ds:Signature"));
    expect(signature).toContain(
      '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>',
    );
    expect(signature).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>');
    expect(signature).toContain('<ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>');
    const references = [...signature.matchAll(/<ds:Reference\b[^>]*URI="([^"]*)"/g)].map((match) => match[1]);
    expect(references).toHaveLength(3);
    expect(references[0]).toBe("");
    expect(references[1]).toMatch(/^#KeyInfo-/);
    expect(references[2]).toMatch(/^#SignedProperties-/);
    expect(signature).toContain(`<ds:KeyInfo Id="${references[1].slice(1)}">`);
    expect(signature).toContain(`<xades:SignedProperties Id="${references[2].slice(1)}">`);
    expect(signature).toContain('Type="http://uri.etsi.org/01903#SignedProperties"');
    const digestMethods = [...signature.matchAll(/<ds:DigestMethod Algorithm="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(digestMethods)).toEqual(new Set(["http://www.w3.org/2001/04/xmlenc#sha256"]));
    // Enveloped: the signature is the root's last child.
    expect(signed.trimEnd()).toMatch(/<\/ds:Signature><\/FacturaElectronica>$/);
  });

  it("carries the v4.4 policy, the signing time in Costa Rica time, the signing certificate and the data object format", () => {
    expect(signed).toContain(`<xades:Identifier>${XADES_POLICY_URL}</xades:Identifier>`);
    expect(signed).toMatch(
      new RegExp(
        `<xades:SigPolicyHash><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>${XADES_POLICY_HASH.replace(/[+/=]/g, "\\$&")}</ds:DigestValue></xades:SigPolicyHash>`,
      ),
    );
    expect(XADES_POLICY_HASH).toBe("DWxin1xWOeI8OuWQXazh4VjLWAaCLAA954em7DMh0h8=");
    expect(signed).toContain("<xades:SigningTime>2026-11-23T10:30:05-06:00</xades:SigningTime>");
    expect(signed).toContain(
      `<ds:X509SerialNumber>${BigInt(`0x${key.serialNumber}`).toString()}</ds:X509SerialNumber>`,
    );
    expect(signed).toMatch(
      /<xades:CertDigest><ds:DigestMethod Algorithm="http:\/\/www.w3.org\/2001\/04\/xmlenc#sha256"\/>/,
    );
    expect(signed).toMatch(
      /<xades:DataObjectFormat ObjectReference="#Reference-[^"]+"><xades:MimeType>text\/xml<\/xades:MimeType><xades:Encoding>UTF-8<\/xades:Encoding><\/xades:DataObjectFormat>/,
    );
    const signatureId = /<ds:Signature\b[^>]*Id="([^"]+)"/.exec(signed)![1];
    expect(signed).toContain(`<xades:QualifyingProperties Target="#${signatureId}"`);
  });

  it("no longer verifies when one byte of the signed content changes", async () => {
    const total = /<TotalComprobante>([^<]+)<\/TotalComprobante>/.exec(signed)!;
    const changedDigit = total[1].replace(/\d(?=[^\d]*$)/, (digit) => String((Number(digit) + 1) % 10));
    const tampered = signed.replace(total[0], `<TotalComprobante>${changedDigit}</TotalComprobante>`);
    expect(tampered.length).toBe(signed.length);
    expect(tampered).not.toBe(signed);
    const verdict = await xmlsecVerify(tampered, "tampered.xml");
    expect(verdict.ok).toBe(false);
  });

  it("no longer verifies when the signing time is changed", async () => {
    const tampered = signed.replace("2026-11-23T10:30:05-06:00", "2026-11-23T10:30:06-06:00");
    expect(tampered).not.toBe(signed);
    expect((await xmlsecVerify(tampered, "tampered-time.xml")).ok).toBe(false);
  });

  it("still validates against Hacienda's v4.4 schema", async () => {
    const validation = await validateXml(signed, haciendaXsdPath("FacturaElectronica", "4.4"));
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);
  });

  it("declares the ds namespace itself when the document's root does not", async () => {
    const bare = unsigned.replace(' xmlns:ds="http://www.w3.org/2000/09/xmldsig#"', "");
    expect(bare).not.toContain("xmldsig#");
    const signedBare = await signXadesEpes(bare, credentials);
    expect(signedBare).toMatch(/<ds:Signature\b[^>]*xmlns:ds="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"/);
    expect((await xmlsecVerify(signedBare, "bare.xml")).ok).toBe(true);
    expect((await validateXml(signedBare, haciendaXsdPath("FacturaElectronica", "4.4"))).valid).toBe(true);
  });
});
