import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntryInput } from "../../app/domain/ledger";
import { parseAmount } from "../../app/domain/money";
import { changeCatalog, loadCatalog } from "../../app/services/catalog/catalog.server";
import { createAndPost, createDraft, reverse, verifyLedger } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { PeriodBalance } from "../../models/period-balance";
import { PostedLine } from "../../models/posted-line";
import type { CalendarDate } from "../../app/domain/calendar";
import { entryView, movementView } from "../../app/services/entries/entries-read.server";
import { readReportQuery, trialPage } from "../../app/services/reports/reports.server";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

// Accounts kept in dollars (decision 282): marked in the catalog, their lines carry US$ and the rate,
// and the period balances keep the dollars that the rebuild proves.
const ORG = "CR:3101282001";
const BANK_USD = "10-01-01-04-01"; // Banco Nacional – cta. corriente US$
const BANK_BCR_USD = "10-01-01-04-02"; // BCR – cta. corriente US$
const SALES = "40-01-01-01-00";
const actor = { by: "contador@test" };
const amount = (text: string) => parseAmount(text)!;

let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Exportadora Dólar S.A.", identificationType: "02" });
});

afterAll(async () => {
  await environment?.close();
});

const saleInDollars = (date: string, dollars: string, rate: string, colones: string): EntryInput => ({
  date,
  description: "Venta de exportación",
  lines: [
    { account: BANK_USD, debit: amount(colones), currency: "USD", foreignAmount: amount(dollars), rate: amount(rate) },
    { account: SALES, credit: amount(colones) },
  ],
});

describe("an account kept in dollars", () => {
  it("is marked on the catalog, leaves only, and only while it has no colón-only lines", async () => {
    expect(await changeCatalog(ORG, { kind: "set-currency", code: "10-01-01-04-00", currency: "USD" })).toEqual({
      message:
        "Solo una cuenta de detalle (sin subcuentas) puede llevarse en dólares: elija la subcuenta que recibe los movimientos.",
    });
    // A draft in colones to the BCR account keeps it in colones.
    const draft = await createDraft(
      ORG,
      { date: "2026-10-02", description: "Depósito", lines: [{ account: BANK_BCR_USD, debit: amount("5000") }] },
      actor,
    );
    expect(draft.ok).toBe(true);
    expect(await changeCatalog(ORG, { kind: "set-currency", code: BANK_BCR_USD, currency: "USD" })).toEqual({
      message:
        "La cuenta 10-01-01-04-02 tiene líneas solo en colones (sin monto en dólares): no puede pasar a llevarse en dólares. Cree una subcuenta nueva para los dólares.",
    });

    expect(await changeCatalog(ORG, { kind: "set-currency", code: BANK_USD, currency: "USD" })).toEqual({
      code: BANK_USD,
    });
    const { tree, overrides } = await loadCatalog(ORG);
    expect(overrides[BANK_USD]).toEqual({ currency: "USD" });
    expect(JSON.stringify(tree)).toContain('"currency":"USD"');
  });

  it("takes lines with US$ and rate, refuses colones alone, and keeps dollar totals the rebuild agrees with", async () => {
    const refused = await createAndPost(
      ORG,
      {
        date: "2026-10-05",
        description: "Sin dólares",
        lines: [
          { account: BANK_USD, debit: amount("510000") },
          { account: SALES, credit: amount("510000") },
        ],
      },
      actor,
    );
    expect(refused.ok).toBe(false);

    // US$1 000 at 500 and US$2 345,67 at 505,25 (₡1 185 149,7675 → ₡1 185 149,77).
    const first = await createAndPost(ORG, saleInDollars("2026-10-05", "1000", "500", "500000"), actor);
    const second = await createAndPost(ORG, saleInDollars("2026-10-20", "2345.67", "505.25", "1185149.77"), actor);
    expect(first.ok && second.ok).toBe(true);

    const row = await PeriodBalance.findOne({ organizationId: ORG, account: BANK_USD, period: "2026-10" }).lean();
    expect(BigInt(row!.dollars!)).toBe(amount("3345.67"));
    expect(BigInt(row!.debit)).toBe(168514977n);
    const copies = await PostedLine.find({ organizationId: ORG, account: BANK_USD }).sort({ date: 1 }).lean();
    expect(copies.map((line) => [BigInt(line.dollars!), BigInt(line.rate!)])).toEqual([
      [amount("1000"), amount("500")],
      [amount("2345.67"), amount("505.25")],
    ]);
    expect(await verifyLedger(ORG)).toEqual([]);

    // The reversal carries the dollars back out.
    if (!first.ok) return;
    const reversal = await reverse(ORG, String(first.entry._id), { ...actor, date: "2026-10-25" });
    expect(reversal.ok).toBe(true);
    const after = await PeriodBalance.findOne({ organizationId: ORG, account: BANK_USD, period: "2026-10" }).lean();
    expect(BigInt(after!.dollars!)).toBe(amount("2345.67"));
    expect(await verifyLedger(ORG)).toEqual([]);
  });

  it("a stored difference in dollars is what verify reports", async () => {
    await PeriodBalance.updateOne(
      { organizationId: ORG, account: BANK_USD, period: "2026-10" },
      { $inc: { dollars: 1n } },
    );
    const differences = await verifyLedger(ORG);
    expect(differences.map((difference) => [difference.account, difference.period])).toEqual([[BANK_USD, "2026-10"]]);
    await PeriodBalance.updateOne(
      { organizationId: ORG, account: BANK_USD, period: "2026-10" },
      { $inc: { dollars: -1n } },
    );
    expect(await verifyLedger(ORG)).toEqual([]);
  });

  it("shows the dollars beside the colones: movement list, trial balance", async () => {
    const view = await movementView(
      { id: ORG, cedula: "3101282001", name: "Exportadora Dólar S.A." },
      { account: BANK_USD, from: "2026-10-01" as CalendarDate, to: "2026-10-31" as CalendarDate, page: 1 },
      [],
    );
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    expect(
      view.movements?.dollars && { ...view.movements.dollars, closing: plain(view.movements.dollars.closing) },
    ).toEqual({
      opening: expect.any(String),
      closing: "USD 2 345,67",
    });
    expect(view.movements?.rows.map((row) => plain(row.dollars))).toEqual([
      "USD 1 000,00 × ₡500,00",
      "USD 2 345,67 × ₡505,25",
      "USD 1 000,00 × ₡500,00",
    ]);
    const entry = await entryView(
      { id: ORG, cedula: "3101282001", name: "Exportadora Dólar S.A." },
      String(view.movements!.rows[1].entryId),
      true,
    );
    expect(entry.ok && entry.value.entry.lines.map((line) => plain(line.dollars))).toEqual([
      "USD 2 345,67 × ₡505,25",
      "",
    ]);
    const url = new URL("http://localhost/results-all?from=01/10/2026&to=31/10/2026");
    const trial = await trialPage(ORG, readReportQuery("all", url, { now: new Date("2026-11-02T12:00:00Z") }).query);
    expect(trial.dollarAccounts.map((row) => [row.code, plain(row.colones), plain(row.dollars)])).toEqual([
      [BANK_USD, "₡1 185 149,77", "USD 2 345,67"],
    ]);
  });

  it("cannot go back to colones once it has movements", async () => {
    expect(await changeCatalog(ORG, { kind: "set-currency", code: BANK_USD, currency: "CRC" })).toEqual({
      message: "La cuenta 10-01-01-04-01 tiene movimientos en dólares: sigue llevándose en dólares.",
    });
  });
});
