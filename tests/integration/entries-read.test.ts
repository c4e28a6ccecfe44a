/**
 * The books' read screens through their loaders and actions: the entries list (filters, pages,
 * totals, downloads), one entry (lines, links, history, reverse and delete a draft), the movement list
 * (opening, running and closing balances, page 40) and the plain-text journal.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInCostaRica } from "../../app/domain/calendar";
import { colones, plainDecimal } from "../../app/domain/entries/money";
import type { EntryInput, EntryLineInput } from "../../app/domain/ledger";
import { parseAmount } from "../../app/domain/money";
import { action as viewAction, loader as viewLoader, ADMIN_ONLY } from "../../app/routes/_app.entries.view.$entryID";
import { loader as journalLoader } from "../../app/routes/_app.entries.export[.]journal";
import { loader as listLoader } from "../../app/routes/_app.entries.list";
import { loader as listCsvLoader } from "../../app/routes/_app.entries.list[.]csv";
import { loader as listXlsxLoader } from "../../app/routes/_app.entries.list[.]xlsx";
import { loader as movementLoader } from "../../app/routes/_app.entries.movement-list";
import { loader as movementCsvLoader } from "../../app/routes/_app.entries.movement-list[.]csv";
import { loader as movementXlsxLoader } from "../../app/routes/_app.entries.movement-list[.]xlsx";
import type { EntryListView, EntryView, MovementView } from "../../app/services/entries/entries-read.server";
import { createAndPost, createDraft, getEntry, verifyLedger } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const ORG = "CR:3101444555";
const CEDULA = "3101444555";
const OTHER = "CR:3101666777";
const OTHER_CEDULA = "3101666777";
const CASH = "10-01-01-01-00"; // Caja general
const PETTY = "10-01-01-02-00"; // Caja chica
const CASH_PARENT = "10-01-01-00-00"; // Efectivo y equivalentes de efectivo
const SALES = "40-01-01-01-00"; // Ventas gravadas 13 %
const RENT = "60-01-01-00-00";
const context = { cspNonce: "" };

let environment: AppEnvironment;
let adminId: string;
let adminCookie: string;
let clientCookie: string;
let otherAdminCookie: string;

const amount = (text: string) => parseAmount(text)!;
const dr = (account: string, text: string, description = ""): EntryLineInput => ({
  account,
  debit: amount(text),
  description,
});
const cr = (account: string, text: string, description = ""): EntryLineInput => ({
  account,
  credit: amount(text),
  description,
});

async function postOk(organizationId: string, input: EntryInput, by = "contador@test") {
  const outcome = await createAndPost(organizationId, input, { by });
  if (!outcome.ok) throw new Error(outcome.refusals.map((refusal) => refusal.message).join(" "));
  return outcome.entry;
}

/** "₡1 234,56" → 123456n, from the text alone (es-CR: spaces group, comma decimals). */
function centimosOf(text: string): bigint {
  const negative = text.includes("-");
  const digits = text.replace(/[^\d,]/g, "");
  const [integer, fraction = ""] = digits.split(",");
  const value = BigInt(integer) * 100n + BigInt(fraction.padEnd(2, "0"));
  return negative ? -value : value;
}

async function json<T>(run: () => Promise<unknown>, status = 200): Promise<T> {
  const response = await respond(run);
  expect(response.status).toBe(status);
  return (await response.json()) as T;
}

const list = (query: string, cookie = adminCookie) =>
  json<EntryListView>(() =>
    listLoader({ request: getRequest(`/entries/list?org=${CEDULA}&${query}`, cookie), params: {}, context }),
  );
const view = (id: string, cookie = adminCookie) =>
  json<EntryView>(() =>
    viewLoader({ request: getRequest(`/entries/view/${id}?org=${CEDULA}`, cookie), params: { entryID: id }, context }),
  );
const movements = (query: string) =>
  json<MovementView>(() =>
    movementLoader({
      request: getRequest(`/entries/movement-list?org=${CEDULA}&${query}`, adminCookie),
      params: {},
      context,
    }),
  );

