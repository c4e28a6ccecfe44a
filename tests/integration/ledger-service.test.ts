import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { parseAmount } from "../../app/domain/money";
import type { EntryInput, EntryLineInput } from "../../app/domain/ledger";
import {
  accountMovements,
  createAndPost,
  createDraft,
  deleteDraft,
  editPosted,
  getEntry,
  listEntries,
  post,
  reverse,
  updateDraft,
  verifyLedger,
} from "../../app/services/ledger/ledger.server";
import { accountsWithMovements } from "../../app/services/catalog/catalog.server";
import { postedInBookOrder } from "../../app/services/ledger/journal.server";
import { Entry } from "../../models/entry";
import { EntryCounter } from "../../models/entry-number";
import { ensureOrganization, setLockDate } from "../../models/organization";
import { PeriodBalance } from "../../models/period-balance";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

const ORG = "CR:3101000111";
const OTHER = "CR:3101000222";
const CASH = "10-01-01-01-00"; // Caja general
const BANK = "10-01-01-03-01"; // Banco Nacional – cta. corriente ₡
const BANK_BCR = "10-01-01-03-02";
const SALES = "40-01-01-01-00"; // Ventas gravadas 13 %
const VAT = "20-01-02-01-01"; // IVA débito fiscal 13 %
const RENT = "60-01-01-00-00"; // Salarios
const actor = { by: "contador@test" };

let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({
    _id: ORG,
    name: "Libros de Prueba S.A.",
    identificationType: "02",
    catalog: { "10-01-01-02-00": { disabled: true } },
  });
  await ensureOrganization({ _id: OTHER, name: "Otra Empresa S.A.", identificationType: "02" });
});

afterAll(async () => {
  await environment?.close();
});

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
const sale = (date: string, total: string, net: string, vat: string, description = "Venta de contado"): EntryInput => ({
  date,
  description,
  lines: [dr(CASH, total), cr(SALES, net), cr(VAT, vat)],
});

async function expectBooksAgree(organizationId = ORG) {
  expect(await verifyLedger(organizationId)).toEqual([]);
}

async function postOk(organizationId: string, input: EntryInput) {
  const result = await createAndPost(organizationId, input, actor);
  if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
  return result.entry;
}

async function writes() {
  return {
    entries: await Entry.countDocuments({}),
    balances: await PeriodBalance.find({}).lean(),
    counters: await EntryCounter.find({}).lean(),
  };
}

