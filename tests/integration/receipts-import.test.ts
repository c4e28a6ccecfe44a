import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureOrganization } from "../../models/organization";
import { Receipt, receiptXmlBytes } from "../../models/receipt";
import { action as uploadAction, loader as uploadLoader } from "../../app/routes/_app.detail._index";
import { action as importAction } from "../../app/routes/_app.detail.import";
import { REFUSAL, type ImportReport } from "../../app/services/receipts/receipt-import.server";
import { importFiles, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../../app/services/receipts/receipts-upload.server";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateBatch,
  generateComprobante,
  generateMensajeHacienda,
} from "../../scripts/hacienda-samples/src/generate";
import { zipSamples } from "../../scripts/hacienda-samples/src/output";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { context, FERRETERIA, fileOf, settledUpload, uploadRequest, type UploadFile } from "./receipts-fixtures";

let environment: AppEnvironment;
let clientCookie: string;
let adminCookie: string;
let adminOfOtherCookie: string;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  clientCookie = await sessionCookieFor(
    (await createTestUser({ persona: "client", orgs: { [FERRETERIA.id]: "client" } })).id,
  );
  adminCookie = await sessionCookieFor(
    (await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id,
  );
  adminOfOtherCookie = await sessionCookieFor(
    (await createTestUser({ persona: "admin", orgs: { "CR:3102654321": "admin" } })).id,
  );
});

afterAll(async () => {
  await environment?.close();
});

beforeEach(async () => {
  await Receipt.deleteMany({});
});

const UPLOAD_PATH = "/detail?index&org=3101123456";

async function upload(
  files: UploadFile[],
  cookie = clientCookie,
  path = UPLOAD_PATH,
): Promise<{ status: number; body: { error: string | null; report: ImportReport | null } }> {
  return settledUpload(
    await respond(() => uploadAction({ request: uploadRequest(path, files, cookie), params: {}, context })),
  );
}

async function refusalOf(file: UploadFile, cookie = clientCookie): Promise<string> {
  const { status, body } = await upload([file], cookie);
  expect(status).toBe(200);
  expect(body.report!.counts).toEqual({ importado: 0, duplicado: 0, rechazado: 1 });
  expect(await Receipt.countDocuments()).toBe(0);
  return body.report!.results[0].message;
}

const issued = (seed: string, extra: Partial<Parameters<typeof generateComprobante>[0]> = {}) =>
  generateComprobante({
    kind: "FE",
    version: "4.4",
    seed,
    emisor: FERRETERIA_EL_CLAVO,
    receptor: BUSINESS_PARTIES[0],
    date: "2025-10-15",
    ...extra,
  });
const received = (seed: string, extra: Partial<Parameters<typeof generateComprobante>[0]> = {}) =>
  generateComprobante({
    kind: "FE",
    version: "4.4",
    seed,
    emisor: BUSINESS_PARTIES[1],
    receptor: FERRETERIA_EL_CLAVO,
    date: "2025-10-16",
    ...extra,
  });

