import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../app/domain/calendar";
import { CERTIFICATE_OWNER_MESSAGES } from "../../app/domain/issuer/certificate-owner";
import * as detailRoute from "../../app/routes/_app.admin.organizations.$orgID";
import { findIssuerSettings } from "../../models/issuer-settings";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, respond, sessionCookieFor } from "../support/requests";
import { makeThrowawayP12 } from "../support/throwaway-p12";
import { createTestUser } from "../support/users";

/**
 * Issue 25, finding 5: a .p12 whose certificate names cédula 3101999999 was accepted as the signing key
 * of 3101123456, and invoices were signed with it; a key not valid yet was refused only at Emitir.
 * The upload compares the certificate's subject serialNumber with the organization's identification
 * and refuses a key outside its validity, in Spanish, with nothing stored (docs/domain/signing-keys.md).
 */
const FERRETERIA = "CR:3101123456";
const CEDULA = "3101123456";
const PIN = "2580";
const DAY = 24 * 60 * 60 * 1000;
let environment: AppEnvironment;
let admin = "";

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } })).id);
});

afterAll(async () => {
  await environment?.close();
});

const issuer: Record<string, string> = {
  intent: "issuer",
  nombre: "Ferretería El Clavo S.A.",
  nombreComercial: "El Clavo",
  tipoIdentificacion: "02",
  numeroIdentificacion: CEDULA,
  actividadPrincipal: "475201",
  otrasActividades: "",
  provincia: "1",
  canton: "02",
  distrito: "03",
  barrio: "Centro",
  otrasSenas: "100 metros al norte de la iglesia",
  telefono: "2222-3344",
  correo: "facturas@elclavo.cr",
  sucursal: "001",
  terminal: "00001",
  environment: "pruebas",
  apiUsername: "cpj-3-101-123456@stag.comprobanteselectronicos.go.cr",
  apiPassword: "Contraseña-API-42",
  p12Pin: PIN,
};

function upload(p12: Buffer) {
  const body = new FormData();
  for (const [name, value] of Object.entries(issuer)) body.append(name, value);
  body.append("p12", new Blob([new Uint8Array(p12)]), "llave.p12");
  const request = new Request(new URL(`/admin/organizations/${CEDULA}`, BASE_URL), {
    method: "POST",
    headers: { Cookie: admin },
    body,
  });
  return respond(() =>
    detailRoute.action({ request, params: { orgID: CEDULA }, context: { cspNonce: "" } } as LoaderFunctionArgs &
      ActionFunctionArgs),
  );
}

async function keyError(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { error?: Record<string, string[]> }).error?.p12?.[0];
}

describe("a signing key must be the organization's and valid now (issue 25, finding 5)", () => {
  it("refuses a key whose certificate names another taxpayer, storing nothing", async () => {
    const response = await upload(makeThrowawayP12({ pin: PIN, taxpayerSerial: "CPJ-3-101-999999" }).p12);
    expect(response.status).toBe(400);
    expect(await keyError(response)).toBe(CERTIFICATE_OWNER_MESSAGES.otherTaxpayer("3101999999", CEDULA));
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("refuses a key that names no taxpayer", async () => {
    const response = await upload(makeThrowawayP12({ pin: PIN, taxpayerSerial: null }).p12);
    expect(response.status).toBe(400);
    expect(await keyError(response)).toBe(CERTIFICATE_OWNER_MESSAGES.unnamed);
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("refuses a key not valid yet at upload, not only at Emitir", async () => {
    const notBefore = new Date(Date.now() + 3 * DAY);
    const response = await upload(
      makeThrowawayP12({ pin: PIN, notBefore, notAfter: new Date(Date.now() + 400 * DAY) }).p12,
    );
    expect(response.status).toBe(400);
    expect(await keyError(response)).toBe(CERTIFICATE_OWNER_MESSAGES.notYetValid(formatDate(notBefore)));
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("accepts the organization's own key, written with or without dashes", async () => {
    const response = await upload(makeThrowawayP12({ pin: PIN, taxpayerSerial: "CPJ-3101123456" }).p12);
    expect(response.status).toBe(302);
    expect((await findIssuerSettings(FERRETERIA))?.certificate?.subject).toContain("serialNumber=CPJ-3101123456");
  });
});