describe("the ledger service", () => {
  it("keeps the period balances equal to a rebuild through post, edit, reverse and delete-draft", async () => {
    const first = await postOk(ORG, sale("2026-01-10", "1130", "1000", "130"));
    expect(first.number).toBe("2026-000001");
    await expectBooksAgree();

    const draft = await createDraft(
      ORG,
      { date: "2026-01-12", description: "Salarios de enero", lines: [dr(RENT, "500000")] },
      actor,
    );
    if (!draft.ok) throw new Error(draft.refusals[0].message);
    expect(draft.entry.status).toBe("borrador");
    expect(draft.entry.number).toBeUndefined();
    await expectBooksAgree();

    const refused = await post(ORG, String(draft.entry._id), actor);
    expect(refused).toMatchObject({
      ok: false,
      refusals: [{ field: "lines", message: "El asiento necesita al menos dos líneas con monto." }],
    });
    const updated = await updateDraft(
      ORG,
      String(draft.entry._id),
      { date: "2026-01-12", description: "Salarios de enero", lines: [dr(RENT, "500000"), cr(BANK, "500000")] },
      actor,
    );
    expect(updated.ok).toBe(true);
    const posted = await post(ORG, String(draft.entry._id), actor);
    expect(posted).toMatchObject({ ok: true, entry: { number: "2026-000002", status: "contabilizado" } });
    await expectBooksAgree();

    const edited = await editPosted(
      ORG,
      String(first._id),
      {
        date: "2026-02-03",
        description: "Venta de contado (corregida)",
        lines: [dr(BANK_BCR, "2260"), cr(SALES, "2000"), cr(VAT, "260")],
      },
      actor,
    );
    expect(edited).toMatchObject({ ok: true, entry: { number: "2026-000001", date: "2026-02-03" } });
    await expectBooksAgree();

    const reversal = await reverse(ORG, String(draft.entry._id), { ...actor, date: "2026-02-28" });
    if (!reversal.ok) throw new Error(reversal.refusals[0].message);
    expect(reversal.entry).toMatchObject({
      number: "2026-000003",
      source: { kind: "reversion", id: String(draft.entry._id) },
    });
    expect(reversal.entry.description).toBe("Reversión del asiento 2026-000002: Salarios de enero");
    const original = await getEntry(ORG, String(draft.entry._id));
    expect(String(original!.reversedBy)).toBe(String(reversal.entry._id));
    expect(String(reversal.entry.reversalOf)).toBe(String(draft.entry._id));
    expect(await reverse(ORG, String(draft.entry._id), actor)).toMatchObject({
      ok: false,
      refusals: [{ message: "El asiento ya fue revertido." }],
    });
    await expectBooksAgree();

    const spare = await createDraft(ORG, sale("2026-03-01", "113", "100", "13"), actor);
    if (!spare.ok) throw new Error("draft refused");
    expect(await deleteDraft(ORG, String(spare.entry._id))).toMatchObject({ ok: true });
    expect(await getEntry(ORG, String(spare.entry._id))).toBeNull();
    await expectBooksAgree();

    // The rent and its reversal cancel out; the edited sale is all that is left, in February.
    const rows = await PeriodBalance.find({ organizationId: ORG, lineCount: { $gt: 0 } })
      .sort({ account: 1, period: 1 })
      .lean();
    const live = rows.map((row) => [row.account, row.period, BigInt(row.debit), BigInt(row.credit), row.lineCount]);
    expect(live).toContainEqual([BANK_BCR, "2026-02", 226000n, 0n, 1]);
    expect(live).toContainEqual([RENT, "2026-01", 50000000n, 0n, 1]);
    expect(live).toContainEqual([RENT, "2026-02", 0n, 50000000n, 1]);
    expect(live.find(([account, period]) => account === CASH && period === "2026-01")).toBeUndefined();
    // The catalog screen refuses to remove or subdivide accounts with movements.
    expect([...(await accountsWithMovements(ORG))].sort()).toEqual([BANK, BANK_BCR, SALES, VAT, RENT].sort());
  });

  it("gives 20 concurrent posts 20 distinct consecutive numbers", async () => {
    const organizationId = "CR:3101000333";
    await ensureOrganization({ _id: organizationId, name: "Concurrente S.A.", identificationType: "02" });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createAndPost(organizationId, sale("2026-05-05", "113", "100", "13", `Venta ${i + 1}`), actor),
      ),
    );
    const numbers = results.map((result) => (result.ok ? result.entry.number : "refused")).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `2026-${String(i + 1).padStart(6, "0")}`));
    await expectBooksAgree(organizationId);
    const [balance] = await PeriodBalance.find({ organizationId, account: CASH }).lean();
    expect([BigInt(balance.debit), balance.lineCount]).toEqual([20n * 11300n, 20]);
  });

  it("changes a posted entry only through the audited edit, which keeps the number and records the diff", async () => {
    const entry = await postOk(ORG, sale("2026-04-01", "565", "500", "65", "Venta 4 de abril"));
    const id = String(entry._id);
    expect(await updateDraft(ORG, id, sale("2026-04-01", "1", "1", "0.00"), actor)).toMatchObject({ ok: false });
    expect(await deleteDraft(ORG, id)).toMatchObject({
      ok: false,
      refusals: [{ message: "Solo se eliminan borradores; un asiento contabilizado se revierte." }],
    });
    expect(await post(ORG, id, actor)).toMatchObject({ ok: false });
    expect((await getEntry(ORG, id))!.description).toBe("Venta 4 de abril");

    const edited = await editPosted(
      ORG,
      id,
      { ...sale("2026-04-01", "565", "500", "65"), description: "Venta del 1 de abril" },
      { by: "auditora@test" },
    );
    expect(edited.ok).toBe(true);
    const stored = (await getEntry(ORG, id))!;
    expect(stored.number).toBe(entry.number);
    expect(stored.history.at(-1)).toMatchObject({
      by: "auditora@test",
      action: "editado",
      before: { description: "Venta 4 de abril" },
      after: { description: "Venta del 1 de abril" },
    });
    expect(stored.history.at(-1)!.before).not.toHaveProperty("lines");
    await expectBooksAgree();
  });

  it("refuses dates on or before the lock date and edits of entries in a closed period, writing nothing", async () => {
    const organizationId = "CR:3101000444";
    await ensureOrganization({ _id: organizationId, name: "Cerrada S.A.", identificationType: "02" });
    const old = await postOk(organizationId, sale("2025-12-15", "113", "100", "13"));
    expect(await setLockDate(organizationId, "2025-12-31", "admin@test")).toBe(true);
    const before = await writes();
    const refused = await createAndPost(organizationId, sale("2025-12-31", "113", "100", "13"), actor);
    expect(refused).toEqual({
      ok: false,
      refusals: [
        {
          field: "date",
          message:
            "La fecha 31/12/2025 está en un período cerrado: el cierre contable es el 31/12/2025. Use una fecha posterior.",
        },
      ],
    });
    const edit = await editPosted(organizationId, String(old._id), sale("2026-01-02", "113", "100", "13"), actor);
    expect(edit).toMatchObject({ ok: false, refusals: [{ field: "date" }] });
    expect(edit.ok === false && edit.refusals[0].message).toMatch(/^El asiento está en un período cerrado/);
    expect(await writes()).toEqual(before);
    expect((await postOk(organizationId, sale("2026-01-01", "113", "100", "13"))).number).toBe("2026-000001");
    await expectBooksAgree(organizationId);
  });

  it("does not find another organization's entry, for reading or writing", async () => {
    const entry = await postOk(OTHER, sale("2026-01-20", "113", "100", "13"));
    const id = String(entry._id);
    expect(await getEntry(ORG, id)).toBeNull();
    expect(await getEntry(ORG, "no-es-un-id")).toBeNull();
    for (const attempt of [
      post(ORG, id, actor),
      editPosted(ORG, id, sale("2026-01-20", "113", "100", "13"), actor),
      reverse(ORG, id, actor),
      deleteDraft(ORG, id),
      updateDraft(ORG, id, sale("2026-01-20", "113", "100", "13"), actor),
    ]) {
      expect(await attempt).toEqual({
        ok: false,
        refusals: [{ message: "Asiento no encontrado.", kind: "not-found" }],
      });
    }
    expect((await getEntry(OTHER, id))!.reversedBy).toBeUndefined();
  });

  it("writes nothing for an invalid entry", async () => {
    const before = await writes();
    const invalid: EntryInput[] = [
      { date: "2026-06-01", description: "Descuadrado", lines: [dr(CASH, "100.01"), cr(SALES, "100")] },
      { date: "2026-06-31", description: "Fecha inexistente", lines: [dr(CASH, "100"), cr(SALES, "100")] },
      {
        date: "2026-06-01",
        description: "Cuenta deshabilitada",
        lines: [dr("10-01-01-02-00", "100"), cr(SALES, "100")],
      },
      { date: "2026-06-01", description: "Cuenta madre", lines: [dr("10-01-01-00-00", "100"), cr(SALES, "100")] },
      { date: "2026-06-01", description: "Tres decimales", lines: [dr(CASH, "100.005"), cr(SALES, "100.005")] },
      { date: "2026-06-01", description: "Una línea", lines: [dr(CASH, "100")] },
      { date: "2026-06-01", description: "Absurdo", lines: [dr(CASH, "10000000000000"), cr(SALES, "10000000000000")] },
    ];
    for (const input of invalid) {
      const result = await createAndPost(ORG, input, actor);
      expect(result.ok, input.description).toBe(false);
    }
    const unbalanced = await createAndPost(ORG, invalid[0], actor);
    expect(unbalanced.ok === false && unbalanced.refusals[0].message).toContain("La diferencia es ₡0,01");
    expect(await writes()).toEqual(before);
  });

  it("lists entries with filters, totals and pagination", async () => {
    const organizationId = "CR:3101000555";
    await ensureOrganization({ _id: organizationId, name: "Listado S.A.", identificationType: "02" });
    for (let day = 1; day <= 9; day++)
      await postOk(organizationId, sale(`2026-07-0${day}`, "113", "100", "13", `Venta ${day}`));
    await postOk(organizationId, {
      date: "2026-07-10",
      description: "Pago de salarios",
      reference: "TRF-88",
      lines: [dr(RENT, "400"), cr(BANK, "400")],
    });
    await createDraft(organizationId, { date: "2026-07-11", description: "Borrador", lines: [] }, actor);

    const all = await listEntries(organizationId, {}, { page: 2, pageSize: 4 });
    expect([all.count, all.pageCount, all.rows.length]).toEqual([11, 3, 4]);
    expect(all.rows[0].description).toBe("Venta 7");
    expect(all.totalDebit).toBe(9n * 11300n + 40000n);
    const bank = await listEntries(organizationId, { account: "10-01-01-03-00" });
    expect(bank.rows.map((row) => row.description)).toEqual(["Pago de salarios"]);
    expect((await listEntries(organizationId, { text: "trf-88" })).count).toBe(1);
    expect((await listEntries(organizationId, { status: "borrador" })).count).toBe(1);
    expect((await listEntries(organizationId, { from: "2026-07-03", to: "2026-07-05" })).count).toBe(3);
    expect((await listEntries(organizationId, { source: "reversion" })).count).toBe(0);

    const reversed = (await listEntries(organizationId, { text: "Venta 3" })).rows[0];
    const reversal = await reverse(organizationId, String(reversed._id), { ...actor, date: "2026-07-12" });
    if (!reversal.ok) throw new Error(reversal.refusals.map((r) => r.message).join(" | "));
    const byStatus = async (status: "borrador" | "contabilizado" | "revertido") =>
      (await listEntries(organizationId, { status })).rows.map((row) => row.description).sort();
    expect(await byStatus("revertido")).toEqual(["Venta 3"]);
    expect(await byStatus("borrador")).toEqual(["Borrador"]);
    const standing = await byStatus("contabilizado");
    expect(standing).toHaveLength(10);
    expect(standing).not.toContain("Venta 3");
    expect((await listEntries(organizationId, { source: "reversion", status: "contabilizado" })).count).toBe(1);
  });

  it("reads the journal's entries in book order in bounded batches, across a day fuller than a batch", async () => {
    const organizationId = "CR:3101000556";
    await ensureOrganization({ _id: organizationId, name: "Diario S.A.", identificationType: "02" });
    const dates = ["2026-03-02", "2026-03-01", "2026-03-02", "2026-03-03", "2026-03-02", "2026-03-02", "2026-02-28"];
    for (const [i, date] of dates.entries())
      await postOk(organizationId, sale(date, "113", "100", "13", `Asiento ${i}`));
    await postOk(organizationId, sale("2026-03-04", "113", "100", "13", "Fuera del rango"));
    await createDraft(organizationId, { date: "2026-03-02", description: "Borrador", lines: [] }, actor);

    const everything = await Entry.find({
      organizationId,
      status: "contabilizado",
      date: { $gte: "2026-03-01", $lte: "2026-03-03" },
    })
      .sort({ date: 1, number: 1 })
      .lean();
    const expected = everything.map((entry) => `${entry.date} ${entry.number}`);
    expect(expected).toHaveLength(6);
    for (const batchSize of [1, 2, 3, 4, 100]) {
      const read: string[] = [];
      for await (const entry of postedInBookOrder(organizationId, { from: "2026-03-01", to: "2026-03-03" }, batchSize))
        read.push(`${entry.date} ${entry.number}`);
      expect(read, `lotes de ${batchSize}`).toEqual(expected);
    }
  });

  it("keeps the running balance right on page 40 and aggregates a parent's children", async () => {
    const organizationId = "CR:3101000666";
    await ensureOrganization({ _id: organizationId, name: "Movimientos S.A.", identificationType: "02" });
    await postOk(organizationId, {
      date: "2026-01-31",
      description: "Saldo inicial",
      lines: [dr(BANK, "1000"), cr("30-01-01-00-00", "1000")],
    });
    await postOk(organizationId, {
      date: "2026-02-02",
      description: "Antes del rango",
      lines: [dr(BANK_BCR, "7"), cr(SALES, "7")],
    });
    const amounts: bigint[] = [];
    for (let i = 0; i < 205; i++) {
      const cents = BigInt(100 + ((i * 37) % 900));
      const toBank = i % 3 !== 0;
      amounts.push(toBank ? cents : -cents);
      const account = i % 2 === 0 ? BANK : BANK_BCR;
      const lines = toBank
        ? [dr(account, `${cents}`), cr(SALES, `${cents}`)]
        : [dr(RENT, `${cents}`), cr(account, `${cents}`)];
      await postOk(organizationId, {
        date: `2026-02-${String(5 + (i % 20)).padStart(2, "0")}`,
        description: `Movimiento ${i}`,
        lines,
      });
    }
    const query = {
      account: "10-01-01-03-00",
      from: "2026-02-05" as CalendarDate,
      to: "2026-02-28" as CalendarDate,
      pageSize: 5,
    };
    const page1 = await accountMovements(organizationId, { ...query, page: 1 });
    expect(page1.openingBalance).toBe(100000n + 700n);
    expect([page1.count, page1.pageCount]).toEqual([205, 41]);

    const everything = await accountMovements(organizationId, { ...query, pageSize: 500 });
    const page40 = await accountMovements(organizationId, { ...query, page: 40 });
    expect(page40.rows).toEqual(everything.rows.slice(195, 200));
    expect(page40.rows.at(-1)!.balance).toBe(everything.rows[199].balance);
    const total = amounts.reduce((sum, value) => sum + value * 100n, 0n);
    expect(everything.closingBalance).toBe(100700n + total);
    expect(everything.rows.at(-1)!.balance).toBe(everything.closingBalance);
    expect(everything.rows.every((row, i) => i === 0 || row.date >= everything.rows[i - 1].date)).toBe(true);

    const leaf = await accountMovements(organizationId, {
      ...query,
      account: BANK_BCR,
      from: "2026-02-01" as CalendarDate,
    });
    expect(leaf.openingBalance).toBe(0n);
    expect(leaf.rows[0]).toMatchObject({ description: "Antes del rango", debit: 700n, balance: 700n });
    await expectBooksAgree(organizationId);
  });
});
