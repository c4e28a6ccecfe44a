import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as editRoute from "../../app/routes/_app.entries.detail.$accountEntryID";
import * as newRoute from "../../app/routes/_app.entries.detail.new";
import { todayInCostaRica } from "../../app/domain/calendar";
import { parseAmount } from "../../app/domain/money";
import { createAndPost, createDraft, getEntry, reverse, verifyLedger } from "../../app/services/ledger/ledger.server";
import { Entry } from "../../models/entry";
import { EntryCounter } from "../../models/entry-number";
import { ensureOrganization, setLockDate } from "../../models/organization";
import { PeriodBalance } from "../../models/period-balance";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser, type TestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const CASH = "10-01-01-01-00"; // Caja general
const BANK = "10-01-01-03-01"; // Banco Nacional – cta. corriente ₡
const BANK_HEADER = "10-01-01-03-00"; // Bancos en colones: has subaccounts
const SALES = "40-01-01-01-00"; // Ventas gravadas 13 %
const VAT = "20-01-02-01-01"; // IVA débito fiscal 13 %

let environment: AppEnvironment;
const people = {} as Record<"admin" | "client" | "adminOfSoda", { user: TestUser; cookie: string }>;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const make = async (persona: "admin" | "client", orgs: Record<string, "admin" | "client">) => {
    const user = await createTestUser({ persona, orgs });
    return { user, cookie: await sessionCookieFor(user.id) };
  };
  people.admin = await make("admin", { [FERRETERIA]: "admin", [SODA]: "admin" });
  people.client = await make("client", { [FERRETERIA]: "client" });
  people.adminOfSoda = await make("admin", { [SODA]: "admin" });
});

afterAll(async () => {
  await environment?.close();
});

type Who = keyof typeof people;
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

const ORG_QUERY = "?org=3101123456";
const openNew = (who: Who = "admin") =>
  respond(() => newRoute.loader(args(getRequest(`/entries/detail/new${ORG_QUERY}`, people[who].cookie))));
const submitNew = (fields: Record<string, string>, who: Who = "admin") =>
  respond(() => newRoute.action(args(postRequest(`/entries/detail/new${ORG_QUERY}`, fields, people[who].cookie))));
const openEdit = (id: string, who: Who = "admin", query = ORG_QUERY) =>
  respond(() =>
    editRoute.loader(args(getRequest(`/entries/detail/${id}${query}`, people[who].cookie), { accountEntryID: id })),
  );
const submitEdit = (id: string, fields: Record<string, string>, who: Who = "admin", query = ORG_QUERY) =>
  respond(() =>
    editRoute.action(
      args(postRequest(`/entries/detail/${id}${query}`, fields, people[who].cookie), { accountEntryID: id }),
    ),
  );

/** The form as a person fills it: the lines as conform names them, plus the spare empty rows. */
function entryForm(
  intent: "draft" | "post",
  lines: Array<[string, string, string, string?]>,
  extra: Record<string, string> = {},
) {
  const fields: Record<string, string> = {
    intent,
    date: "15/03/2026",
    description: "Venta de contado",
    reference: "Factura 0001",
    ...extra,
  };
  const rows = [...lines, ["", "", ""], ["", "", ""]] as Array<[string, string, string, string?]>;
  rows.forEach(([account, debit, credit, description = ""], index) => {
    fields[`lines[${index}].account`] = account;
    fields[`lines[${index}].description`] = description;
    fields[`lines[${index}].debit`] = debit;
    fields[`lines[${index}].credit`] = credit;
  });
  return fields;
}

const SALE: Array<[string, string, string, string?]> = [
  [CASH, "1 130,00", "", "Cobro en efectivo"],
  [SALES, "", "1000"],
  [VAT, "", "130.00"],
];

async function writes() {
  return {
    entries: await Entry.find({}).lean(),
    balances: await PeriodBalance.find({}).lean(),
    counters: await EntryCounter.find({}).lean(),
  };
}

function idFromLocation(response: Response): string {
  const location = response.headers.get("Location") ?? "";
  const match = /^\/entries\/view\/([0-9a-f]{24})\?org=3101123456$/.exec(location);
  if (!match) throw new Error(`unexpected redirect ${response.status} ${location}`);
  return match[1];
}

const amount = (text: string) => parseAmount(text)!;

