/**
 * The statement-of-account route as a browser without JavaScript uses it: «Registrar cobro» posts a
 * plain form, a refusal answers 400 with its reason and writes nothing, a client user cannot post,
 * «Deshacer» reverses the entry; the exports carry the same statement.
 */
import { simpleParser } from "mailparser";
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bookMonth } from "../../app/services/booking/booking.server";
import { listEntries } from "../../app/services/ledger/ledger.server";
import { syncAllOpenItems } from "../../app/services/open-items/sync.server";
import { Receipt } from "../../models/receipt";
import { Counterparty } from "../../models/counterparty";
import { OpenItem } from "../../models/open-item";
import { moveItemBalances } from "../../models/open-item-writes";
import { withTransaction } from "../../app/utils/db.server";
import { ensureOrganization } from "../../models/organization";
import { Settlement } from "../../models/settlement";
import { StatementMail } from "../../models/statement-mail";
import { readPdfText } from "../support/pdf-tools";
import { BUSINESS_PARTIES, generateComprobante } from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";
import * as statementRoute from "../../app/routes/_app.receivables_.$partyId";
import * as csvRoute from "../../app/routes/_app.receivables_.$partyId_.statement[.]csv";
import * as agingRoute from "../../app/routes/_app.receivables";

let environment: AppEnvironment;
let admin: string;
let client: string;
let partyId: string;
const MONTH = "2025-03";

function creditSale(seed: number) {
  for (let attempt = 0; ; attempt++) {
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency: "CRC",
      seed: `routes-${seed}-${attempt}`,
      date: `${MONTH}-0${seed}`,
      receptor: BUSINESS_PARTIES[3],
    });
    if (/<CondicionVenta>02<\/CondicionVenta>/.test(document.xml)) return document;
  }
}

async function post(fields: Record<string, string>, cookie: string) {
  const path = `/receivables/${partyId}?org=3101123456`;
  return respond(() =>
    statementRoute.action({
      request: postRequest(path, fields, cookie),
      params: { partyId },
      context: { cspNonce: "" },
    } as ActionFunctionArgs),
  );
}

async function load(route: { loader: (args: LoaderFunctionArgs) => Promise<unknown> }, path: string, cookie: string) {
  return respond(() =>
    route.loader({
      request: getRequest(path, cookie),
      params: { partyId },
      context: { cspNonce: "" },
    } as LoaderFunctionArgs),
  );
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id);
  client = await sessionCookieFor(
    (await createTestUser({ persona: "client", orgs: { [FERRETERIA.id]: "client" } })).id,
  );
  await importDocuments([creditSale(2), creditSale(5)]);
  await bookMonth(FERRETERIA.id, MONTH, { by: "routes-test" });
  partyId = String(
    (await Counterparty.findOne({
      organizationId: FERRETERIA.id,
      cedula: BUSINESS_PARTIES[3].identificacion.numero,
    }).lean())!._id,
  );
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

async function openItems() {
  return OpenItem.find({ organizationId: FERRETERIA.id, partyId: new Types.ObjectId(partyId) })
    .sort({ fecha: 1 })
    .lean();
}

