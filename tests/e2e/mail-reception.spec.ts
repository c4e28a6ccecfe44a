import MailComposer from "nodemailer/lib/mail-composer";
import { ensureOrganization } from "../../models/organization";
import {
  BUSINESS_PARTIES,
  generateComprobante,
  generateMensajeHacienda,
} from "../../scripts/hacienda-samples/src/generate";
import { startDovecot, type Dovecot } from "../support/dovecot";
import { seriousViolations } from "./support/axe";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

/**
 * Receipts by e-mail (issue 27): an admin configures a client's mailbox through the form, with and
 * without JavaScript, presses «Revisar ahora», and the receipt appears with its PDF and Hacienda's
 * state. Each run has an organization of its own; the mailbox is a real dovecot started here.
 */
let dovecot: Dovecot;

test.beforeAll(async () => {
  dovecot = await startDovecot(["con-js", "sin-js"]);
});

test.afterAll(async () => {
  await dovecot?.stop();
});

for (const javaScriptEnabled of [true, false]) {
  const cedula = javaScriptEnabled ? "3101777701" : "3101777702";
  const org = `CR:${cedula}`;
  const mailUser = javaScriptEnabled ? "con-js" : "sin-js";

  test.describe(`mailbox ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("configure, «Revisar ahora», and the receipt arrives with its PDF and Hacienda state", async ({ page }) => {
      await testDatabase();
      const name = `Correo E2E ${javaScriptEnabled ? "JS" : "HTML"} S.A.`;
      await ensureOrganization({ _id: org, name, identificationType: "02" });
      const document = generateComprobante({
        kind: "FE",
        version: "4.4",
        seed: `correo-e2e-${cedula}`,
        emisor: BUSINESS_PARTIES[0],
        receptor: { nombre: name, identificacion: { tipo: "02", numero: cedula } },
        date: "2025-10-16",
      });
      const answer = generateMensajeHacienda({ document, estado: "aceptado" });
      const user = dovecot.users.find((candidate) => candidate.user === mailUser)!;
      const raw = await new MailComposer({
        from: "Distribuidora <facturacion@distribuidora.cr>",
        to: `${mailUser}@cliente.cr`,
        subject: `Factura electrónica ${document.consecutivo}`,
        text: "Adjuntamos la factura, su PDF y la respuesta de Hacienda.",
        attachments: [
          { filename: document.fileName, content: document.xml },
          { filename: `${document.clave}.pdf`, content: Buffer.from("%PDF-1.4\n% E2E\n%%EOF\n") },
          { filename: `MH-${document.clave}.xml`, content: answer.xml },
        ],
      })
        .compile()
        .build();
      await dovecot.append(user, "INBOX", raw);

      await signedInAs(page, "admin", { [org]: "admin" });
      await page.goto(`/admin/mailboxes?org=${cedula}`);
      await expect(page.getByRole("heading", { level: 1, name: "Correo de Comprobantes" })).toBeVisible();
      await page.getByLabel("Nombre").fill("Facturas del cliente");
      await page.getByLabel("Servidor IMAP").fill(dovecot.host);
      await page.getByLabel("Puerto").fill(String(dovecot.port));
      await page.getByLabel("Conexión segura (TLS)").uncheck();
      await page.getByLabel("Usuario").fill(user.user);
      await page.getByLabel("Contraseña o contraseña de aplicación").fill(user.password);
      await page.getByRole("button", { name: "Agregar buzón" }).click();
      await expect(page.getByTestId("mailbox")).toContainText("Facturas del cliente");
      await expect(page.getByText(user.password)).toHaveCount(0);

      await page.getByRole("button", { name: "Revisar ahora" }).click();
      await expect(async () => {
        await page.goto(`/admin/mailboxes?org=${cedula}`);
        await expect(page.getByTestId("mail-log-entry")).toHaveCount(1);
      }).toPass({ timeout: 30_000 });
      const entry = page.getByTestId("mail-log-entry");
      await expect(entry).toContainText(`Factura electrónica ${document.consecutivo}`);
      await expect(entry.getByText("Importado")).toHaveCount(3);
      if (javaScriptEnabled) expect(await seriousViolations(page, "/admin/mailboxes")).toEqual([]);

      await entry.getByRole("link", { name: document.fileName }).click();
      await expect(page.getByTestId("receipt-clave")).toContainText(document.clave);
      await expect(page.getByText("Hacienda: Aceptado")).toBeVisible();
      const pdfLink = page.getByTestId("pdf-download");
      await expect(pdfLink).toBeVisible();
      const pdf = await page.request.get((await pdfLink.getAttribute("href"))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // The month view says how it arrived.
      await page.goto(`/?org=${cedula}&month=2025-10&tab=recibidos`);
      await expect(page.getByTestId("receipt-arrival")).toHaveText("Por correo");
    });
  });
}
