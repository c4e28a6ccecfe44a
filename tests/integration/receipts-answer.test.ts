import mongoose from "mongoose";
import { MongoClient } from "mongodb";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureOrganization } from "../../models/organization";
import { Receipt, sumReceipts } from "../../models/receipt";
import { nextSequenceValue } from "../../models/sequence";
import { action as detailAction, loader as detailLoader } from "../../app/routes/_app.detail.$invoiceID";
import { loader as mensajeReceptorLoader } from "../../app/routes/_app.detail.$invoiceID.mensaje-receptor";
import { action as chooseAction } from "../../app/routes/_app.detail.$invoiceID.hacienda";
import { action as uploadAction } from "../../app/routes/_app.detail._index";
import type { HaciendaConflictView } from "../../app/services/receipts/hacienda-answers.server";
import { REFUSAL } from "../../app/services/receipts/receipt-import.server";
import { withPlaceholderSignature } from "../../app/domain/hacienda";
import { formatAmount } from "../../app/domain/money";
import type { ReceiptDetailView } from "../../app/services/receipts/receipts-detail.server";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  generateMensajeHacienda,
} from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { cookiesFrom, getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { haciendaXsdPath, validateXmlBatch } from "../support/xmllint";
import {
  context,
  FERRETERIA,
  fileOf,
  importDocuments,
  settledUpload,
  uploadRequest,
  type UploadFile,
} from "./receipts-fixtures";
import { loader as rootLoader } from "../../app/root";

let environment: AppEnvironment;
let adminCookie: string;
let clientCookie: string;
let adminId: string;

const supplier = BUSINESS_PARTIES[1];
const received = (seed: string, extra: Partial<Parameters<typeof generateComprobante>[0]> = {}) =>
  generateComprobante({
    kind: "FE",
    version: "4.4",
    seed,
    emisor: supplier,
    receptor: FERRETERIA_EL_CLAVO,
    date: "2025-10-16",
    currency: "CRC",
    ...extra,
  });

const documents = {
  accept: received("answer-accept"),
  partial: received("answer-partial"),
  reject: received("answer-reject"),
  second: received("answer-second"),
  invalid: received("answer-invalid"),
  usd: received("answer-usd", { currency: "USD", tipoCambio: "507.43" }),
  creditNote: received("answer-nc", { kind: "NC" }),
  issued: generateComprobante({
    kind: "FE",
    version: "4.4",
    seed: "answer-issued",
    receptor: supplier,
    date: "2025-10-16",
  }),
  refusedByHacienda: received("answer-mh-rejected"),
};
const ids: Record<string, string> = {};
const generatedXml: string[] = [];

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const admin = await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } });
  adminId = admin.id;
  adminCookie = await sessionCookieFor(admin.id);
  clientCookie = await sessionCookieFor(
    (await createTestUser({ persona: "client", orgs: { [FERRETERIA.id]: "client" } })).id,
  );
  const all = Object.values(documents);
  const report = await importDocuments([
    ...all,
    generateMensajeHacienda({ document: documents.refusedByHacienda, estado: "rechazado" }),
  ]);
  expect(report.counts.rechazado).toBe(0);
  for (const [name, document] of Object.entries(documents)) {
    ids[name] = String((await Receipt.findOne({ clave: document.clave }, { _id: 1 }).lean())!._id);
  }
});

afterAll(async () => {
  // Every MensajeReceptor the app generated must be valid against Hacienda's schema.
  expect(generatedXml.length).toBeGreaterThanOrEqual(4);
  const results = await validateXmlBatch(
    generatedXml.map(withPlaceholderSignature),
    haciendaXsdPath("MensajeReceptor", "4.4"),
  );
  expect(results.flatMap((result) => result.errors)).toEqual([]);
  expect(results.every((result) => result.valid)).toBe(true);
  await environment?.close();
});

// The answer cannot be changed once recorded: the form posts it with the person's confirmation.
function answer(name: string, fields: Record<string, string>, cookie = adminCookie, confirmed = true) {
  const id = ids[name];
  const body = { intent: "answer", ...fields, ...(confirmed ? { confirmed: "yes" } : {}) };
  return respond(() =>
    detailAction({
      request: postRequest(`/detail/${id}?org=3101123456`, body, cookie),
      params: { invoiceID: id },
      context,
    }),
  );
}