// The ledger of the scenario: October 2025 with sales, expenses, a draft, a receipt-booked entry.
let saleId: string;
let rentId: string;
let draftId: string;
let receiptEntryId: string;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Lectura de Libros S.A.", identificationType: "02" });
  await ensureOrganization({ _id: OTHER, name: "Otra Empresa S.A.", identificationType: "02" });
  const admin = await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } });
  adminId = admin.id;
  adminCookie = await sessionCookieFor(admin.id);
  clientCookie = await sessionCookieFor((await createTestUser({ persona: "client", orgs: { [ORG]: "client" } })).id);
  otherAdminCookie = await sessionCookieFor(
    (await createTestUser({ persona: "admin", orgs: { [OTHER]: "admin" } })).id,
  );

  await postOk(ORG, {
    date: "2025-09-30",
    description: "Saldo de apertura de caja",
    lines: [dr(CASH, "500000"), cr("30-01-01-00-00", "500000")],
  });
  saleId = String(
    (
      await postOk(ORG, {
        date: "2025-10-03",
        description: "Venta de contado",
        reference: "FE-0001",
        lines: [dr(CASH, "11300"), cr(SALES, "11300")],
      })
    )._id,
  );
  rentId = String(
    (
      await postOk(ORG, {
        date: "2025-10-05",
        description: "Alquiler del local",
        lines: [dr(RENT, "250000", "Octubre"), cr(PETTY, "250000")],
      })
    )._id,
  );
  const booked = await createAndPost(
    ORG,
    { date: "2025-10-07", description: "Compra de papelería", lines: [dr(RENT, "1500.50"), cr(CASH, "1500.50")] },
    { by: "contador@test" },
    { kind: "comprobante", id: "65f0c0ffee00000000000123" },
  );
  if (!booked.ok) throw new Error("booked");
  receiptEntryId = String(booked.entry._id);
  const draft = await createDraft(
    ORG,
    { date: "2025-10-09", description: "Borrador sin cuadrar", lines: [dr(RENT, "100"), cr(CASH, "90")] },
    { by: adminId },
  );
  if (!draft.ok) throw new Error("draft");
  draftId = String(draft.entry._id);
  // Sixty small sales in November, for the pages.
  for (let day = 0; day < 60; day++) {
    const date = `2025-11-${String((day % 28) + 1).padStart(2, "0")}`;
    await postOk(ORG, {
      date,
      description: `Venta menor ${day + 1}`,
      lines: [dr(CASH, `${day + 1}.25`), cr(SALES, `${day + 1}.25`)],
    });
  }
  // Another organization's entry, same accounts.
  await postOk(OTHER, {
    date: "2025-10-03",
    description: "Venta de otra empresa",
    lines: [dr(CASH, "999"), cr(SALES, "999")],
  });
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("/entries/list", () => {
  it("lists the range newest first with the totals of the whole filter; a draft that does not balance shows its difference", async () => {
    const october = await list("from=01/10/2025&to=31/10/2025");
    expect(october.problems).toEqual([]);
    expect(october.rows.map((row) => row.description)).toEqual([
      "Borrador sin cuadrar",
      "Compra de papelería",
      "Alquiler del local",
      "Venta de contado",
    ]);
    expect(october.count).toBe(4);
    expect(centimosOf(october.totals.debit)).toBe(1_130_000n + 25_000_000n + 150_050n + 10_000n);
    expect(centimosOf(october.totals.credit)).toBe(1_130_000n + 25_000_000n + 150_050n + 9_000n);
    expect(centimosOf(october.totals.difference!)).toBe(1_000n);
    const draft = october.rows[0];
    expect(draft).toMatchObject({ number: "", status: "borrador", statusLabel: "Borrador", date: "09/10/2025" });
    expect(october.rows[3]).toMatchObject({
      number: "2025-000002",
      reference: "FE-0001",
      source: "Manual",
      statusLabel: "Contabilizado",
    });
    expect(october.rows[1].source).toBe("Comprobante");
  });

  it("filters by text, by account (a parent includes its children), by source and by status", async () => {
    expect((await list("from=2025-10-01&to=2025-10-31&q=alquiler")).rows.map((row) => row.description)).toEqual([
      "Alquiler del local",
    ]);
    expect((await list("from=2025-10-01&to=2025-10-31&q=FE-0001")).rows.map((row) => row.description)).toEqual([
      "Venta de contado",
    ]);
    // Caja chica only: the rent. Its parent Efectivo: every October entry that touches cash or petty cash.
    expect((await list(`from=2025-10-01&to=2025-10-31&account=${PETTY}`)).rows.map((row) => row.description)).toEqual([
      "Alquiler del local",
    ]);
    const parent = await list(`from=2025-10-01&to=2025-10-31&account=${CASH_PARENT}`);
    expect(parent.rows.map((row) => row.description)).toEqual([
      "Borrador sin cuadrar",
      "Compra de papelería",
      "Alquiler del local",
      "Venta de contado",
    ]);
    expect(parent.accountLabel).toBe("10-01-01-00-00 Efectivo y equivalentes de efectivo");
    expect((await list("from=2025-10-01&to=2025-10-31&source=comprobante")).rows.map((row) => row.description)).toEqual(
      ["Compra de papelería"],
    );
    const posted = await list("from=2025-10-01&to=2025-10-31&status=contabilizado");
    expect(posted.count).toBe(3);
    expect(posted.totals.debit).toBe(posted.totals.credit);
    expect(posted.totals.difference).toBeNull();
  });

  it("pages on the server, 50 per page, with the totals of all pages", async () => {
    const first = await list("from=2025-11-01&to=2025-11-30");
    expect(first.count).toBe(60);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(50);
    const second = await list("from=2025-11-01&to=2025-11-30&page=2");
    expect(second.rows).toHaveLength(10);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(60);
    // Σ (n + 0.25) for n = 1…60 = 1830 + 15 colones.
    expect(centimosOf(second.totals.debit)).toBe(184_500n);
    // A page past the end shows the last one.
    expect((await list("from=2025-11-01&to=2025-11-30&page=9")).page).toBe(2);
  });

  it("defaults to the current month in Costa Rica", async () => {
    const today = todayInCostaRica(new Date());
    const page = await list("");
    expect(page.query.from).toBe(`${today.slice(0, 7)}-01`);
    expect(page.query.to.slice(0, 7)).toBe(today.slice(0, 7));
  });

  it("answers a malformed query with the page and Spanish messages, never a 500", async () => {
    const page = await list("from=32/13/2025&account=99-99&status=perdido&page=abc");
    expect(page.problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        "La fecha 32/13/2025 no existe.",
        "El estado indicado no existe.",
        "La página debe ser un número entero mayor que cero.",
      ]),
    );
    expect(page.problems.find((problem) => problem.field === "account")).toBeDefined();
    const unknown = await list("from=2025-10-01&to=2025-10-31&account=10-09-09-00-00");
    expect(unknown.problems).toEqual([
      { field: "account", message: "La cuenta 10-09-09-00-00 no existe en el catálogo de este cliente." },
    ]);
    expect(unknown.count).toBe(4);
  });

  it("shows a client user the same list; another organization's admin gets 404", async () => {
    const asClient = await list("from=2025-10-01&to=2025-10-31", clientCookie);
    expect(asClient.count).toBe(4);
    const response = await respond(() =>
      listLoader({ request: getRequest(`/entries/list?org=${CEDULA}`, otherAdminCookie), params: {}, context }),
    );
    expect(response.status).toBe(404);
  });
});

