/**
 * /admin/bank and /admin/bank/:accountID as a browser without JavaScript uses them: the account form
 * posted urlencoded, the statement posted multipart, bad input refused in Spanish with nothing written,
 * and another organization's account answering 404.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankAccount } from "../../models/bank-account";
import { BankStatementLine } from "../../models/bank-statement-line";
import { ensureOrganization } from "../../models/organization";
import { action, loader } from "../../app/routes/_app.admin.bank";
import { loader as accountLoader } from "../../app/routes/_app.admin.bank_.$accountID";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990002";
const OTHER_CEDULA = "3101990003";
const ORG = `CR:${CEDULA}`;
const OTHER = `CR:${OTHER_CEDULA}`;
const PATH = `/admin/bank?org=${CEDULA}`;
const context = { cspNonce: "" };
let environment: AppEnvironment;
let cookie: string;
let otherCookie: string;

const ACCOUNT = {
  intent: "create",
  bank: "bn",
  iban: "CR92 0151 0001 0012 3456 78",
  currency: "CRC",
  ledgerAccount: "10-01-01-03-01",
  format: "ofx",
};

function multipart(
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array } | null,
  who = cookie,
): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append("statement", new Blob([new Uint8Array(file.bytes)]), file.name);
  return new Request(new URL(PATH, BASE_URL), { method: "POST", headers: { Cookie: who }, body });
}

const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank", name)));

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Ferretería del Banco S.A.", identificationType: "02" });
  await ensureOrganization({ _id: OTHER, name: "Otra Empresa S.A.", identificationType: "02" });
  const admin = await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } });
  const otherAdmin = await createTestUser({ persona: "admin", orgs: { [OTHER]: "admin" } });
  cookie = await sessionCookieFor(admin.id);
  otherCookie = await sessionCookieFor(otherAdmin.id);
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("/admin/bank", () => {
  it("refuses a bad IBAN and a group account in Spanish and writes nothing", async () => {
    const response = await respond(() =>
      action({
        request: postRequest(PATH, { ...ACCOUNT, iban: "CR92015100010012345679" }, cookie),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "El IBAN no es válido: revise los dígitos (el dígito de control no coincide).",
    );
    const group = await respond(() =>
      action({
        request: postRequest(PATH, { ...ACCOUNT, ledgerAccount: "10-01-01-03-00" }, cookie),
        params: {},
        context,
      }),
    );
    expect(group.status).toBe(400);
    expect(await group.text()).toContain("La cuenta 10-01-01-03-00 agrupa otras cuentas; elija una cuenta de detalle.");
    expect(await BankAccount.countDocuments({ organizationId: ORG })).toBe(0);
  });

  it("creates the account from a plain form post and lists it", async () => {
    const response = await respond(() => action({ request: postRequest(PATH, ACCOUNT, cookie), params: {}, context }));
    expect(response.status).toBe(302);
    const created = await BankAccount.findOne({ organizationId: ORG }).lean();
    expect(created).toMatchObject({ iban: "CR92015100010012345678", ledgerAccount: "10-01-01-03-01", format: "ofx" });
    expect(response.headers.get("Location")).toBe(`/admin/bank/${String(created!._id)}?org=${CEDULA}`);
    const page = await respond(() => loader({ request: getRequest(PATH, cookie), params: {}, context }));
    const body = await page.text();
    expect(body).toContain("CR92 0151 0001 0012 3456 78");
    expect(body).toContain("Banco Nacional");
  });

  it("imports an uploaded statement once, and refuses a file of another account naming it", async () => {
    const account = await BankAccount.findOne({ organizationId: ORG }).lean();
    const accountId = String(account!._id);
    const upload = () =>
      multipart({ intent: "upload", accountId }, { name: "noviembre.ofx", bytes: fixture("ofx-sgml-1.ofx") });
    const first = await respond(() => action({ request: upload(), params: {}, context }));
    expect(first.status).toBe(302);
    expect(await BankStatementLine.countDocuments({ bankAccountId: account!._id })).toBe(3);
    const again = await respond(() => action({ request: upload(), params: {}, context }));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(
      "El archivo no trae movimientos nuevos: sus 3 movimientos ya estaban importados.",
    );

    const foreign = await respond(() =>
      action({
        request: multipart(
          { intent: "upload", accountId, format: "bac" },
          { name: "bac.csv", bytes: fixture("bac-cuenta-colones.csv") },
        ),
        params: {},
        context,
      }),
    );
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("El archivo es de la cuenta CR12010200009301234567");
    const missing = await respond(() =>
      action({ request: multipart({ intent: "upload", accountId }, null), params: {}, context }),
    );
    expect(missing.status).toBe(400);
    expect(await BankStatementLine.countDocuments({ bankAccountId: account!._id })).toBe(3);

    const page = await respond(() =>
      accountLoader({
        request: getRequest(`/admin/bank/${accountId}?org=${CEDULA}&state=pendiente`, cookie),
        params: { accountID: accountId },
        context,
      }),
    );
    expect(page.status).toBe(200);
    const data = (await page.json()) as {
      counts: Record<string, number>;
      lines: Array<{ description: string; state: string; amount: string }>;
      imports: unknown[];
    };
    expect(data.counts).toEqual({ pendiente: 3, conciliado: 0, excluido: 0 });
    expect(data.lines.map((line) => line.description)).toEqual([
      "SINPE JOSÉ MUÑOZ PAGO FACTURA 123",
      "CHEQUE 871",
      "COMISIÓN ADMINISTRACIÓN",
    ]);
    expect(data.imports).toHaveLength(1);
  });

  it("answers 404 for an account of another organization, and for a page beyond the limit reads page 1", async () => {
    const account = await BankAccount.findOne({ organizationId: ORG }).lean();
    const accountId = String(account!._id);
    const foreign = await respond(() =>
      accountLoader({
        request: getRequest(`/admin/bank/${accountId}?org=${OTHER_CEDULA}`, otherCookie),
        params: { accountID: accountId },
        context,
      }),
    );
    expect(foreign.status).toBe(404);
    const upload = await respond(() =>
      action({
        request: new Request(new URL(`/admin/bank?org=${OTHER_CEDULA}`, BASE_URL), {
          method: "POST",
          headers: { Cookie: otherCookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "upload", accountId }).toString(),
        }),
        params: {},
        context,
      }),
    );
    expect(upload.status).toBe(404);
    const far = await respond(() =>
      accountLoader({
        request: getRequest(`/admin/bank/${accountId}?org=${CEDULA}&page=99999`, cookie),
        params: { accountID: accountId },
        context,
      }),
    );
    expect(((await far.json()) as { page: number }).page).toBe(1);
  });
});