// Hacienda's answers are recorded by admins only (issue 16); the ZIPs below hold some.
describe("uploading a ZIP (admin, without JavaScript)", () => {
  const month = generateBatch({ seed: "import-month", count: 60, month: "2025-10", mensajeHaciendaShare: 0.4 });
  const zip = zipSamples(month);
  const receipts = month.filter((document) => document.kind !== "MH");
  const answers = month.filter((document) => document.kind === "MH");

  it("imports every document, with its direction, original bytes and Hacienda status", async () => {
    const { status, body } = await upload([{ name: "octubre.zip", content: zip }], adminCookie);
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.report!.counts).toEqual({ importado: month.length, duplicado: 0, rechazado: 0 });
    expect(body.report!.results.every((result) => result.file.startsWith("octubre.zip › "))).toBe(true);
    expect(await Receipt.countDocuments({ organizationId: FERRETERIA.id })).toBe(receipts.length);

    for (const document of receipts) {
      const stored = await Receipt.findOne({ organizationId: FERRETERIA.id, clave: document.clave }).lean();
      expect(stored, document.fileName).not.toBeNull();
      const direction = document.emisor.identificacion.numero === FERRETERIA.cedula ? "issued" : "received";
      expect(stored!.direction).toBe(direction);
      expect(stored!.month).toBe("2025-10");
      expect(receiptXmlBytes(stored!.xml).equals(Buffer.from(document.xml, "utf8"))).toBe(true);
    }
    const answered = await Receipt.find({ organizationId: FERRETERIA.id, hacienda: { $exists: true } }).lean();
    expect(answered.map((receipt) => receipt.clave).sort()).toEqual(answers.map((answer) => answer.clave).sort());
    expect(body.report!.months.reduce((sum, entry) => sum + entry.count, 0)).toBe(receipts.length);
  });

  it("changes nothing when the same ZIP is uploaded again", async () => {
    await upload([{ name: "octubre.zip", content: zip }], adminCookie);
    const before = await Receipt.find({}).sort({ clave: 1 }).lean();
    const { body } = await upload([{ name: "octubre.zip", content: zip }], adminCookie);
    expect(body.report!.counts).toEqual({ importado: 0, duplicado: month.length, rechazado: 0 });
    expect(body.report!.results.filter((r) => r.status === "duplicado").map((r) => r.message)).toContain(
      "Ya estaba importado (misma clave y mismo contenido).",
    );
    expect(
      body
        .report!.results.filter((r) => r.file.includes("MH-"))
        .every((r) => r.message === "La respuesta de Hacienda ya estaba registrada."),
    ).toBe(true);
    const after = await Receipt.find({}).sort({ clave: 1 }).lean();
    expect(after).toEqual(before);
  });

  it("counts simultaneous uploads of the same files once", async () => {
    const [first, second] = await Promise.all([
      upload([{ name: "a.zip", content: zip }], adminCookie),
      upload([{ name: "b.zip", content: zip }], adminCookie),
    ]);
    expect(first.body.report!.counts.importado + second.body.report!.counts.importado).toBe(month.length);
    expect(first.body.report!.counts.rechazado + second.body.report!.counts.rechazado).toBe(0);
    expect(await Receipt.countDocuments()).toBe(receipts.length);
  });

  it("the upload page answers the client user of the organization", async () => {
    const response = await respond(() =>
      uploadLoader({
        request: new Request(`${BASE_URL}/detail?org=3101123456`, { headers: { Cookie: clientCookie } }),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      organization: { cedula: "3101123456", name: "Ferretería El Clavo S.A." },
      maxMegabytes: 100,
    });
  });
});