describe("/receivables/:partyId", () => {
  it("refuses more than a document owes with a 400 and its reason, writing nothing", async () => {
    const [first] = await openItems();
    const entriesBefore = (await listEntries(FERRETERIA.id, {}, { page: 1, pageSize: 1 })).count;
    const response = await post(
      {
        intent: "register",
        date: "31/03/2025",
        moneyAccount: "10-01-01-03-01",
        "items[0].id": String(first._id),
        "items[0].selected": "on",
        "items[0].amount": "999999999",
      },
      admin,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/supera su saldo pendiente/);
    expect(await Settlement.countDocuments({ organizationId: FERRETERIA.id, kind: "cobro" })).toBe(0);
    expect((await listEntries(FERRETERIA.id, {}, { page: 1, pageSize: 1 })).count).toBe(entriesBefore);
  });

  it("refuses a client user's post (sent home) and a form row index beyond the maximum (400)", async () => {
    const response = await post({ intent: "register" }, client);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const tooMany = await post({ intent: "register", "items[500].id": "x" }, admin);
    expect(tooMany.status).toBe(400);
  });

  it("saves the customer's sales account from a plain form, refusing one that is not a movement account (400)", async () => {
    const refused = await post({ intent: "settings", paymentTermDays: "30", salesAccount: "40-01-01-00-00" }, admin);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "La cuenta 40-01-01-00-00 tiene subcuentas; elija una cuenta de movimiento.",
    );
    expect((await Counterparty.findById(partyId).lean())?.salesAccount).toBeUndefined();
    const saved = await post({ intent: "settings", salesAccount: "40-01-01-01-00" }, admin);
    expect(saved.status).toBe(302);
    expect((await Counterparty.findById(partyId).lean())?.salesAccount).toBe("40-01-01-01-00");
    await Counterparty.updateOne({ _id: partyId }, { $unset: { salesAccount: "" } });
  });

  it("registers a cobro of one full and one partial document from a plain form, then undoes it", async () => {
    const [first, second] = await openItems();
    const response = await post(
      {
        intent: "register",
        date: "31/03/2025",
        moneyAccount: "10-01-01-03-01",
        "items[0].id": String(first._id),
        "items[0].selected": "on",
        "items[1].id": String(second._id),
        "items[1].selected": "on",
        "items[1].amount": "1000,00",
      },
      admin,
    );
    expect(response.status).toBe(302);
    const [paidFirst, paidSecond] = await openItems();
    expect(BigInt(paidFirst.balance)).toBe(0n);
    expect(BigInt(paidSecond.balance)).toBe(BigInt(second.balance) - 100_000n);
    const settlement = (await Settlement.findOne({ organizationId: FERRETERIA.id, kind: "cobro" }).lean())!;
    expect(settlement.entryNumber).toMatch(/^2025-\d{6}$/);

    const page = await load(
      statementRoute,
      `/receivables/${partyId}?org=3101123456&from=2025-03-01&to=2025-03-31`,
      client,
    );
    expect(page.status).toBe(200);
    const data = (await page.json()) as {
      statement: { lines: Array<{ kind: string }>; closing: string };
      admin: boolean;
    };
    expect(data.admin).toBe(false);
    expect(data.statement.lines.map((line) => line.kind)).toEqual(["Documento", "Documento", "Cobro"]);

    const csv = await load(
      csvRoute,
      `/receivables/${partyId}/statement.csv?org=3101123456&from=2025-03-01&to=2025-03-31`,
      client,
    );
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toBe("fecha,tipo,detalle,cargo,abono,saldo");
    expect(text).toMatch(/\r\n2025-03-31,Cobro,/);

    const undo = await post({ intent: "undo", settlementId: String(settlement._id), date: "31/03/2025" }, admin);
    expect(undo.status).toBe(302);
    const [restoredFirst, restoredSecond] = await openItems();
    expect(BigInt(restoredFirst.balance)).toBe(BigInt(first.balance));
    expect(BigInt(restoredSecond.balance)).toBe(BigInt(second.balance));
    const again = await post({ intent: "undo", settlementId: String(settlement._id), date: "31/03/2025" }, admin);
    expect(again.status).toBe(400);
  });

  it("shows the aging with no difference from the control account, and 400 for a bad date", async () => {
    const response = await load(agingRoute, "/receivables?org=3101123456&at=2025-03-31", client);
    const data = (await response.json()) as { agreement: { agrees: boolean }; rows: Array<{ partyId: string }> };
    expect(data.agreement.agrees).toBe(true);
    expect(data.rows.map((row) => row.partyId)).toContain(partyId);
    const bad = await load(agingRoute, "/receivables?org=3101123456&at=31/02/2025", client);
    expect(bad.status).toBe(400);
  });
});

