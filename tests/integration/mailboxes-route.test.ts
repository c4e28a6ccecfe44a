/**
 * /admin/mailboxes: the form as a browser without JavaScript posts it, the password kept encrypted and
 * never sent back, bad input refused in Spanish with nothing written, and «Revisar ahora» reading the
 * mailbox (a real dovecot) into «Correo recibido».
 */
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureOrganization } from "../../models/organization";
import { Mailbox } from "../../models/mailbox";
import { action, loader } from "../../app/routes/_app.admin.mailboxes";
import { decryptSecret } from "../../app/utils/crypto.server";
import { backgroundWorkDone } from "../../app/utils/background.server";
import {
  FERRETERIA_EL_CLAVO,
  BUSINESS_PARTIES,
  generateComprobante,
} from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { startDovecot, type Dovecot } from "../support/dovecot";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { FERRETERIA } from "./receipts-fixtures";

let environment: AppEnvironment;
let dovecot: Dovecot;
let cookie: string;
const PATH = "/admin/mailboxes?org=3101123456";
const context = { cspNonce: "" };

function fields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    scope: "organization",
    label: "Facturas Ferretería",
    host: dovecot.host,
    port: String(dovecot.port),
    user: dovecot.users[0].user,
    password: dovecot.users[0].password,
    folder: "INBOX",
    afterProcessing: "mark-read",
    moveTo: "",
    intervalMinutes: "10",
    ...overrides,
  };
}

async function post(values: Record<string, string>) {
  return respond(() => action({ request: postRequest(PATH, values, cookie), params: {}, context }));
}

async function page() {
  const response = await respond(() => loader({ request: getRequest(PATH, cookie), params: {}, context }));
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  dovecot = await startDovecot(["facturas"]);
  await ensureOrganization({ _id: FERRETERIA.id, name: FERRETERIA.name, identificationType: "02" });
  const admin = await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } });
  cookie = await sessionCookieFor(admin.id);
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
  await environment?.close();
});

describe("/admin/mailboxes", () => {
  it("refuses bad input in Spanish, writes nothing and never echoes the password", async () => {
    const response = await post(fields({ port: "70000", host: "imap ejemplo", password: "secreta-123" }));
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("El puerto va de 1 a 65535.");
    expect(body).toContain("El servidor debe ser un nombre");
    expect(body).not.toContain("secreta-123");
    expect(await Mailbox.countDocuments()).toBe(0);

    const withoutPassword = await post(fields({ password: "" }));
    expect(withoutPassword.status).toBe(400);
    expect(await withoutPassword.text()).toContain("Indique la contraseña del buzón.");
    const moveWithoutFolder = await post(fields({ afterProcessing: "move", moveTo: "" }));
    expect(await moveWithoutFolder.text()).toContain("Indique la carpeta a la que se mueven.");
    expect(await Mailbox.countDocuments()).toBe(0);
  });

  it("stores the mailbox with its password encrypted, shows it without the password, and «Revisar ahora» reads it", async () => {
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "ruta-correo",
      emisor: BUSINESS_PARTIES[0],
      receptor: FERRETERIA_EL_CLAVO,
      date: "2025-10-16",
    });
    const raw = await new MailComposer({
      from: "Proveedor <facturacion@proveedor.cr>",
      to: "facturas@ferreteria.cr",
      subject: "Factura de octubre",
      text: "Adjunta.",
      attachments: [{ filename: document.fileName, content: document.xml }],
    })
      .compile()
      .build();
    await dovecot.append(dovecot.users[0], "INBOX", raw);

    const saved = await post(fields());
    expect(saved.status).toBe(302);
    const stored = await Mailbox.findOne().lean();
    expect(stored?.passwordEncrypted).not.toContain(dovecot.users[0].password);
    expect(decryptSecret(stored!.passwordEncrypted)).toBe(dovecot.users[0].password);
    const shown = await page();
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Facturas Ferretería");
    expect(shown.text).not.toContain(dovecot.users[0].password);
    expect(shown.text).not.toContain(stored!.passwordEncrypted);

    const checked = await post({ intent: "check", mailboxId: String(stored!._id) });
    expect(checked.status).toBe(302);
    await backgroundWorkDone();
    const after = await page();
    expect(after.text).toContain("Factura de octubre");
    expect(after.text).toContain('"outcome":"importado"');

    // Edited without a password: the stored one is kept.
    const edited = await post(fields({ mailboxId: String(stored!._id), password: "", label: "Renombrado" }));
    expect(edited.status).toBe(302);
    const reread = await Mailbox.findById(stored!._id).lean();
    expect(reread?.label).toBe("Renombrado");
    expect(reread?.passwordEncrypted).toBe(stored!.passwordEncrypted);
  });

  it("another admin's or a made-up mailbox id is not found", async () => {
    const response = await post({ intent: "check", mailboxId: "65f0c0ffee0000000000beef" });
    expect(response.status).toBe(404);
    const removed = await post({ intent: "delete", mailboxId: "nada" });
    expect(removed.status).toBe(404);
  });
});
