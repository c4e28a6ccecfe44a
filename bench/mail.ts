/**
 * Mail reception benchmark: a real IMAP server (dovecot, as in the tests) holds N messages, each with
 * a supplier's FE and its PDF; the app's reader reads the mailbox to the end through the upload's
 * import path, on the embedded database. The same N documents are then uploaded as one ZIP in a
 * fresh database, so both figures come from the same run. Target: at least 20 messages per second,
 * with the process's memory bounded (its peak RSS is printed).
 * Run: npx tsx bench/mail.ts [messages]
 */
import { randomBytes } from "node:crypto";
import { Types } from "mongoose";
import MailComposer from "nodemailer/lib/mail-composer";
import { readMailboxNow } from "../app/services/mail/mail-worker.server";
import { saveMailbox } from "../app/services/mail/mailbox-settings.server";
import { importUpload } from "../app/services/receipts/receipts-upload.server";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { ensureOrganization } from "../models/organization";
import { Receipt } from "../models/receipt";
import { startEmbeddedMongo } from "../packages/embedded-mongo/src/index";
import { BUSINESS_PARTIES, FERRETERIA_EL_CLAVO, generateComprobante } from "../scripts/hacienda-samples/src/generate";
import { zipSamples } from "../scripts/hacienda-samples/src/output";
import { DOVECOT, startDovecot } from "../tests/support/dovecot";
import { createTestUser } from "../tests/support/users";
import { useBenchEnvironment } from "./app-environment";

const TARGET_PER_SECOND = 20;
const messagesWanted = Number(process.argv[2] ?? 1_000);
const organization = { id: "CR:3101123456", cedula: "3101123456", name: "Ferretería El Clavo S.A." };
// A supplier's PDF is tens of kilobytes: random bytes so that nothing compresses it away.
const pdfBytes = (index: number) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% factura ${index}\n`), randomBytes(40_000), Buffer.from("\n%%EOF\n")]);

if (!DOVECOT) {
  console.log("dovecot no está instalado: se omite el benchmark de correo");
  process.exit(0);
}

const documents = Array.from({ length: messagesWanted }, (_, index) =>
  generateComprobante({
    kind: "FE",
    version: "4.4",
    seed: `bench-mail-${index}`,
    emisor: BUSINESS_PARTIES[index % BUSINESS_PARTIES.length],
    receptor: FERRETERIA_EL_CLAVO,
    date: "2025-10-16",
  }),
);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const server = await startEmbeddedMongo({ port: 0 });
const dovecot = await startDovecot(["facturas"]);
try {
  const [user] = dovecot.users;
  const filling = performance.now();
  for (const [index, document] of documents.entries()) {
    const raw = await new MailComposer({
      from: "Proveedor <facturacion@proveedor.cr>",
      to: "facturas@ferreteria.cr",
      subject: `Factura electrónica ${document.clave}`,
      text: "Adjuntamos su factura electrónica.",
      attachments: [
        { filename: document.fileName, content: document.xml, contentType: "text/xml" },
        { filename: `${document.clave}.pdf`, content: pdfBytes(index), contentType: "application/pdf" },
      ],
    })
      .compile()
      .build();
    await dovecot.append(user, "INBOX", raw);
  }
  console.log(
    `${messagesWanted} mensajes (FE + PDF de 40 kB) puestos en el buzón en ${((performance.now() - filling) / 1000).toFixed(1)} s`,
  );

  useBenchEnvironment(`${server.uri}/bench_mail`);
  await connectDatabase(process.env.MONGODB_URI);
  await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
  const admin = await createTestUser({ persona: "admin", orgs: { [organization.id]: "admin" } });
  const saved = await saveMailbox(
    { organizationId: organization.id, userId: admin.id },
    {
      scope: "organization",
      label: "Buzón de facturas",
      host: dovecot.host,
      port: dovecot.port,
      user: user.user,
      password: user.password,
      folder: "INBOX",
      afterProcessing: "mark-read",
      intervalMinutes: 10,
    },
  );
  if (!saved.ok) throw new Error(saved.refusals[0].message);

  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  const start = performance.now();
  let read = 0;
  let imported = 0;
  for (;;) {
    const outcome = await readMailboxNow(new Types.ObjectId(saved.id), { log: () => undefined });
    if (outcome.kind !== "read") throw new Error(`lectura: ${JSON.stringify(outcome)}`);
    read += outcome.counts.messages;
    imported += outcome.counts.imported;
    if (outcome.counts.messages === 0) break;
  }
  const seconds = (performance.now() - start) / 1000;
  const stored = await Receipt.countDocuments({ organizationId: organization.id });
  if (read !== messagesWanted || stored !== messagesWanted)
    throw new Error(`se esperaban ${messagesWanted} mensajes y comprobantes: ${read} leídos, ${stored} guardados`);
  const mailRate = read / seconds;
  console.log(
    `correo: ${read} mensajes, ${imported} adjuntos importados en ${seconds.toFixed(1)} s = ${mailRate.toFixed(1)} mensajes/s ` +
      `(meta ≥ ${TARGET_PER_SECOND}); RSS ${mb(rssBefore)} antes, pico ${mb(peakRss)}`,
  );
  await disconnectDatabase();

  // The same documents through the upload path, in a fresh database.
  useBenchEnvironment(`${server.uri}/bench_mail_upload`);
  await connectDatabase(process.env.MONGODB_URI);
  await Receipt.init();
  const zip = zipSamples(documents);
  const form = new FormData();
  form.append("files", new File([Uint8Array.from(zip)], "comprobantes.zip", { type: "application/zip" }));
  const uploadStart = performance.now();
  const upload = await importUpload(
    new Request("http://localhost/detail?index", { method: "POST", body: form }),
    organization,
  );
  const uploadSeconds = (performance.now() - uploadStart) / 1000;
  if (!upload.ok) throw new Error(upload.refusals[0].message);
  console.log(
    `subida: ${upload.report.counts.importado} documentos en ${uploadSeconds.toFixed(1)} s = ` +
      `${(upload.report.counts.importado / uploadSeconds).toFixed(1)} documentos/s`,
  );
  await disconnectDatabase();
  if (mailRate < TARGET_PER_SECOND) process.exitCode = 1;
} finally {
  clearInterval(sampler);
  await dovecot.stop();
  await server.close();
}