describe("uploading XML files", () => {
  it("imports several .xml files; the JSON route (used for progress) answers the same report", async () => {
    const files = [issued("x1"), received("x2"), issued("x3", { kind: "TE", receptor: null })].map(fileOf);
    const response = await respond(() =>
      importAction({
        request: uploadRequest("/detail/import?org=3101123456", files, adminCookie),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { report: ImportReport };
    expect(body.report.counts).toEqual({ importado: 3, duplicado: 0, rechazado: 0 });
    expect(body.report.results[0].message).toMatch(/^Factura emitida 00100001010\d{9}, octubre de 2025\.$/);
    expect(body.report.results[1].message).toMatch(/^Factura recibida 00100001010\d{9}, octubre de 2025\.$/);
    expect(body.report.results[2].message).toMatch(/^Tiquete emitido 00100001040\d{9}, octubre de 2025\.$/);
    const te = await Receipt.findOne({ kind: "TE" }).lean();
    expect(te!.counterpart.nombre).toBe("Sin receptor (consumidor final)");
  });

  it("keeps the first of two different files with the same clave", async () => {
    const original = received("same-clave");
    const altered = { name: "otra-version.xml", content: original.xml.replace("<Detalle>", "<Detalle>Copia: ") };
    const { body } = await upload([fileOf(original), altered]);
    expect(body.report!.counts).toEqual({ importado: 1, duplicado: 1, rechazado: 0 });
    expect(body.report!.results[1].message).toBe(
      "Ya existe un comprobante con la misma clave; se conserva el que se importó primero (este archivo tiene otro contenido).",
    );
    const stored = await Receipt.findOne({ clave: original.clave }).lean();
    expect(stored!.fileName).toBe(original.fileName);
  });

  it("attaches a Hacienda answer that comes before its receipt in the same upload; a different later answer does not replace it", async () => {
    const document = issued("answer-order");
    const accepted = generateMensajeHacienda({ document, estado: "aceptado" });
    const { body } = await upload([fileOf(accepted), fileOf(document)], adminCookie);
    expect(body.report!.counts).toEqual({ importado: 2, duplicado: 0, rechazado: 0 });
    expect((await Receipt.findOne({ clave: document.clave }).lean())!.hacienda!.estado).toBe("aceptado");

    const rejected = generateMensajeHacienda({ document, estado: "rechazado" });
    const second = await upload([fileOf(rejected)], adminCookie);
    expect(second.body.report!.results[0]).toMatchObject({ status: "importado" });
    expect(second.body.report!.results[0].message).toMatch(
      /^Respuesta de Hacienda \(rechazado\) distinta de la ya registrada en el comprobante \d{20}: se guardan ambas y el estado no cambia hasta que un administrador elija cuál vale\.$/,
    );
    const stored = await Receipt.findOne({ clave: document.clave }).lean();
    expect(stored!.hacienda!.estado).toBe("aceptado");
    expect(stored!.haciendaConflicts!.map((answer) => answer.estado)).toEqual(["rechazado"]);
    expect(stored!.haciendaConflicts![0].detalle).toContain("rechazado por el Ministerio de Hacienda");
    const again = await upload([fileOf(rejected)], adminCookie);
    expect(again.body.report!.results[0]).toMatchObject({
      status: "duplicado",
      message: "La respuesta de Hacienda ya estaba registrada.",
    });
  });

  it("attaches answers across batches of a large upload", async () => {
    const documents = generateBatch({ seed: "batches", count: 40, month: "2025-09", mensajeHaciendaShare: 1 });
    // Answers first: every one waits for a receipt that arrives in a later batch.
    const ordered = [...documents.filter((d) => d.kind === "MH"), ...documents.filter((d) => d.kind !== "MH")];
    const report = await importFiles(
      ordered.map((d) => ({ name: d.fileName, bytes: strToU8(d.xml) })),
      FERRETERIA,
      { batchSize: 7 },
    );
    expect(report.counts).toEqual({ importado: 80, duplicado: 0, rechazado: 0 });
    expect(await Receipt.countDocuments({ hacienda: { $exists: true } })).toBe(40);
  });
});

describe("file names a person's computer produces (issue 16)", () => {
  it("imports files named with ; = quotes, accents and emoji, each under its own name", async () => {
    const names = [
      "Facturas junio; proveedor.xml",
      "clave=506.xml",
      "Factura \"junio\" de 'Pepe'.xml",
      "Recepción ñandú (copia).xml",
      "🧾 factura 1.xml",
    ];
    const files = names.map((name, index) => ({ name, content: received(`names-${index}`).xml }));
    const { status, body } = await upload(files);
    expect(status).toBe(200);
    expect(body.report!.counts).toEqual({ importado: names.length, duplicado: 0, rechazado: 0 });
    expect(body.report!.results.map((result) => result.file)).toEqual(names);
    expect((await Receipt.find({}, { fileName: 1 }).lean()).map((receipt) => receipt.fileName).sort()).toEqual(
      [...names].sort(),
    );
  });
});

describe("storage amplification (issue 16)", () => {
  it("refuses valid receipts padded beyond the per-document limit and stores none of them", async () => {
    const padded = Array.from({ length: 20 }, (_, index) => {
      const document = received(`padded-${index}`);
      return {
        name: document.fileName,
        content: strToU8(
          document.xml.replace(/<\/FacturaElectronica>\s*$/, `${" ".repeat(4_900_000)}</FacturaElectronica>`),
        ),
      };
    });
    const zip = zipSync(Object.fromEntries(padded.map((file) => [file.name, file.content])));
    const { body } = await upload([{ name: "relleno.zip", content: zip }]);
    expect(body.report!.counts).toEqual({ importado: 0, duplicado: 0, rechazado: 20 });
    expect(
      body.report!.results.every(
        (result) => result.message === "El archivo supera el tamaño máximo permitido de 1 MB.",
      ),
    ).toBe(true);
    const loose = await upload(padded.slice(0, 2));
    expect(loose.body.report!.results.map((result) => result.message)).toEqual([REFUSAL.tooLarge, REFUSAL.tooLarge]);
    expect(await Receipt.countDocuments()).toBe(0);
  });
});

describe("refusals: a Spanish reason per file, nothing written", () => {
  it("a receipt of neither the emisor nor the receptor", async () => {
    const foreign = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "foreign",
      emisor: BUSINESS_PARTIES[0],
      receptor: BUSINESS_PARTIES[1],
    });
    expect(await refusalOf(fileOf(foreign))).toBe(
      `El comprobante no corresponde a este cliente: ni el emisor (${BUSINESS_PARTIES[0].nombre}, ${BUSINESS_PARTIES[0].identificacion.numero}) ` +
        `ni el receptor (${BUSINESS_PARTIES[1].nombre}, ${BUSINESS_PARTIES[1].identificacion.numero}) es Ferretería El Clavo S.A. (3101123456).`,
    );
  });

  it("malformed XML", async () => {
    expect(await refusalOf({ name: "roto.xml", content: "<FacturaElectronica><Clave>1</FacturaElectronica>" })).toMatch(
      /^El XML está mal formado/,
    );
  });

  it("DOCTYPE and entity declarations (XXE, billion laughs)", async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><FacturaElectronica>&x;</FacturaElectronica>';
    const message = await refusalOf({ name: "xxe.xml", content: xxe });
    expect(message).toContain("DOCTYPE");
    expect(message).toContain("entidades");
  });

  it("an unknown root, a MensajeReceptor and a version older than 4.3", async () => {
    expect(await refusalOf({ name: "pedido.xml", content: "<Pedido><Numero>1</Numero></Pedido>" })).toBe(
      "El elemento raíz «Pedido» no es un comprobante electrónico de Hacienda reconocido.",
    );
    expect(await refusalOf({ name: "mr.xml", content: "<MensajeReceptor><Clave>1</Clave></MensajeReceptor>" })).toBe(
      "El archivo es un MensajeReceptor (la respuesta de un receptor), no un comprobante electrónico.",
    );
    const old = issued("v42").xml.replace(
      "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/facturaElectronica",
      "https://tribunet.hacienda.go.cr/docs/esquemas/2017/v4.2/facturaElectronica",
    );
    expect(await refusalOf({ name: "viejo.xml", content: old })).toBe(
      "Los comprobantes de versiones anteriores a la 4.3 ya no son válidos; solo se admiten las versiones 4.3 y 4.4.",
    );
  });

  it("an empty file, a file over 1 MB and a file that is not XML", async () => {
    expect(await refusalOf({ name: "vacio.xml", content: "" })).toBe(REFUSAL.empty);
    const big = `<FacturaElectronica>${"<Otros>x</Otros>".repeat(400_000)}</FacturaElectronica>`;
    expect(await refusalOf({ name: "grande.xml", content: big })).toBe(
      "El archivo supera el tamaño máximo permitido de 1 MB.",
    );
    expect(await refusalOf({ name: "factura.pdf", content: "%PDF-1.7 binario", type: "application/pdf" })).toBe(
      REFUSAL.notXml,
    );
  });

  it("a Hacienda answer whose receipt is not stored, or whose emisor differs", async () => {
    const document = issued("lonely");
    expect(await refusalOf(fileOf(generateMensajeHacienda({ document })), adminCookie)).toBe(
      `No hay un comprobante con la clave ${document.clave} en Ferretería El Clavo S.A. (3101123456). Importe primero el comprobante (puede subir ambos en la misma carga).`,
    );
    await upload([fileOf(document)], adminCookie);
    const impostor = generateMensajeHacienda({ document: { ...document, emisor: BUSINESS_PARTIES[2] } });
    const { body } = await upload([fileOf(impostor)], adminCookie);
    expect(body.report!.results[0]).toMatchObject({ status: "rechazado" });
    expect(body.report!.results[0].message).toBe(
      `La respuesta de Hacienda indica el emisor ${BUSINESS_PARTIES[2].identificacion.numero}, pero el comprobante con esa clave es de 3101123456.`,
    );
    expect((await Receipt.findOne({ clave: document.clave }).lean())!.hacienda).toBeUndefined();
  });

  it("inside a ZIP: nested ZIPs, other files, oversized and corrupt entries, while good entries import", async () => {
    const good = received("zip-good");
    const bomb = new Uint8Array(6 * 1024 * 1024).fill(0x20);
    const zip = zipSync({
      "buenos/ok.xml": strToU8(good.xml),
      "otro.zip": zipSync({ "a.xml": strToU8(good.xml) }),
      "factura.pdf": strToU8("%PDF-1.7"),
      "bomba.xml": bomb,
      "__MACOSX/._ok.xml": strToU8("basura"),
      "carpeta/": new Uint8Array(0),
    });
    const { body } = await upload([{ name: "mixto.zip", content: zip }]);
    const byFile = Object.fromEntries(body.report!.results.map((result) => [result.file, result]));
    expect(Object.keys(byFile).sort()).toEqual([
      "mixto.zip › bomba.xml",
      "mixto.zip › buenos/ok.xml",
      "mixto.zip › factura.pdf",
      "mixto.zip › otro.zip",
    ]);
    expect(byFile["mixto.zip › buenos/ok.xml"].status).toBe("importado");
    expect(byFile["mixto.zip › otro.zip"].message).toBe(REFUSAL.nestedZip);
    expect(byFile["mixto.zip › factura.pdf"].message).toBe(REFUSAL.notXml);
    expect(byFile["mixto.zip › bomba.xml"].message).toBe(REFUSAL.tooLarge);
    expect(await Receipt.countDocuments()).toBe(1);
  });

  it("a ZIP with thousands of entries arriving in one piece", async () => {
    const entries: Record<string, Uint8Array> = {};
    for (let index = 0; index < 4_000; index++)
      entries[`pedidos/${index}.xml`] = strToU8(`<Pedido><Numero>${index}</Numero></Pedido>`);
    const { body } = await upload([{ name: "pedidos.zip", content: zipSync(entries, { level: 1 }) }]);
    expect(body.report!.counts).toEqual({ importado: 0, duplicado: 0, rechazado: 4_000 });
    expect(
      body.report!.results.every(
        (result) =>
          result.message === "El elemento raíz «Pedido» no es un comprobante electrónico de Hacienda reconocido.",
      ),
    ).toBe(true);
  });

  it("a damaged or truncated ZIP", async () => {
    const zip = zipSamples([received("damaged-1"), received("damaged-2")]);
    const truncated = zip.subarray(0, Math.floor(zip.length * 0.4));
    const { body } = await upload([{ name: "cortado.zip", content: truncated }]);
    const zipResult = body.report!.results.find((result) => result.file === "cortado.zip");
    expect(zipResult?.status).toBe("rechazado");
    expect(zipResult?.message).toMatch(/^El ZIP está (incompleto o )?dañado/);
    const garbage = new Uint8Array(2000).fill(7);
    garbage.set([0x50, 0x4b, 0x03, 0x04], 0);
    const second = await upload([{ name: "basura.zip", content: garbage }]);
    expect(second.body.report!.counts.importado).toBe(0);
    expect(
      second.body.report!.results.some((result) => result.file === "basura.zip" && result.status === "rechazado"),
    ).toBe(true);
  });
});