describe("the entry form page", () => {
  it("a new entry is dated today in Costa Rica, with 2 + 2 empty rows and the organization's catalog", async () => {
    const response = await openNew();
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.mode).toBe("new");
    expect(data.defaults.date).toBe(todayInCostaRica(new Date()));
    expect(data.defaults.lines).toHaveLength(4);
    expect(data.tree.map((node: { key: string }) => node.key)).toContain("10-00-00-00-00");
  });

  it("a client user is sent to / from the form and its action; nothing is written", async () => {
    const before = await writes();
    for (const response of [await openNew("client"), await submitNew(entryForm("post", SALE), "client")]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect(await writes()).toEqual(before);
  });
});

describe("saving a new entry", () => {
  it("posts a 3-line entry: number, lines in céntimos, balances equal to a rebuild, redirect with a toast to its view", async () => {
    const response = await submitNew(entryForm("post", SALE));
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/toast/);
    const id = idFromLocation(response);
    const entry = (await getEntry(FERRETERIA, id))!;
    expect(entry).toMatchObject({
      status: "contabilizado",
      date: "2026-03-15",
      description: "Venta de contado",
      reference: "Factura 0001",
    });
    expect(entry.number).toMatch(/^2026-\d{6}$/);
    expect(
      entry.lines.map((line) => [line.account, BigInt(line.debit), BigInt(line.credit), line.description]),
    ).toEqual([
      [CASH, 113_000n, 0n, "Cobro en efectivo"],
      [SALES, 0n, 100_000n, ""],
      [VAT, 0n, 13_000n, ""],
    ]);
    expect(await verifyLedger(FERRETERIA)).toEqual([]);
  });

  it("saves a draft, even short and unbalanced; no number, no balance", async () => {
    const balances = await PeriodBalance.find({}).lean();
    const response = await submitNew(entryForm("draft", [[CASH, "50", ""]]));
    const entry = (await getEntry(FERRETERIA, idFromLocation(response)))!;
    expect(entry.status).toBe("borrador");
    expect(entry.number).toBeUndefined();
    expect(entry.lines).toHaveLength(1);
    expect(await PeriodBalance.find({}).lean()).toEqual(balances);
  });

  it("ignores forged organizationId, number and status fields", async () => {
    const forged = {
      organizationId: SODA,
      number: "2026-999999",
      status: "contabilizado",
      source: "cierre",
      createdBy: "alguien",
    };
    const response = await submitNew(entryForm("draft", SALE, forged));
    const id = idFromLocation(response);
    const entry = (await getEntry(FERRETERIA, id))!;
    expect(entry).toMatchObject({
      organizationId: FERRETERIA,
      status: "borrador",
      source: { kind: "manual" },
      createdBy: people.admin.user.id,
    });
    expect(entry.number).toBeUndefined();
    expect(await getEntry(SODA, id)).toBeNull();
  });

  it("refusals come back on the line and field they name, with the typed values, status 400, and nothing is written", async () => {
    const before = await writes();
    const response = await submitNew(
      entryForm("post", [
        [CASH, "1 130,00", ""],
        [BANK_HEADER, "", "1000"],
        [VAT, "", "130"],
        ["", "5", "5"],
      ]),
    );
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.error["lines[1].account"]).toEqual([
      "Línea 2: la cuenta 10-01-01-03-00 (Bancos en colones) tiene subcuentas; elija una de ellas.",
    ]);
    expect(reply.error["lines[3].account"]).toEqual(["Línea 4: elija una cuenta."]);
    expect(reply.error["lines[3].credit"]).toEqual(["Línea 4: lleva débito o crédito, no ambos."]);
    expect(reply.initialValue.lines[0]).toMatchObject({ account: CASH, debit: "1 130,00" });
    expect(await writes()).toEqual(before);
  });

  it("an unbalanced entry is refused at form level with the difference, «La diferencia es ₡0,01»", async () => {
    const before = await writes();
    const response = await submitNew(
      entryForm("post", [
        [CASH, "1130,01", ""],
        [SALES, "", "1000"],
        [VAT, "", "130"],
      ]),
    );
    expect(response.status).toBe(400);
    const reply = await response.json();
    const message = reply.error.lines?.[0] ?? "";
    expect(message.replace(/\s/g, " ")).toContain("La diferencia es ₡0,01.");
    expect(await writes()).toEqual(before);
  });

  it("money typed ambiguously or with a third decimal is refused on its field in Spanish, nothing written", async () => {
    const before = await writes();
    const response = await submitNew(
      entryForm("post", [
        [CASH, "1.130", ""],
        [SALES, "", "1130,005"],
      ]),
    );
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.error["lines[0].debit"]).toEqual(["Escriba el monto con coma decimal, por ejemplo 1234,56."]);
    expect(reply.error["lines[1].credit"]).toEqual(["El monto admite como máximo 2 decimales (céntimos)."]);
    expect(await writes()).toEqual(before);
  });

  it("a date on or before the lock date is refused on the date field", async () => {
    await setLockDate(FERRETERIA, "2026-01-31", people.admin.user.id);
    const before = await writes();
    const response = await submitNew(entryForm("post", SALE, { date: "31/01/2026" }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.date).toEqual([
      "La fecha 31/01/2026 está en un período cerrado: el cierre contable es el 31/01/2026. Use una fecha posterior.",
    ]);
    expect(await writes()).toEqual(before);
    await setLockDate(FERRETERIA, null, people.admin.user.id);
  });

  it("«Agregar línea» without JavaScript answers the form with one more row and every value kept; nothing is written", async () => {
    const before = await writes();
    const fields = {
      ...entryForm("post", SALE),
      __intent__: JSON.stringify({ type: "insert", payload: { name: "lines" } }),
    };
    delete (fields as Record<string, string>).intent;
    const response = await submitNew(fields);
    expect(response.status).toBe(200);
    const reply = await response.json();
    expect(reply.initialValue.lines).toHaveLength(6);
    expect(reply.initialValue.lines[0]).toMatchObject({
      account: CASH,
      debit: "1 130,00",
      description: "Cobro en efectivo",
    });
    expect(reply.initialValue.description).toBe("Venta de contado");
    expect(reply.error ?? {}).toEqual({});
    expect(await writes()).toEqual(before);
  });
});