describe("«Enviar por correo» on /receivables/:partyId", () => {
  const path = () => `/receivables/${partyId}?org=3101123456&from=2025-03-01&to=2025-03-31`;
  const send = (fields: Record<string, string>, cookie: string) =>
    respond(() =>
      statementRoute.action({
        request: postRequest(path(), fields, cookie),
        params: { partyId },
        context: { cspNonce: "" },
      } as ActionFunctionArgs),
    );

  it("mails the statement's PDF to the address given, from a plain form, and records who sent it", async () => {
    const response = await send({ intent: "mail", to: "  cobros@cliente.example.com " }, admin);
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("Location")!);
    expect(`${back.pathname}${back.search}`).toBe(path());
    const mail = await environment.mail.waitForMail((message) => message.to.includes("cobros@cliente.example.com"));
    expect(mail.subject).toBe("Estado de cuenta del 01/03/2025 al 31/03/2025 · Ferretería El Clavo S.A.");
    const parsed = await simpleParser(mail.raw);
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment.contentType).toBe("application/pdf");
    expect(attachment.filename).toBe(
      `estado-de-cuenta-cliente-3101123456-${BUSINESS_PARTIES[3].identificacion.numero}-2025-03-01_2025-03-31.pdf`,
    );
    const text = readPdfText(attachment.content, { layout: true });
    expect(text).toContain("Estado de cuenta");
    expect(text).toContain("Del 01/03/2025 al 31/03/2025");
    expect(text).toContain(`Cliente: ${BUSINESS_PARTIES[3].nombre}`);
    for (const item of await openItems()) expect(text).toContain(`FE ${item.consecutivo}`);

    const log = await StatementMail.find({ organizationId: FERRETERIA.id }).lean();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      to: "cobros@cliente.example.com",
      outcome: "enviado",
      from: "2025-03-01",
      until: "2025-03-31",
      side: "receivable",
    });
    const page = await load(statementRoute, path(), admin);
    const data = (await page.json()) as { mails: Array<{ text: string; failed: boolean }> };
    expect(data.mails).toHaveLength(1);
    expect(data.mails[0].text).toMatch(/^Enviado a cobros@cliente\.example\.com el /);
  });

  it("refuses a bad, missing or oversized address with a 400 and its reason, sending and recording nothing", async () => {
    const before = environment.mail.messages.length;
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ intent: "mail", to: "no-es-un-correo" }, /Ingrese un correo electrónico válido/],
      [{ intent: "mail" }, /Indique el correo electrónico/],
      [{ intent: "mail", to: `${"a".repeat(250)}@x.example.com` }, /como máximo 254 caracteres/],
    ];
    for (const [fields, message] of cases) {
      const response = await send(fields, admin);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { intent: string; error: string }).error).toMatch(message);
    }
    expect(environment.mail.messages.length).toBe(before);
    expect(await StatementMail.countDocuments({ organizationId: FERRETERIA.id })).toBe(1);
  });

  it("sends a client user home without mailing anything", async () => {
    const before = environment.mail.messages.length;
    const response = await send({ intent: "mail", to: "otro@cliente.example.com" }, client);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(environment.mail.messages.length).toBe(before);
  });

  it("answers 502 with a Spanish reason when the relay is unreachable, and records the failure", async () => {
    const relay = process.env.SMTP_URL;
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      const response = await send({ intent: "mail", to: "cobros@cliente.example.com" }, admin);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: string }).error).toMatch(/No se pudo enviar el correo/);
    } finally {
      process.env.SMTP_URL = relay;
    }
    const failed = await StatementMail.find({ organizationId: FERRETERIA.id, outcome: "fallido" }).lean();
    expect(failed).toHaveLength(1);
    expect(failed[0].error).toBeTruthy();
  });
});

describe("items follow the import, and the screens only read", () => {
  it("makes the item of a newly imported receipt on import, and a page read writes nothing", async () => {
    const [sale] = (await importDocuments([creditSale(7)])).results;
    const receipt = (await Receipt.findById(sale.receiptId).lean())!;
    const item = await OpenItem.findOne({ organizationId: FERRETERIA.id, key: receipt.clave }).lean();
    expect(item).toMatchObject({ side: "receivable", receiptId: receipt._id, partyId: new Types.ObjectId(partyId) });

    // A receipt without its item (stored before items were made on import): the screens do not make it.
    await OpenItem.deleteOne({ _id: item!._id });
    const before = {
      items: await OpenItem.countDocuments({ organizationId: FERRETERIA.id }),
      parties: await Counterparty.countDocuments({ organizationId: FERRETERIA.id }),
      settlements: await Settlement.countDocuments({ organizationId: FERRETERIA.id }),
    };
    expect((await load(agingRoute, "/receivables?org=3101123456&at=2025-03-31", admin)).status).toBe(200);
    expect((await load(statementRoute, `/receivables/${partyId}?org=3101123456`, admin)).status).toBe(200);
    expect((await load(csvRoute, `/receivables/${partyId}/statement.csv?org=3101123456`, admin)).status).toBe(200);
    expect({
      items: await OpenItem.countDocuments({ organizationId: FERRETERIA.id }),
      parties: await Counterparty.countDocuments({ organizationId: FERRETERIA.id }),
      settlements: await Settlement.countDocuments({ organizationId: FERRETERIA.id }),
    }).toEqual(before);

    // What every start runs makes it again.
    expect(await syncAllOpenItems()).toBe(1);
    expect(await OpenItem.countDocuments({ organizationId: FERRETERIA.id, key: receipt.clave })).toBe(1);
  });
});

describe("moving balances", () => {
  it("moves none of them when any changed meanwhile, so the transaction aborts whole", async () => {
    const [first, second] = await openItems();
    let moved: boolean | undefined;
    await expect(
      withTransaction(async (session) => {
        moved = await moveItemBalances(
          FERRETERIA.id,
          [
            { item: { ...first, balance: BigInt(first.balance) }, delta: -1n },
            { item: { ...second, balance: BigInt(second.balance) + 1n }, delta: -1n },
          ],
          session,
        );
        if (!moved) throw new Error("balance changed");
      }),
    ).rejects.toThrow("balance changed");
    expect(moved).toBe(false);
    const [afterFirst, afterSecond] = await openItems();
    expect([BigInt(afterFirst.balance), BigInt(afterSecond.balance)]).toEqual([
      BigInt(first.balance),
      BigInt(second.balance),
    ]);
  });
});
