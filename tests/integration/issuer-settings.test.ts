/**
 * "Emisión de comprobantes" on /admin/organizations/:orgID: the issuer's data, its encrypted secrets
 * (never sent back to the page), the .p12 checked at upload, and the consecutive counters that only
 * move forward. Also what issuing reads from it: the profile, the key, the Hacienda account, and
 * numbers taken inside a transaction.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as detailRoute from "../../app/routes/_app.admin.organizations.$orgID";
import { consecutiveCounters, takeConsecutive } from "../../app/services/issuer/consecutive.server";
import {
  ISSUER_NOT_READY,
  loadHaciendaAccount,
  loadIssuerProfile,
  loadSigningCredentials,
} from "../../app/services/issuer/issuer-settings.server";
import { SIGNING_KEY_MESSAGES, signXadesEpes } from "../../app/services/invoicing/sign.server";
import { withTransaction } from "../../app/utils/db.server";
import { decryptSecret } from "../../app/utils/crypto.server";
import { ensureOrganization } from "../../models/organization";
import { IssuerSettings, findIssuerSettings } from "../../models/issuer-settings";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { makeThrowawayP12, type ThrowawayP12 } from "../support/throwaway-p12";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const CEDULA = "3101123456";
const SODA_CEDULA = "3102654321";
const DAY = 24 * 60 * 60 * 1000;

const API_PASSWORD = "Contraseña-API-muy-secreta-42";
const PIN = "8642";

let environment: AppEnvironment;
let key: ThrowawayP12;
const cookies = {} as Record<"admin" | "adminOfSoda" | "client" | "halfSignedIn", string>;
let adminId: string;
let adminEmail: string;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const admin = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
  adminId = admin.id;
  adminEmail = admin.email;
  cookies.admin = await sessionCookieFor(admin.id);
  cookies.halfSignedIn = await sessionCookieFor(admin.id, "password");
  const adminOfSoda = await createTestUser({ persona: "admin", orgs: { "CR:3102654321": "admin" } });
  cookies.adminOfSoda = await sessionCookieFor(adminOfSoda.id);
  const client = await createTestUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
  cookies.client = await sessionCookieFor(client.id);
  key = makeThrowawayP12({ pin: PIN });
});

afterAll(async () => {
  await environment?.close();
});

const args = (request: Request, cedula = CEDULA) =>
  ({ request, params: { orgID: cedula }, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

const validIssuer: Record<string, string> = {
  intent: "issuer",
  nombre: "Ferretería El Clavo S.A.",
  nombreComercial: "El Clavo",
  tipoIdentificacion: "02",
  numeroIdentificacion: CEDULA,
  actividadPrincipal: "475201",
  otrasActividades: "461001, 620100",
  provincia: "1",
  canton: "02",
  distrito: "03",
  barrio: "Centro",
  otrasSenas: "100 metros al norte de la iglesia",
  telefono: "2222-3344",
  correo: "Facturas@ElClavo.cr",
  sucursal: "001",
  terminal: "00001",
  environment: "pruebas",
  apiUsername: "cpj-3-101-123456@stag.comprobanteselectronicos.go.cr",
  apiPassword: "",
  p12Pin: "",
};

function multipartRequest(fields: Record<string, string>, p12?: Buffer, cookie = cookies.admin): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("p12", new Blob(p12 ? [new Uint8Array(p12)] : []), p12 ? "llave.p12" : "");
  return new Request(new URL(`/admin/organizations/${CEDULA}`, BASE_URL), {
    method: "POST",
    headers: { Cookie: cookie },
    body,
  });
}

async function postIssuer(fields: Record<string, string>, p12?: Buffer, cookie = cookies.admin) {
  return respond(() => detailRoute.action(args(multipartRequest(fields, p12, cookie))));
}

async function loaderText(cookie = cookies.admin): Promise<{ status: number; raw: string }> {
  const response = await respond(() => detailRoute.loader(args(getRequest(`/admin/organizations/${CEDULA}`, cookie))));
  return { status: response.status, raw: await response.text() };
}

async function errorsOf(response: Response): Promise<Record<string, string[]>> {
  const reply = (await response.json()) as { error?: Record<string, string[]> };
  return reply.error ?? {};
}

describe("guards", () => {
  it("sends a client user away and an anonymous visitor to /login, for the loader and both forms", async () => {
    const asClient = await postIssuer(validIssuer, undefined, cookies.client);
    expect(asClient.status).toBe(302);
    expect(asClient.headers.get("Location")).toBe("/");
    const anonymous = await respond(() =>
      detailRoute.action(args(postRequest(`/admin/organizations/${CEDULA}`, { intent: "issuer-consecutive" }))),
    );
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    const halfSignedIn = await postIssuer(validIssuer, undefined, cookies.halfSignedIn);
    expect(halfSignedIn.status).toBe(302);
    expect(halfSignedIn.headers.get("Location")).not.toBe(`/admin/organizations/${CEDULA}`);
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("answers 404 to an admin of another client, and writes nothing", async () => {
    const response = await postIssuer({ ...validIssuer, p12Pin: PIN }, key.p12, cookies.adminOfSoda);
    expect(response.status).toBe(404);
    const consecutive = await respond(() =>
      detailRoute.action(
        args(
          postRequest(
            `/admin/organizations/${CEDULA}`,
            { intent: "issuer-consecutive", series: "FE", next: "500" },
            cookies.adminOfSoda,
          ),
        ),
      ),
    );
    expect(consecutive.status).toBe(404);
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
    expect((await consecutiveCounters(FERRETERIA)).find((c) => c.series === "FE")?.next).toBe(1);
    expect((await loaderText(cookies.adminOfSoda)).status).toBe(404);
    expect(SODA_CEDULA).not.toBe(CEDULA);
  });
});

describe("the issuer form", () => {
  it("starts from the client's data, not configured, with every counter at 1", async () => {
    const { status, raw } = await loaderText();
    expect(status).toBe(200);
    const data = JSON.parse(raw);
    expect(data.issuer.configured).toBe(false);
    expect(data.issuer.values.numeroIdentificacion).toBe(CEDULA);
    expect(data.issuer.keyStored).toBe(false);
    expect(data.counters.map((c: { series: string }) => c.series)).toEqual([
      "FE",
      "TE",
      "NC",
      "ND",
      "MR-05",
      "MR-06",
      "MR-07",
    ]);
    expect(data.counters.every((c: { next: number }) => c.next === 1)).toBe(true);
  });

  it("refuses invalid data with Spanish messages per field, and writes nothing", async () => {
    const response = await postIssuer({
      ...validIssuer,
      correo: "no-es-correo",
      sucursal: "1",
      terminal: "12",
      actividadPrincipal: "4752",
      otrasActividades: "12345x",
      telefono: "123",
      apiPassword: API_PASSWORD,
      p12Pin: PIN,
    });
    expect(response.status).toBe(400);
    const raw = await response.clone().text();
    const errors = await errorsOf(response);
    expect(errors.correo?.[0]).toBe("Ingrese un correo electrónico válido.");
    expect(errors.sucursal?.[0]).toMatch(/3 dígitos/);
    expect(errors.terminal?.[0]).toMatch(/5 dígitos/);
    expect(errors.actividadPrincipal?.[0]).toMatch(/6 dígitos/);
    expect(errors.otrasActividades?.[0]).toMatch(/6 dígitos/);
    expect(errors.telefono?.[0]).toMatch(/8 dígitos/);
    // The typed secrets are not echoed back.
    expect(raw).not.toContain(API_PASSWORD);
    expect(raw).not.toContain(PIN);
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("validates identification lengths by type (físico 9, DIMEX 11–12, jurídica 10) and the place codes", async () => {
    const fisica = await postIssuer({ ...validIssuer, tipoIdentificacion: "01" });
    expect((await errorsOf(fisica)).numeroIdentificacion?.[0]).toBe("La cédula física debe tener 9 dígitos.");
    const dimex = await postIssuer({ ...validIssuer, tipoIdentificacion: "03" });
    expect((await errorsOf(dimex)).numeroIdentificacion?.[0]).toBe("La dimex debe tener 11 o 12 dígitos.");
    const juridica = await postIssuer({ ...validIssuer, numeroIdentificacion: "410112345" });
    expect((await errorsOf(juridica)).numeroIdentificacion?.[0]).toBe("La cédula jurídica debe tener 10 dígitos.");
    const canton = await postIssuer({ ...validIssuer, canton: "99" });
    expect((await errorsOf(canton)).canton?.[0]).toBe("Ese cantón no existe en la provincia elegida.");
    const distrito = await postIssuer({ ...validIssuer, distrito: "42" });
    expect((await errorsOf(distrito)).distrito?.[0]).toBe("Ese distrito no existe en el cantón elegido.");
    const otherCompany = await postIssuer({ ...validIssuer, numeroIdentificacion: "3101999999" });
    expect(otherCompany.status).toBe(400);
    expect((await errorsOf(otherCompany)).numeroIdentificacion?.[0]).toMatch(/debe ser la del cliente/);
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("refuses a wrong PIN, a file that is not a .p12 and a key without its PIN, writing nothing", async () => {
    const wrongPin = await postIssuer({ ...validIssuer, p12Pin: "0000" }, key.p12);
    expect(wrongPin.status).toBe(400);
    expect((await errorsOf(wrongPin)).p12Pin?.[0]).toBe(SIGNING_KEY_MESSAGES.wrongPin);
    const notP12 = await postIssuer({ ...validIssuer, p12Pin: PIN }, Buffer.from("no soy una llave"));
    expect((await errorsOf(notP12)).p12?.[0]).toBe(SIGNING_KEY_MESSAGES.notP12);
    const noPin = await postIssuer(validIssuer, key.p12);
    expect((await errorsOf(noPin)).p12Pin?.[0]).toBe("Escriba el PIN de la llave criptográfica.");
    const tooLarge = await postIssuer({ ...validIssuer, p12Pin: PIN }, Buffer.alloc(200 * 1024, 1));
    expect(tooLarge.status).toBe(413);
    expect((await errorsOf(tooLarge)).p12?.[0]).toMatch(/supera 64 KB/);
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("refuses an oversized text field without reading it into the form", async () => {
    const response = await postIssuer({ ...validIssuer, otrasSenas: "x".repeat(20 * 1024) });
    expect(response.status).toBe(413);
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("refuses an expired key", async () => {
    const expired = makeThrowawayP12({
      pin: PIN,
      notBefore: new Date(Date.now() - 400 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    const response = await postIssuer({ ...validIssuer, p12Pin: PIN }, expired.p12);
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).p12?.[0]).toMatch(/^La llave criptográfica venció el \d{2}\/\d{2}\/\d{4}:/);
    expect(await findIssuerSettings(FERRETERIA)).toBeNull();
  });

  it("saves the data and stores the secrets encrypted; the page only learns that they are configured", async () => {
    const response = await postIssuer({ ...validIssuer, apiPassword: API_PASSWORD, p12Pin: PIN }, key.p12);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/organizations/${CEDULA}`);

    const stored = (await IssuerSettings.findById(FERRETERIA).lean())!;
    expect(stored.correo).toBe("facturas@elclavo.cr");
    expect(stored.telefono).toBe("22223344");
    expect(stored.actividades).toEqual(["475201", "461001", "620100"]);
    expect(stored.apiPasswordEncrypted).not.toContain(API_PASSWORD);
    expect(decryptSecret(stored.apiPasswordEncrypted!)).toBe(API_PASSWORD);
    expect(decryptSecret(stored.p12PinEncrypted!)).toBe(PIN);
    expect(Buffer.from(decryptSecret(stored.p12Encrypted!), "base64").equals(key.p12)).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(key.p12.toString("base64"));

    const { raw } = await loaderText();
    const data = JSON.parse(raw);
    expect(data.issuer).toMatchObject({ configured: true, apiPasswordStored: true, keyStored: true });
    expect(data.issuer.certificate).toMatchObject({ serialNumber: key.serialNumber, status: "vigente" });
    expect(data.issuer.certificate.subject).toContain("CN=EMPRESA DE PRUEBA SOCIEDAD ANONIMA");
    for (const secret of [
      API_PASSWORD,
      key.p12.toString("base64"),
      stored.apiPasswordEncrypted!,
      stored.p12Encrypted!,
      stored.p12PinEncrypted!,
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toMatch(/Encrypted|p12Pin|apiPassword"/);
  });

  it("records who changed what, without any secret value", async () => {
    const stored = (await IssuerSettings.findById(FERRETERIA).lean())!;
    const last = stored.history.at(-1)!;
    expect(last.by).toBe(adminId);
    const fields = last.changes.map((change) => change.field);
    expect(fields).toEqual(expect.arrayContaining(["nombre", "correo", "contraseña de la API", "llave criptográfica"]));
    expect(last.changes.find((change) => change.field === "contraseña de la API")).toMatchObject({
      before: "sin configurar",
      after: "configurada",
    });
    const history = JSON.stringify(stored.history);
    expect(history).not.toContain(API_PASSWORD);
    expect(history).not.toContain(`"${PIN}"`);

    // The page lists the latest changes with the person's e-mail.
    const data = JSON.parse((await loaderText()).raw);
    expect(data.issuerHistory[0].by).toBe(adminEmail);
    expect(data.issuerHistory[0].changes).toEqual(
      expect.arrayContaining([{ field: "contraseña de la API", before: "sin configurar", after: "configurada" }]),
    );
  });

  it("keeps the stored secrets when their fields are left empty, also from a form posted without a file", async () => {
    const before = (await IssuerSettings.findById(FERRETERIA).lean())!;
    const plain = await respond(() =>
      detailRoute.action(
        args(
          postRequest(
            `/admin/organizations/${CEDULA}`,
            { ...validIssuer, nombreComercial: "El Clavo Dorado" },
            cookies.admin,
          ),
        ),
      ),
    );
    expect(plain.status).toBe(302);
    const after = (await IssuerSettings.findById(FERRETERIA).lean())!;
    expect(after.nombreComercial).toBe("El Clavo Dorado");
    expect(after.apiPasswordEncrypted).toBe(before.apiPasswordEncrypted);
    expect(after.p12Encrypted).toBe(before.p12Encrypted);
    expect(after.p12PinEncrypted).toBe(before.p12PinEncrypted);
    expect(after.history.at(-1)!.changes).toEqual([
      { field: "nombre comercial", before: "El Clavo", after: "El Clavo Dorado" },
    ]);
  });

  it("replaces the PIN only when it opens the stored key", async () => {
    const wrong = await postIssuer({ ...validIssuer, p12Pin: "1111" });
    expect((await errorsOf(wrong)).p12Pin?.[0]).toBe(SIGNING_KEY_MESSAGES.wrongPin);
    const same = await postIssuer({ ...validIssuer, p12Pin: PIN });
    expect(same.status).toBe(302);
  });

  it("warns when the key expires within 30 days", async () => {
    const soon = makeThrowawayP12({ pin: "2468", notAfter: new Date(Date.now() + 10 * DAY + 3600_000) });
    expect((await postIssuer({ ...validIssuer, p12Pin: "2468" }, soon.p12)).status).toBe(302);
    const data = JSON.parse((await loaderText()).raw);
    expect(data.issuer.certificate).toMatchObject({
      status: "por-vencer",
      daysLeft: 10,
      serialNumber: soon.serialNumber,
    });
    // Still usable until it expires.
    const credentials = await loadSigningCredentials(FERRETERIA);
    expect(credentials.serialNumber).toBe(soon.serialNumber);
    const later = await loadSigningCredentials(FERRETERIA, new Date(Date.now() + 11 * DAY)).catch((error) => error);
    expect(later.message).toBe(ISSUER_NOT_READY.expired);
    // Back to the long-lived key.
    expect((await postIssuer({ ...validIssuer, p12Pin: PIN }, key.p12)).status).toBe(302);
  });
});

describe("what issuing reads", () => {
  it("the Emisor profile, the signing key and the Hacienda account", async () => {
    const profile = await loadIssuerProfile(FERRETERIA);
    expect(profile).toEqual({
      nombre: "Ferretería El Clavo S.A.",
      nombreComercial: "El Clavo",
      identificacion: { tipo: "02", numero: CEDULA },
      codigoActividad: "475201",
      ubicacion: {
        provincia: "1",
        canton: "02",
        distrito: "03",
        barrio: "Centro",
        otrasSenas: "100 metros al norte de la iglesia",
      },
      telefono: { codigoPais: "506", numero: "22223344" },
      correo: "facturas@elclavo.cr",
      sucursal: "001",
      terminal: "00001",
    });
    const credentials = await loadSigningCredentials(FERRETERIA);
    expect(credentials.serialNumber).toBe(key.serialNumber);
    const signed = await signXadesEpes("<Documento><Dato>1</Dato></Documento>", credentials);
    expect(signed).toContain("<ds:SignatureValue>");
    expect(await loadHaciendaAccount(FERRETERIA)).toEqual({
      environment: "pruebas",
      username: validIssuer.apiUsername,
      password: API_PASSWORD,
    });
  });

  it("nothing for a client without settings", async () => {
    expect(await loadIssuerProfile("CR:3102654321")).toBeNull();
    expect(await loadHaciendaAccount("CR:3102654321")).toBeNull();
    await expect(loadSigningCredentials("CR:3102654321")).rejects.toThrow(ISSUER_NOT_READY.notConfigured);
  });
});

describe("consecutive counters", () => {
  const setNext = (series: string, next: string) =>
    respond(() =>
      detailRoute.action(
        args(
          postRequest(`/admin/organizations/${CEDULA}`, { intent: "issuer-consecutive", series, next }, cookies.admin),
        ),
      ),
    );
  const nextOf = async (series: string) =>
    (await consecutiveCounters(FERRETERIA)).find((counter) => counter.series === series)!.next;

  it("moves a series forward when migrating", async () => {
    const response = await setNext("FE", "1500");
    expect(response.status).toBe(302);
    expect(await nextOf("FE")).toBe(1500);
    expect(await nextOf("TE")).toBe(1);
    const data = JSON.parse((await loaderText()).raw);
    expect(data.counters.find((c: { series: string }) => c.series === "FE").next).toBe(1500);
    const stored = (await IssuerSettings.findById(FERRETERIA).lean())!;
    expect(stored.history.at(-1)!.changes).toEqual([{ field: "consecutivo FE", before: "1", after: "1500" }]);
  });

  it("never goes backwards, never past 10 digits, and refuses bad input in Spanish", async () => {
    const back = await setNext("FE", "1499");
    expect(back.status).toBe(409);
    expect((await errorsOf(back)).next?.[0]).toBe(
      "El siguiente número no puede ser menor que 1500: el 1499 ya se usó y los números nunca se reutilizan.",
    );
    const tooBig = await setNext("FE", "12345678901");
    expect(tooBig.status).toBe(400);
    expect((await errorsOf(tooBig)).next?.[0]).toMatch(/hasta 10 dígitos/);
    const unknown = await setNext("XX", "10");
    expect(unknown.status).toBe(400);
    expect((await errorsOf(unknown)).series?.[0]).toBe("Ese tipo de documento no existe.");
    const zero = await setNext("TE", "0");
    expect((await errorsOf(zero)).next?.[0]).toMatch(/mayor que cero/);
    expect(await nextOf("FE")).toBe(1500);
  });

  it("hands numbers out inside the caller's transaction: an aborted issue skips none", async () => {
    expect(await withTransaction((session) => takeConsecutive(FERRETERIA, "FE", session))).toBe(1500);
    await expect(
      withTransaction(async (session) => {
        await takeConsecutive(FERRETERIA, "FE", session);
        throw new Error("falló la emisión");
      }),
    ).rejects.toThrow("falló la emisión");
    expect(await withTransaction((session) => takeConsecutive(FERRETERIA, "FE", session))).toBe(1501);
    const back = await setNext("FE", "1501");
    expect(back.status).toBe(409);
  });

  it("never hands the same number twice to concurrent transactions", async () => {
    const numbers = await Promise.all(
      Array.from({ length: 4 }, () => withTransaction((session) => takeConsecutive(FERRETERIA, "NC", session))),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 4 }, (_, index) => index + 1));
  });

  it("numbers MensajeReceptor answers per answer type, in the counters the page shows", async () => {
    expect(await takeConsecutive(FERRETERIA, "MR")).toBe(1);
    expect(await takeConsecutive(FERRETERIA, "MR", undefined, { mensaje: 3 })).toBe(1);
    expect(await takeConsecutive(FERRETERIA, "MR", undefined, { mensaje: 3 })).toBe(2);
    expect(await nextOf("MR-05")).toBe(2);
    expect(await nextOf("MR-07")).toBe(3);
    expect(await nextOf("MR-06")).toBe(1);
  });
});