describe("editing an entry", () => {
  it("a draft edits in place; «Contabilizar» changes and posts it in one step", async () => {
    const draft = await createDraft(
      FERRETERIA,
      { date: "2026-03-20", description: "Compra", lines: [{ account: CASH, debit: amount("10") }] },
      { by: "x" },
    );
    if (!draft.ok) throw new Error("draft");
    const id = String(draft.entry._id);

    const page = await (await openEdit(id)).json();
    expect(page.mode).toBe("draft");
    expect(page.defaults.lines[0]).toEqual({ account: CASH, description: "", debit: "10,00", credit: "" });

    const saved = await submitEdit(id, entryForm("draft", [[CASH, "25", ""]], { date: "2026-03-21" }));
    expect(idFromLocation(saved)).toBe(id);
    let entry = (await getEntry(FERRETERIA, id))!;
    expect(entry).toMatchObject({ status: "borrador", date: "2026-03-21" });
    expect(BigInt(entry.lines[0].debit)).toBe(2_500n);

    // Refused posting: the draft stays exactly as it was.
    const before = await writes();
    expect(
      (
        await submitEdit(
          id,
          entryForm("post", [
            [CASH, "25", ""],
            [SALES, "", "20"],
          ]),
        )
      ).status,
    ).toBe(400);
    expect(await writes()).toEqual(before);

    const posted = await submitEdit(id, entryForm("post", SALE));
    expect(idFromLocation(posted)).toBe(id);
    entry = (await getEntry(FERRETERIA, id))!;
    expect(entry.status).toBe("contabilizado");
    expect(entry.number).toMatch(/^2026-/);
    expect(entry.history.map((record) => record.action)).toEqual([
      "creado",
      "modificado",
      "modificado",
      "contabilizado",
    ]);
    expect(await verifyLedger(FERRETERIA)).toEqual([]);
  });

  it("a posted entry goes through the audited edit: same number, history records who and what changed", async () => {
    const created = await createAndPost(
      FERRETERIA,
      {
        date: "2026-04-02",
        description: "Depósito",
        lines: [
          { account: BANK, debit: amount("500") },
          { account: CASH, credit: amount("500") },
        ],
      },
      { by: "x" },
    );
    if (!created.ok) throw new Error("post");
    const id = String(created.entry._id);
    const page = await (await openEdit(id)).json();
    expect(page.mode).toBe("posted");
    expect(page.entry.number).toBe(created.entry.number);

    // Asking to turn it back into a draft is refused.
    const asDraft = await submitEdit(
      id,
      entryForm(
        "draft",
        [
          [BANK, "600", ""],
          [CASH, "", "600"],
        ],
        { date: "02/04/2026" },
      ),
    );
    expect(asDraft.status).toBe(400);

    const response = await submitEdit(
      id,
      entryForm(
        "post",
        [
          [BANK, "600", ""],
          [CASH, "", "600"],
        ],
        { date: "02/04/2026", description: "Depósito corregido" },
      ),
    );
    expect(idFromLocation(response)).toBe(id);
    const entry = (await getEntry(FERRETERIA, id))!;
    expect(entry.number).toBe(created.entry.number);
    const audited = entry.history.at(-1)!;
    expect(audited).toMatchObject({ action: "editado", by: people.admin.user.id });
    expect(JSON.stringify(audited.before)).toContain("500.00");
    expect(JSON.stringify(audited.after)).toContain("600.00");
    expect(await verifyLedger(FERRETERIA)).toEqual([]);
  });

  it("a reversed entry cannot be edited: 409 with the reason, nothing written", async () => {
    const created = await createAndPost(
      FERRETERIA,
      {
        date: "2026-04-03",
        description: "Por revertir",
        lines: [
          { account: BANK, debit: amount("70") },
          { account: CASH, credit: amount("70") },
        ],
      },
      { by: "x" },
    );
    if (!created.ok) throw new Error("post");
    const id = String(created.entry._id);
    expect((await reverse(FERRETERIA, id, { by: "x", date: "2026-04-04" })).ok).toBe(true);
    const page = await openEdit(id);
    expect(page.status).toBe(409);
    expect((await page.json()).message).toBe("El asiento fue revertido: ya no se puede editar.");
    const before = await writes();
    const response = await submitEdit(id, entryForm("post", SALE));
    expect(response.status).toBe(409);
    expect((await response.json()).error[""]).toEqual(["El asiento fue revertido: ya no se puede editar."]);
    expect(await writes()).toEqual(before);
  });

  it("a posted entry in a closed period cannot be edited: 409 naming the lock date", async () => {
    const created = await createAndPost(
      FERRETERIA,
      {
        date: "2026-05-10",
        description: "Mayo",
        lines: [
          { account: BANK, debit: amount("80") },
          { account: CASH, credit: amount("80") },
        ],
      },
      { by: "x" },
    );
    if (!created.ok) throw new Error("post");
    const id = String(created.entry._id);
    await setLockDate(FERRETERIA, "2026-05-31", people.admin.user.id);
    try {
      const page = await openEdit(id);
      expect(page.status).toBe(409);
      expect((await page.json()).message).toBe(
        "El asiento está en un período cerrado (cierre contable: 31/05/2026): no se puede editar; registre un ajuste con fecha posterior.",
      );
      const before = await writes();
      expect((await submitEdit(id, entryForm("post", SALE, { date: "01/06/2026" }))).status).toBe(409);
      expect(await writes()).toEqual(before);
    } finally {
      await setLockDate(FERRETERIA, null, people.admin.user.id);
    }
  });

  it("an unknown, malformed or other organization's id is 404 «Asiento no encontrado.»", async () => {
    const soda = await createDraft(SODA, { date: "2026-03-01", description: "De la soda", lines: [] }, { by: "x" });
    if (!soda.ok) throw new Error("draft");
    const sodaId = String(soda.entry._id);
    const before = await writes();
    for (const id of ["65f0c0ffee0000000000dead", "no-es-un-id", sodaId]) {
      for (const response of [await openEdit(id), await submitEdit(id, entryForm("post", SALE))]) {
        expect(response.status, id).toBe(404);
        expect((await response.json()).message).toBe("Asiento no encontrado.");
      }
    }
    // An admin of the Soda only: Ferretería's ?org is not found at all.
    const ferreteriaEntry = (await Entry.findOne({ organizationId: FERRETERIA }).lean())!;
    expect((await openEdit(String(ferreteriaEntry._id), "adminOfSoda")).status).toBe(404);
    expect((await submitEdit(String(ferreteriaEntry._id), entryForm("post", SALE), "adminOfSoda")).status).toBe(404);
    expect(await writes()).toEqual(before);
  });
});