describe("entries list downloads", () => {
  it("CSV: the filtered list with ISO dates and plain decimals", async () => {
    const response = await respond(() =>
      listCsvLoader({
        request: getRequest(`/entries/list.csv?org=${CEDULA}&from=2025-10-01&to=2025-10-31`, clientCookie),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain(`asientos-${CEDULA}-2025-10-01-2025-10-31.csv`);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Fecha,Número,Descripción,Referencia,Origen,Estado,Débitos,Créditos");
    expect(lines.slice(1)).toEqual([
      "2025-10-09,,Borrador sin cuadrar,,Manual,Borrador,100.00,90.00",
      "2025-10-07,2025-000004,Compra de papelería,,Comprobante,Contabilizado,1500.50,1500.50",
      "2025-10-05,2025-000003,Alquiler del local,,Manual,Contabilizado,250000.00,250000.00",
      "2025-10-03,2025-000002,Venta de contado,FE-0001,Manual,Contabilizado,11300.00,11300.00",
    ]);
  });

  it("XLSX: real dates and numbers, and the totals row", async () => {
    const response = await respond(() =>
      listXlsxLoader({
        request: getRequest(
          `/entries/list.xlsx?org=${CEDULA}&from=2025-10-01&to=2025-10-31&status=contabilizado`,
          adminCookie,
        ),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Asientos")!;
    expect(sheet.getRow(4).values).toEqual([
      undefined,
      "Fecha",
      "Número",
      "Descripción",
      "Referencia",
      "Origen",
      "Estado",
      "Débitos",
      "Créditos",
    ]);
    const first = sheet.getRow(5);
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2025, 9, 7)));
    expect(first.getCell(1).numFmt).toBe("dd/mm/yyyy");
    expect(first.getCell(7).value).toBe(1500.5);
    const totals = sheet.getRow(8);
    expect(totals.getCell(1).value).toBe("Totales");
    expect(totals.getCell(7).value).toBe(262800.5);
    expect(totals.getCell(8).value).toBe(262800.5);
  });

  it("refuses a malformed filter with 400 in Spanish", async () => {
    const response = await respond(() =>
      listCsvLoader({
        request: getRequest(`/entries/list.csv?org=${CEDULA}&from=ayer`, adminCookie),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Escriba la fecha como dd/mm/aaaa, por ejemplo 31/10/2026." });
  });
});

describe("/entries/view/:entryID", () => {
  it("shows the lines with the catalog's labels, the totals, the source and the history", async () => {
    const page = await view(rentId);
    expect(page.entry).toMatchObject({
      number: "2025-000003",
      dateText: "05/10/2025",
      description: "Alquiler del local",
      status: "contabilizado",
      statusLabel: "Contabilizado",
    });
    expect(page.entry.lines.map(({ account, label, description }) => ({ account, label, description }))).toEqual([
      { account: RENT, label: "Salarios", description: "Octubre" },
      { account: PETTY, label: "Caja chica", description: "" },
    ]);
    expect(centimosOf(page.entry.lines[0].debit)).toBe(25_000_000n);
    expect(page.entry.lines[0].credit).toBe("");
    expect(page.entry.totals).toMatchObject({ debit: page.entry.totals.credit, difference: null });
    expect(page.entry.source).toEqual({ label: "Registro manual", kind: "Manual", to: null });
    expect(page.entry.history).toHaveLength(1);
    expect(page.entry.history[0]).toMatchObject({
      action: "Contabilizado",
      by: "contador@test",
      changes: [{ field: "Número", before: "—", after: "2025-000003" }],
    });
    expect(page.can).toEqual({ edit: true, reverse: true, deleteDraft: false });
  });

  it("links a booked receipt's entry to the receipt", async () => {
    expect((await view(receiptEntryId)).entry.source).toEqual({
      label: "Comprobante",
      kind: "Comprobante",
      to: "/detail/65f0c0ffee00000000000123",
    });
  });

  it("shows a client user the entry without any action", async () => {
    const page = await view(rentId, clientCookie);
    expect(page.entry.number).toBe("2025-000003");
    expect(page.can).toEqual({ edit: false, reverse: false, deleteDraft: false });
  });

  it("answers 404 «Asiento no encontrado» for an unknown id, a malformed id and another organization's entry", async () => {
    const othersList = await json<EntryListView>(() =>
      listLoader({
        request: getRequest(`/entries/list?org=${OTHER_CEDULA}&from=2025-10-01&to=2025-10-31`, otherAdminCookie),
        params: {},
        context,
      }),
    );
    const othersId = othersList.rows[0].id;
    for (const id of ["65f0c0ffee0000000000dead", "nada", othersId]) {
      const response = await respond(() =>
        viewLoader({
          request: getRequest(`/entries/view/${id}?org=${CEDULA}`, adminCookie),
          params: { entryID: id },
          context,
        }),
      );
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ message: "Asiento no encontrado." });
    }
    // The other organization's admin asking for this organization: 404 before any entry is read.
    const response = await respond(() =>
      viewLoader({
        request: getRequest(`/entries/view/${rentId}?org=${CEDULA}`, otherAdminCookie),
        params: { entryID: rentId },
        context,
      }),
    );
    expect(response.status).toBe(404);
  });

  it("refuses a client user's reverse and delete with 403 and writes nothing", async () => {
    for (const fields of [
      { intent: "reverse", date: "2025-10-31", confirmed: "yes" },
      { intent: "delete-draft", confirmed: "yes" },
    ] as Array<Record<string, string>>) {
      const response = await respond(() =>
        viewAction({
          request: postRequest(`/entries/view/${draftId}?org=${CEDULA}`, fields, clientCookie),
          params: { entryID: draftId },
          context,
        }),
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: ADMIN_ONLY });
    }
    expect(await getEntry(ORG, draftId)).not.toBeNull();
  });
});

describe("reversing and deleting from the entry's page", () => {
  it("does not reverse by hand an entry a feature keeps in step with its state (a cobro): it says where to undo it, answers 409 and writes nothing", async () => {
    const posted = await createAndPost(
      ORG,
      {
        date: "2025-10-20",
        description: "Cobro a Distribuidora",
        reference: "",
        // Accounts no other test of this file reads, so its movements stay as they are.
        lines: [dr("10-01-02-02-00", "5000"), cr("10-01-02-01-00", "5000")],
      },
      { by: adminId },
      { kind: "cobro", id: "000000000000000000000001" },
    );
    if (!posted.ok) throw new Error("the cobro entry was refused");
    const id = String(posted.entry._id);
    const page = await view(id);
    expect(page.can.reverse).toBe(false);
    expect(page.undoneElsewhere).toMatch(/^Este asiento es un cobro: se deshace con «Deshacer» en el estado de cuenta/);

    const response = await respond(() =>
      viewAction({
        request: postRequest(
          `/entries/view/${id}?org=${CEDULA}`,
          { intent: "reverse", date: "31/10/2025", confirmed: "yes" },
          adminCookie,
        ),
        params: { entryID: id },
        context,
      }),
    );
    expect(response.status).toBe(409);
    expect((await response.json()).error).toEqual({ "": [page.undoneElsewhere] });
    expect((await getEntry(ORG, id))!.reversedBy).toBeUndefined();
    // A manual entry keeps «Revertir».
    expect((await view(saleId)).undoneElsewhere).toBeNull();
  });

  it("asks for confirmation first, refuses a date before the entry, then posts the reversal linked both ways", async () => {
    const path = `/entries/view/${saleId}?org=${CEDULA}&showSidebar=1`;
    const post = (fields: Record<string, string>) =>
      respond(() =>
        viewAction({ request: postRequest(path, fields, adminCookie), params: { entryID: saleId }, context }),
      );

    const asked = await post({ intent: "reverse", date: "31/10/2025" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({
      confirm: true,
      initialValue: { intent: "reverse", date: "31/10/2025" },
    });
    expect((await getEntry(ORG, saleId))!.reversedBy).toBeUndefined();

    const early = await post({ intent: "reverse", date: "2025-10-01", confirmed: "yes" });
    expect(early.status).toBe(400);
    expect((await early.json()).error).toEqual({
      date: ["La reversión no puede tener una fecha anterior a la del asiento (03/10/2025)."],
    });

    const bad = await post({ intent: "reverse", date: "31/02/2025", confirmed: "yes" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toEqual({ date: ["La fecha 31/02/2025 no existe."] });

    // A forged organization or number in the body changes nothing.
    const done = await post({
      intent: "reverse",
      date: "31/10/2025",
      confirmed: "yes",
      organizationId: OTHER,
      number: "2025-999999",
    });
    expect(done.status).toBe(302);
    const location = done.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/entries/view/[0-9a-f]{24}\\?org=${CEDULA}&showSidebar=1$`));
    const reversalId = location.split("/")[3].split("?")[0];

    const original = await view(saleId);
    expect(original.entry.status).toBe("revertido");
    expect(original.entry.statusLabel).toBe("Revertido");
    expect(original.entry.reversedBy).toEqual({ id: reversalId, number: expect.stringMatching(/^2025-0000\d\d$/) });
    expect(original.can).toEqual({ edit: false, reverse: false, deleteDraft: false });
    expect(original.entry.history.map((item) => item.action)).toEqual(["Contabilizado", "Revertido"]);
    expect(original.entry.history[1].by).not.toBe(adminId); // the author's e-mail, not the id
    expect(original.entry.history[1].by).toMatch(/@prueba\.cr$/);

    const reversal = await view(reversalId);
    expect(reversal.entry).toMatchObject({
      dateText: "31/10/2025",
      description: "Reversión del asiento 2025-000002: Venta de contado",
      statusLabel: "Contabilizado",
    });
    expect(reversal.entry.reversalOf).toEqual({ id: saleId, number: "2025-000002" });
    expect(reversal.entry.source).toMatchObject({ label: "Reversión de otro asiento", to: `/entries/view/${saleId}` });
    expect(reversal.entry.lines.map((line) => [line.account, line.debit === "" ? "C" : "D"])).toEqual([
      [CASH, "C"],
      [SALES, "D"],
    ]);
    expect(await (await post({ intent: "reverse", date: "31/10/2025", confirmed: "yes" })).json()).toMatchObject({
      error: { date: ["El asiento ya fue revertido."] },
    });
    const reversedList = await list("from=2025-10-01&to=2025-10-31&status=revertido");
    expect(reversedList.rows.map((row) => row.id)).toEqual([saleId]);
    expect(reversedList.totals.debit).toBe(reversedList.totals.credit);
    const standing = await list("from=2025-10-01&to=2025-10-31&status=contabilizado");
    expect(standing.rows.map((row) => row.id)).toContain(reversalId);
    expect(standing.rows.map((row) => row.id)).not.toContain(saleId);
    expect(await verifyLedger(ORG)).toEqual([]);
  });

  it("deletes a draft after confirmation, and refuses to delete a posted entry", async () => {
    const draft = await createDraft(
      ORG,
      { date: "2025-10-10", description: "Borrador a eliminar", lines: [dr(RENT, "5")] },
      { by: adminId },
    );
    if (!draft.ok) throw new Error("draft");
    const id = String(draft.entry._id);
    const post = (entryId: string, fields: Record<string, string>) =>
      respond(() =>
        viewAction({
          request: postRequest(`/entries/view/${entryId}?org=${CEDULA}`, fields, adminCookie),
          params: { entryID: entryId },
          context,
        }),
      );
    expect((await view(id)).can).toEqual({ edit: true, reverse: false, deleteDraft: true });
    expect(await (await post(id, { intent: "delete-draft" })).json()).toMatchObject({ confirm: true });
    expect(await getEntry(ORG, id)).not.toBeNull();
    const deleted = await post(id, { intent: "delete-draft", confirmed: "yes" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`/entries/list?org=${CEDULA}`);
    expect(await getEntry(ORG, id)).toBeNull();
    expect((await post(id, { intent: "delete-draft", confirmed: "yes" })).status).toBe(404);
    const refused = await post(rentId, { intent: "delete-draft", confirmed: "yes" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toEqual({
      "": ["Solo se eliminan borradores; un asiento contabilizado se revierte."],
    });
    expect((await post(rentId, { intent: "borrar-todo" })).status).toBe(400);
  });
});

describe("/entries/movement-list", () => {
  it("asks for an account first, and refuses one outside the catalog", async () => {
    const empty = await movements("");
    expect(empty.account).toBeNull();
    expect(empty.movements).toBeNull();
    const unknown = await movements("account=10-09-09-00-00");
    expect(unknown.problems).toEqual([
      { field: "account", message: "La cuenta 10-09-09-00-00 no existe en el catálogo de este cliente." },
    ]);
  });

  it("shows the opening balance, each movement with its running balance and the closing balance; a parent aggregates its children", async () => {
    const page = await movements(`account=${CASH_PARENT}&from=2025-10-01&to=2025-10-31`);
    expect(page.account).toEqual({ code: CASH_PARENT, label: "Efectivo y equivalentes de efectivo", parent: true });
    const m = page.movements!;
    expect(centimosOf(m.opening)).toBe(50_000_000n);
    // Drafts never count: sale +11 300, rent −250 000 (petty cash), purchase −1 500,50, reversal of the sale −11 300.
    expect(m.rows.map((row) => [row.number, row.account, centimosOf(row.balance)])).toEqual([
      ["2025-000002", CASH, 51_130_000n],
      ["2025-000003", PETTY, 26_130_000n],
      ["2025-000004", CASH, 25_979_950n],
      [expect.any(String), CASH, 24_849_950n],
    ]);
    expect(centimosOf(m.closing)).toBe(24_849_950n);
    expect(centimosOf(m.totalDebit) - centimosOf(m.totalCredit)).toBe(24_849_950n - 50_000_000n);
    expect(m.rows[0].entryId).toBe(saleId);
  });

  it("is for admins only: a client user goes to /", async () => {
    const response = await respond(() =>
      movementLoader({
        request: getRequest(`/entries/movement-list?org=${CEDULA}&account=${CASH}`, clientCookie),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("exports the movements with the running balance (CSV and XLSX)", async () => {
    const csv = await respond(() =>
      movementCsvLoader({
        request: getRequest(
          `/entries/movement-list.csv?org=${CEDULA}&account=${CASH}&from=2025-10-01&to=2025-10-31`,
          adminCookie,
        ),
        params: {},
        context,
      }),
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Fecha,Número,Cuenta,Descripción,Detalle de la línea,Débito,Crédito,Saldo");
    // The same rows as the workbook: the opening balance, the movements, then the totals and closing balance.
    expect(lines[1]).toBe("Saldo inicial,,,,,,,500000.00");
    expect(lines[2]).toBe(`2025-10-03,2025-000002,${CASH},Venta de contado,,11300.00,0.00,511300.00`);
    expect(lines).toHaveLength(6);
    expect(lines[4]).toMatch(/,0\.00,11300\.00,498499\.50$/);
    expect(lines[5]).toBe("Saldo final,,,,,11300.00,12800.50,498499.50");

    const xlsx = await respond(() =>
      movementXlsxLoader({
        request: getRequest(
          `/entries/movement-list.xlsx?org=${CEDULA}&account=${CASH}&from=2025-10-01&to=2025-10-31`,
          adminCookie,
        ),
        params: {},
        context,
      }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet("Movimientos")!;
    expect(sheet.getRow(5).getCell(1).value).toBe("Saldo inicial");
    expect(sheet.getRow(5).getCell(8).value).toBe(500000);
    expect(sheet.getRow(6).getCell(1).value).toEqual(new Date(Date.UTC(2025, 9, 3)));
    expect(sheet.getRow(6).getCell(8).value).toBe(511300);
    expect(sheet.getRow(9).getCell(1).value).toBe("Saldo final");
    expect(sheet.getRow(9).getCell(8).value).toBe(498499.5);

    const noAccount = await respond(() =>
      movementCsvLoader({
        request: getRequest(`/entries/movement-list.csv?org=${CEDULA}`, adminCookie),
        params: {},
        context,
      }),
    );
    expect(noAccount.status).toBe(400);
  });
});

describe("movement list page 40", () => {
  const BANKS = "10-01-01-03-00"; // Bancos en colones: two children
  const CHILDREN = ["10-01-01-03-01", "10-01-01-03-02"];
  // Book order: (date, number, line); the entries are posted in date order, so numbers follow it.
  const movementsInOrder: bigint[] = [];
  let opening = 0n;

  beforeAll(async () => {
    const first = await postOk(ORG, {
      date: "2025-12-01",
      description: "Depósito inicial",
      lines: [dr(CHILDREN[0], "1000000"), cr("30-01-01-00-00", "1000000")],
    });
    expect(first.number).toBeDefined();
    opening = 100_000_000n;
    for (let entry = 0; entry < 50; entry++) {
      const date = `2025-12-${String(2 + Math.floor(entry / 2)).padStart(2, "0")}`;
      const entryLines: EntryLineInput[] = [];
      let total = 0n;
      for (let line = 0; line < 40; line++) {
        const centimos = BigInt(((entry * 40 + line) % 97) + 1) * 100n + 37n;
        // Every seventh line is a withdrawal, so the balance goes both ways.
        const withdrawal = line % 7 === 3;
        entryLines.push(
          withdrawal ? cr(CHILDREN[line % 2], plainDecimal(centimos)) : dr(CHILDREN[line % 2], plainDecimal(centimos)),
        );
        total += withdrawal ? -centimos : centimos;
        movementsInOrder.push(withdrawal ? -centimos : centimos);
      }
      entryLines.push(total >= 0n ? cr(SALES, plainDecimal(total)) : dr(SALES, plainDecimal(-total)));
      await postOk(ORG, { date, description: `Depósitos del día ${entry + 1}`, lines: entryLines });
    }
  }, 120_000);

  it("keeps the running balance right on page 40 through the route, and the totals of the whole range", async () => {
    expect(movementsInOrder).toHaveLength(2000);
    const page40 = await movements(`account=${BANKS}&from=2025-12-02&to=2025-12-31&page=40`);
    const m = page40.movements!;
    expect(m.count).toBe(2000);
    expect(m.pageCount).toBe(40);
    expect(m.page).toBe(40);
    expect(centimosOf(m.opening)).toBe(opening);
    expect(m.rows).toHaveLength(50);
    let balance = opening + movementsInOrder.slice(0, 1950).reduce((sum, value) => sum + value, 0n);
    const expected = movementsInOrder.slice(1950).map((value) => (balance += value));
    expect(m.rows.map((row) => centimosOf(row.balance))).toEqual(expected);
    expect(m.rows.map((row) => row.balance)).toEqual(expected.map((value) => colones(value)));
    expect(centimosOf(m.closing)).toBe(expected.at(-1));
    expect(m.rows.every((row) => CHILDREN.includes(row.account))).toBe(true);

    const page1 = await movements(`account=${BANKS}&from=2025-12-02&to=2025-12-31`);
    expect(centimosOf(page1.movements!.rows[0].balance)).toBe(opening + movementsInOrder[0]);
    expect(page1.movements!.closing).toBe(m.closing);
    expect(await verifyLedger(ORG)).toEqual([]);
  });
});

describe("/entries/export.journal", () => {
  const journal = (query: string, cookie = clientCookie) =>
    respond(() =>
      journalLoader({
        request: getRequest(`/entries/export.journal?org=${CEDULA}&${query}`, cookie),
        params: {},
        context,
      }),
    );

  it("streams the posted entries of the range as a plain-text journal with a download name", async () => {
    const response = await journal("from=2025-10-01&to=2025-10-31");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain(
      `filename="diario-${CEDULA}-2025-10-01-2025-10-31.journal"`,
    );
    expect(response.body).toBeInstanceOf(ReadableStream);
    const text = await response.text();
    expect(text).toMatch(/^account 10:01:01:01 +; Caja general$/m);
    expect(text).toContain("2025-10-05 (2025-000003) Alquiler del local");
    expect(text).toMatch(/^\s+60:01:01\s+250000\.00 CRC {2}; Octubre$/m);
    expect(text).toMatch(/^\s+10:01:01:02\s+-250000\.00 CRC$/m);
    // Only the range, only posted entries, only this organization.
    expect(text).not.toContain("Saldo de apertura");
    expect(text).not.toContain("Borrador sin cuadrar");
    expect(text).not.toContain("Venta de otra empresa");
  });

  it("answers bad dates with 400 in Spanish, and another organization's admin with 404", async () => {
    const bad = await journal("from=2025-02-30&to=2025-03-31");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "La fecha 30/02/2025 no existe." });
    const reversed = await journal("from=2025-10-31&to=2025-10-01");
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toEqual({ message: "La fecha inicial debe ser anterior o igual a la fecha final." });
    expect((await journal("from=2025-10-01&to=2025-10-31", otherAdminCookie)).status).toBe(404);
  });
});