describe("refusals of the whole request: 4xx and nothing written", () => {
  it("a body that is not multipart, a form without files, a malformed body", async () => {
    const plain = await respond(() =>
      uploadAction({ request: postRequest(UPLOAD_PATH, { files: "x" }, clientCookie), params: {}, context }),
    );
    expect(plain.status).toBe(400);
    expect(await plain.json()).toEqual({ error: UPLOAD_MESSAGES.notMultipart, report: null });

    const form = new FormData();
    form.append("nota", "sin archivos");
    form.append("files", new File([], ""));
    const empty = await respond(() =>
      uploadAction({
        request: new Request(`${BASE_URL}${UPLOAD_PATH}`, {
          method: "POST",
          body: form,
          headers: { Cookie: clientCookie },
        }),
        params: {},
        context,
      }),
    );
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe(UPLOAD_MESSAGES.noFiles);

    const broken = new Request(`${BASE_URL}${UPLOAD_PATH}`, {
      method: "POST",
      body: "esto no es un formulario",
      headers: { Cookie: clientCookie, "Content-Type": "multipart/form-data; boundary=limite" },
    });
    const malformed = await respond(() => uploadAction({ request: broken, params: {}, context }));
    expect(malformed.status).toBe(400);
    expect(await Receipt.countDocuments()).toBe(0);
  });

  it("an upload larger than the limit is answered 413", async () => {
    const request = uploadRequest(UPLOAD_PATH, [fileOf(received("big"))], clientCookie);
    const declared = new Request(request, {
      headers: { ...Object.fromEntries(request.headers), "Content-Length": String(MAX_UPLOAD_BYTES + 1) },
    });
    const response = await respond(() => uploadAction({ request: declared, params: {}, context }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(await Receipt.countDocuments()).toBe(0);
  });

  it("another organization's admin gets 404; a visitor goes to sign in", async () => {
    const foreign = await respond(() =>
      uploadAction({
        request: uploadRequest(UPLOAD_PATH, [fileOf(received("x"))], adminOfOtherCookie),
        params: {},
        context,
      }),
    );
    expect(foreign.status).toBe(404);
    const anonymous = await respond(() =>
      uploadAction({ request: uploadRequest(UPLOAD_PATH, [fileOf(received("x"))]), params: {}, context }),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?returnTo=/);
    expect(await Receipt.countDocuments()).toBe(0);
  });
});
