import { strToU8 } from "fflate";
import { bookMonth } from "../../app/services/booking/booking.server";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import { ensureOrganization } from "../../models/organization";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type SampleParty,
} from "../../scripts/hacienda-samples/src/generate";
import { readPdfText } from "../support/pdf-tools";
import { createUser, expect, signIn, test, testDatabase, waitForMail } from "./support/fixtures";

/**
 * Issue 28: an admin registers a cobro from the statement of account, with JavaScript and without; a
 * client user reads the statement and its PDF. An organization of its own: nothing another spec reads.
 */
const CEDULA = "3101280028";
const ORG = `CR:${CEDULA}`;
const MONTH = "2025-05";
const CUSTOMER = BUSINESS_PARTIES[0];
const ISSUER: SampleParty = {
  ...FERRETERIA_EL_CLAVO,
  nombre: "Cobros de Prueba S.A.",
  identificacion: { tipo: "02", numero: CEDULA },
};

function creditSale(day: number) {
  for (let attempt = 0; ; attempt++) {
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency: "CRC",
      seed: `open-items-e2e-${day}-${attempt}`,
      date: `${MONTH}-${String(day).padStart(2, "0")}`,
      emisor: ISSUER,
      receptor: CUSTOMER,
    });
    if (/<CondicionVenta>02<\/CondicionVenta>/.test(document.xml)) return document;
  }
}

test.beforeAll(async () => {
  await testDatabase();
  await ensureOrganization({ _id: ORG, name: ISSUER.nombre, identificationType: "02" });
  const documents = [creditSale(6), creditSale(9)];
  await importFiles(
    documents.map((document) => ({ name: document.fileName, bytes: strToU8(document.xml) })),
    { id: ORG, cedula: CEDULA, name: ISSUER.nombre },
  );
  await bookMonth(ORG, MONTH, { by: "open-items-e2e" });
});

test.describe.configure({ mode: "serial" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`registrar cobro ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("an admin settles the first open invoice from the statement of account", async ({ page }) => {
      await signIn(page, await createUser({ persona: "admin", orgs: { [ORG]: "admin" } }));
      await page.goto(`/receivables?org=${CEDULA}&at=${MONTH}-31`);
      await expect(page.getByRole("heading", { level: 1, name: "Cuentas por cobrar" })).toBeVisible();
      await expect(page.getByTestId("agreement")).toContainText("Coincide con la contabilidad");
      await page.getByRole("link", { name: `Estado de cuenta de ${CUSTOMER.nombre}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Estado de cuenta" })).toBeVisible();

      const boxes = page.getByRole("checkbox", { name: /^Aplicar a FE / });
      const before = await boxes.count();
      expect(before).toBeGreaterThan(0);
      await boxes.first().check();
      await page.getByTestId("register-submit").click();
      await expect(page.getByTestId("settlements-table")).toBeVisible();
      await expect(page.getByRole("checkbox", { name: /^Aplicar a FE / })).toHaveCount(before - 1);
      await expect(page.getByTestId("items-table")).toContainText("Cancelado");
    });
  });
}

test("a client user reads the statement and its PDF", async ({ page }) => {
  await signIn(page, await createUser({ persona: "client", orgs: { [ORG]: "client" } }));
  // Today's aging: the statement it links runs the three months up to today, where the cobros are dated.
  await page.goto(`/receivables?org=${CEDULA}`);
  await page.getByRole("link", { name: `Estado de cuenta de ${CUSTOMER.nombre}` }).click();
  const statement = page.getByTestId("statement-table");
  await expect(statement).toContainText("Cobro");
  await expect(statement).toContainText("Saldo anterior");
  // A client reads; registering is for admins.
  await expect(page.getByTestId("register-submit")).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  const href = await page.getByTestId("export-pdf").getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const text = readPdfText(new Uint8Array(await response.body()));
  expect(text).toContain("Estado de cuenta");
  expect(text).toContain(CUSTOMER.nombre);
  expect(text).toContain("Saldo final");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin mails the statement of account and imports opening balances", async ({ page }) => {
    await signIn(page, await createUser({ persona: "admin", orgs: { [ORG]: "admin" } }));
    await page.goto(`/receivables?org=${CEDULA}`);
    await page.getByRole("link", { name: `Estado de cuenta de ${CUSTOMER.nombre}` }).click();
    const address = "estados@cliente-e2e.example.com";
    await page.getByLabel("Correo del destinatario").fill(address);
    await page.getByRole("button", { name: "Enviar por correo" }).click();
    await expect(page.getByTestId("toast-fallback")).toContainText(`Estado de cuenta enviado a ${address}.`);
    expect((await waitForMail(address)).subject).toContain("Estado de cuenta");
    await expect(page.getByTestId("mail-log")).toContainText(`Enviado a ${address}`);

    await page.goto(`/receivables?org=${CEDULA}`);
    const form = page.getByTestId("opening-form");
    await form.getByLabel("Archivo CSV").setInputFiles({
      name: "saldos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "cédula,documento,fecha,vencimiento,monto,nombre\n3101280099,SI-1,2025-01-10,2025-02-09,5000,\n",
      ),
    });
    await form.getByRole("button", { name: "Importar" }).click();
    await expect(page.getByTestId("opening-errors")).toContainText(
      "Línea 2, cédula: la cédula no corresponde a ningún cliente o proveedor conocido",
    );
    await form.getByLabel("Archivo CSV").setInputFiles({
      name: "saldos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "cédula,documento,fecha,vencimiento,monto,nombre\n3101280099,SI-1,2025-01-10,2025-02-09,5000,Apertura E2E S.A.\n",
      ),
    });
    await form.getByRole("button", { name: "Importar" }).click();
    await expect(page.getByTestId("toast-fallback")).toContainText("1 saldo inicial importado (1 cliente nuevo).");
    await expect(page.getByTestId("agreement-opening")).toContainText("Incluye 1 saldo inicial importado");
    await expect(page.getByRole("link", { name: "Estado de cuenta de Apertura E2E S.A." })).toBeVisible();
  });
});