async function stored(name: string) {
  const receipt = await Receipt.findById(ids[name]).lean();
  return receipt!.receptorMessage;
}

const reader = new XMLParser({ parseTagValue: false });

async function recordedXml(name: string): Promise<Record<string, string>> {
  const response = await respond(() =>
    mensajeReceptorLoader({
      request: getRequest(`/detail/${ids[name]}/mensaje-receptor?org=3101123456`, clientCookie),
      params: { invoiceID: ids[name] },
      context,
    }),
  );
  expect(response.status).toBe(200);
  const xml = await response.text();
  generatedXml.push(xml);
  return reader.parse(xml).MensajeReceptor;
}

async function toastOf(response: Response): Promise<string | undefined> {
  const data = (await (
    await respond(() => rootLoader({ request: getRequest("/", cookiesFrom(response)), params: {}, context }))
  ).json()) as { toast?: { message: string } };
  return data.toast?.message;
}

describe("the receptor's answer (MensajeReceptor)", () => {
  it("an admin accepts a received invoice: the XML carries the answer and the first 05 consecutive", async () => {
    const response = await answer("accept", {
      mensaje: "1",
      condicionImpuesto: "01",
      montoTotalImpuestoAcreditar: "",
      montoTotalDeGastoAplicable: "",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/detail/${ids.accept}?org=3101123456`);
    expect(await toastOf(response)).toBe("Respuesta registrada con el consecutivo 00100001050000000001.");
    const message = (await stored("accept"))!;
    expect(message.mensaje).toBe(1);
    expect(message.consecutivo).toBe("00100001050000000001");
    expect(String(message.recordedBy)).toBe(adminId);
    const xml = await recordedXml("accept");
    expect(xml).toMatchObject({
      Clave: documents.accept.clave,
      NumeroCedulaEmisor: supplier.identificacion.numero,
      Mensaje: "1",
      CondicionImpuesto: "01",
      MontoTotalImpuesto: formatAmount(documents.accept.totalImpuesto),
      MontoTotalImpuestoAcreditar: formatAmount(documents.accept.totalImpuesto),
      TotalFactura: formatAmount(documents.accept.totalComprobante),
      NumeroCedulaReceptor: "3101123456",
      NumeroConsecutivoReceptor: "00100001050000000001",
      CodigoActividad: "475201",
    });
    expect(xml.FechaEmisionDoc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/);
  });

  it("each message type has its own sequence: 06 for partial, 07 for rejection, 05 again for the next acceptance", async () => {
    const partial = await answer("partial", {
      mensaje: "2",
      condicionImpuesto: "02",
      montoTotalImpuestoAcreditar: "1.000,50",
      montoTotalDeGastoAplicable: "2000",
    });
    expect(partial.status).toBe(302);
    const partialXml = await recordedXml("partial");
    expect(partialXml.NumeroConsecutivoReceptor).toBe("00100001060000000001");
    expect(partialXml.MontoTotalImpuestoAcreditar).toBe("1000.50000");
    expect(partialXml.MontoTotalDeGastoAplicable).toBe("2000.00000");

    const reject = await answer("reject", {
      mensaje: "3",
      condicionImpuesto: "01",
      detalleMensaje: "Mercadería no recibida",
    });
    expect(reject.status).toBe(302);
    const rejectXml = await recordedXml("reject");
    expect(rejectXml.NumeroConsecutivoReceptor).toBe("00100001070000000001");
    expect(rejectXml.DetalleMensaje).toBe("Mercadería no recibida");
    expect(rejectXml.CondicionImpuesto).toBeUndefined();
    expect(rejectXml.MontoTotalImpuestoAcreditar).toBeUndefined();

    expect((await answer("second", { mensaje: "1", condicionImpuesto: "04" })).status).toBe(302);
    const secondXml = await recordedXml("second");
    expect(secondXml.NumeroConsecutivoReceptor).toBe("00100001050000000002");
    expect(secondXml.MontoTotalImpuestoAcreditar).toBe("0.00000");
  });

  it("amounts of a dollar invoice stay in dollars", async () => {
    expect((await answer("usd", { mensaje: "1", condicionImpuesto: "01" })).status).toBe(302);
    const xml = await recordedXml("usd");
    expect(xml.TotalFactura).toBe(formatAmount(documents.usd.totalComprobante));
  });

  it("shows the recorded answer on the receipt page and refuses a second answer with 409", async () => {
    const page = (await (
      await respond(() =>
        detailLoader({
          request: getRequest(`/detail/${ids.accept}?org=3101123456`, clientCookie),
          params: { invoiceID: ids.accept },
          context,
        }),
      )
    ).json()) as ReceiptDetailView;
    expect(page.answer.recorded).toMatchObject({
      mensaje: "Aceptado",
      condicion: "01 · Genera crédito IVA",
      consecutivo: "00100001050000000001",
    });
    expect(page.answer.canAnswer).toBe(false);
    const again = await answer("accept", { mensaje: "3", detalleMensaje: "Cambio de opinión" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { "": ["La respuesta a este comprobante ya se registró."] } });
    expect((await stored("accept"))!.mensaje).toBe(1);
  });

  it("nothing is chosen for the admin: a form without an answer is refused; a valid one without confirmation only asks", async () => {
    const unchosen = await answer("invalid", { condicionImpuesto: "01" });
    expect(unchosen.status).toBe(400);
    expect(((await unchosen.json()) as { error: Record<string, string[]> }).error.mensaje).toEqual([
      "Elija aceptar, aceptar parcialmente o rechazar.",
    ]);
    const unconfirmed = await answer("invalid", { mensaje: "1", condicionImpuesto: "01" }, adminCookie, false);
    expect(unconfirmed.status).toBe(200);
    expect(await unconfirmed.json()).toMatchObject({
      confirm: true,
      initialValue: { mensaje: "1", condicionImpuesto: "01" },
    });
    expect(await stored("invalid")).toBeUndefined();
  });

  it("validates the form with Spanish field errors and writes nothing", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ mensaje: "1" }, "condicionImpuesto", "Indique la condición del impuesto."],
      [{ mensaje: "4", condicionImpuesto: "01" }, "mensaje", "Elija aceptar, aceptar parcialmente o rechazar."],
      [{ mensaje: "1", condicionImpuesto: "09" }, "condicionImpuesto", "Elija una condición del impuesto válida."],
      [
        { mensaje: "1", condicionImpuesto: "01", montoTotalImpuestoAcreditar: "mil" },
        "montoTotalImpuestoAcreditar",
        "IVA acreditable: escriba un monto válido, por ejemplo 1234,56.",
      ],
      [
        { mensaje: "1", condicionImpuesto: "04", montoTotalImpuestoAcreditar: "10" },
        "montoTotalImpuestoAcreditar",
        "Con la condición 04 (gasto corriente sin crédito) el IVA acreditable debe ser 0.",
      ],
      [{ mensaje: "3" }, "detalleMensaje", "Indique el motivo del rechazo."],
      [
        { mensaje: "3", detalleMensaje: "x".repeat(161) },
        "detalleMensaje",
        "El detalle no puede superar 160 caracteres.",
      ],
      [
        { mensaje: "1", condicionImpuesto: "01", montoTotalImpuestoAcreditar: "999999999" },
        "montoTotalImpuestoAcreditar",
        "El IVA acreditable no puede superar el impuesto del comprobante",
      ],
      [
        { mensaje: "1", condicionImpuesto: "01", montoTotalDeGastoAplicable: "999999999" },
        "montoTotalDeGastoAplicable",
        "El gasto aplicable no puede superar el total del comprobante",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await answer("invalid", fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = (await response.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
      expect(body.error[field]?.[0], JSON.stringify(fields)).toContain(message);
      expect(body.initialValue.mensaje).toBe(fields.mensaje);
    }
    expect(await stored("invalid")).toBeUndefined();
    const unknownIntent = await respond(() =>
      detailAction({
        request: postRequest(`/detail/${ids.invalid}?org=3101123456`, { intent: "borrar" }, adminCookie),
        params: { invoiceID: ids.invalid },
        context,
      }),
    );
    expect(unknownIntent.status).toBe(400);
  });

  it("refuses receipts that take no answer: issued, credit notes, rejected by Hacienda", async () => {
    const cases: Array<[string, string]> = [
      ["issued", "Solo los comprobantes recibidos se aceptan o rechazan."],
      [
        "creditNote",
        "Nota de crédito electrónica: este tipo de comprobante no se acepta ni se rechaza con un mensaje del receptor.",
      ],
      ["refusedByHacienda", "Hacienda rechazó este comprobante; no corresponde aceptarlo."],
    ];
    for (const [name, message] of cases) {
      const response = await answer(name, { mensaje: "1", condicionImpuesto: "01" });
      expect(response.status, name).toBe(400);
      expect(await response.json()).toMatchObject({ error: { "": [message] } });
      expect(await stored(name)).toBeUndefined();
    }
  });

  it("is for admins of the organization only: a client user gets 403 and nothing is written", async () => {
    const response = await answer("invalid", { mensaje: "1", condicionImpuesto: "01" }, clientCookie);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: unknown }).error).toEqual({
      "": ["Solo los administradores del cliente pueden aceptar o rechazar comprobantes."],
    });
    expect(await stored("invalid")).toBeUndefined();
    const page = (await (
      await respond(() =>
        detailLoader({
          request: getRequest(`/detail/${ids.invalid}?org=3101123456`, clientCookie),
          params: { invoiceID: ids.invalid },
          context,
        }),
      )
    ).json()) as ReceiptDetailView;
    expect(page.answer).toMatchObject({ canAnswer: false, recorded: null, notAnswerable: null });
  });

  it("the message download is 404 until an answer exists", async () => {
    const response = await respond(() =>
      mensajeReceptorLoader({
        request: getRequest(`/detail/${ids.invalid}/mensaje-receptor?org=3101123456`, clientCookie),
        params: { invoiceID: ids.invalid },
        context,
      }),
    );
    expect(response.status).toBe(404);
  });
});

describe("per-organization sequences", () => {
  it("never hand out the same number, even to separate connections racing", async () => {
    const other = await MongoClient.connect(environment.databaseUri);
    try {
      const sequences = other.db().collection<{ _id: string; value: number }>("sequences");
      const viaDriver = async () => {
        const result = await sequences.findOneAndUpdate(
          { _id: "CR:3101123456|prueba" },
          { $inc: { value: 1 }, $setOnInsert: { organizationId: "CR:3101123456", name: "prueba" } },
          { upsert: true, returnDocument: "after" },
        );
        return result!.value;
      };
      const values = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          index % 2 === 0 ? nextSequenceValue("CR:3101123456", "prueba") : viaDriver(),
        ),
      );
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
      expect(await nextSequenceValue("CR:3102654321", "prueba")).toBe(1);
    } finally {
      await other.close();
    }
    expect(mongoose.connection.readyState).toBe(1);
  });
});

describe("Hacienda's answers: recorded by admins, a different later answer never replaces the first (issue 16)", () => {
  const month = { organizationId: FERRETERIA.id, direction: "received" as const, month: "2025-10" };
  const unsigned = (xml: string) => xml.replace(/<(ds:)?Signature[\s\S]*<\/(ds:)?Signature>/, "");
  const uploadAs = async (cookie: string, files: UploadFile[]) =>
    settledUpload(
      await respond(() =>
        uploadAction({ request: uploadRequest("/detail?index&org=3101123456", files, cookie), params: {}, context }),
      ),
    );
  const snapshot = async (clave: string) => {
    const receipt = await Receipt.findOne({ clave }).lean();
    return {
      hacienda: receipt!.hacienda,
      conflicts: receipt!.haciendaConflicts ?? [],
      totals: await sumReceipts(month),
    };
  };

  it("a client user's MensajeHacienda (a forged rejection) is refused and changes nothing; so is an issued invoice", async () => {
    const document = received("forged-answer");
    await importDocuments([document, generateMensajeHacienda({ document, estado: "aceptado" })]);
    const before = await snapshot(document.clave);
    const forged = {
      name: "respuesta.xml",
      content: unsigned(generateMensajeHacienda({ document, estado: "rechazado" }).xml),
    };
    const signed = fileOf(generateMensajeHacienda({ document, estado: "rechazado" }));
    const { status, body } = await uploadAs(clientCookie, [forged, signed]);
    expect(status).toBe(200);
    expect(body.report!.counts).toEqual({ importado: 0, duplicado: 0, rechazado: 2 });
    expect(body.report!.results.map((result) => result.message)).toEqual([
      REFUSAL.answerNotAllowed,
      REFUSAL.answerNotAllowed,
    ]);
    expect(await snapshot(document.clave)).toEqual(before);

    const issued = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "client-issued",
      receptor: supplier,
      date: "2025-10-16",
    });
    const count = await Receipt.countDocuments();
    const refused = await uploadAs(clientCookie, [fileOf(issued)]);
    expect(refused.body.report!.results).toEqual([
      { file: issued.fileName, status: "rechazado", message: REFUSAL.issuedNotAllowed },
    ]);
    expect(await Receipt.countDocuments()).toBe(count);
  });

  it("an admin's unsigned answer is refused; a different signed one is kept beside the first until an admin chooses", async () => {
    const document = received("conflicting-answer");
    const accepted = generateMensajeHacienda({ document, estado: "aceptado" });
    await importDocuments([document, accepted]);
    const id = String((await Receipt.findOne({ clave: document.clave }, { _id: 1 }).lean())!._id);
    const before = await snapshot(document.clave);

    const rejection = generateMensajeHacienda({ document, estado: "rechazado" });
    const unsignedUpload = await uploadAs(adminCookie, [{ name: "sin-firma.xml", content: unsigned(rejection.xml) }]);
    expect(unsignedUpload.body.report!.results[0]).toMatchObject({
      status: "rechazado",
      message: REFUSAL.unsignedAnswer,
    });

    const conflicting = await uploadAs(adminCookie, [fileOf(rejection)]);
    expect(conflicting.body.report!.results[0].status).toBe("importado");
    const during = await snapshot(document.clave);
    expect(during.hacienda!.estado).toBe("aceptado");
    expect(during.conflicts.map((answer) => answer.estado)).toEqual(["rechazado"]);
    expect(during.totals).toEqual(before.totals);

    const page = (cookie: string) =>
      respond(() =>
        detailLoader({
          request: getRequest(`/detail/${id}?org=3101123456`, cookie),
          params: { invoiceID: id },
          context,
        }),
      );
    const adminView = (await (await page(adminCookie)).json()) as { haciendaConflict: HaciendaConflictView | null };
    expect(adminView.haciendaConflict!.canChoose).toBe(true);
    expect(adminView.haciendaConflict!.answers.map((answer) => [answer.estado, answer.applied])).toEqual([
      ["aceptado", true],
      ["rechazado", false],
    ]);
    const clientView = (await (await page(clientCookie)).json()) as { haciendaConflict: HaciendaConflictView | null };
    expect(clientView.haciendaConflict!.canChoose).toBe(false);

    const rejectedSha = adminView.haciendaConflict!.answers[1].sha;
    const choose = (cookie: string) =>
      respond(() =>
        chooseAction({
          request: postRequest(`/detail/${id}/hacienda?org=3101123456`, { answer: rejectedSha }, cookie),
          params: { invoiceID: id },
          context,
        }),
      );
    expect((await choose(clientCookie)).status).toBe(403);
    expect(await snapshot(document.clave)).toEqual(during);

    const chosen = await choose(adminCookie);
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("Location")).toBe(`/detail/${id}?org=3101123456`);
    const after = await Receipt.findById(id).lean();
    expect(after!.hacienda!.estado).toBe("rechazado");
    expect(after!.haciendaConflicts).toEqual([]);
    expect(after!.haciendaSuperseded!.map((answer) => answer.estado)).toEqual(["aceptado"]);
    expect(after!.haciendaDecisions!.map((decision) => [String(decision.decidedBy), decision.chosenSha256])).toEqual([
      [adminId, rejectedSha],
    ]);
    const totalsAfter = await sumReceipts(month);
    expect(totalsAfter.counted).toBe(before.totals.counted - 1);
    expect((await choose(adminCookie)).headers.get("Location")).toBe(`/detail/${id}?org=3101123456`);
    expect((await Receipt.findById(id).lean())!.haciendaDecisions).toHaveLength(1);
  });
});
