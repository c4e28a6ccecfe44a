import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { CalendarDate } from "../../app/domain/calendar";
import { DECREE_TABLES, type BracketTable } from "../../app/domain/income-tax";
import { cents, type Cents } from "../../app/domain/money";
import { parseReportQuery } from "../../app/domain/reports";
import {
  copyBracketYear,
  findBracketTable,
  listBracketTables,
  saveBracketTable,
  seedDecreeTables,
} from "../../app/services/income-tax/brackets.server";
import { incomeTaxReport } from "../../app/services/income-tax/income-tax.server";
import { registerProvision, reverseProvision } from "../../app/services/income-tax/provision.server";
import { accountTotals } from "../../app/services/ledger/ledger.server";
import { resultsReport } from "../../app/services/reports/reports.server";
import { IncomeBracket } from "../../models/income-bracket";
import { Organization, ensureOrganization } from "../../models/organization";
import { User } from "../../models/user";
import { updateClient } from "../../app/services/organizations/organizations.server";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { seedDemoEntries } from "../../scripts/seed-demo-entries";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { refusalStatus } from "../../app/utils/http.server";

const TODAY = "2026-11-23" as CalendarDate;
const NOW = new Date(`${TODAY}T18:00:00Z`);
const FERRETERIA = "CR:3101123456";
const admin = { isRoot: false, isSuperAdmin: false, isAdmin: true, email: "contador@prueba.cr" };
const superAdmin = { isRoot: false, isSuperAdmin: true, isAdmin: false, email: "super@prueba.cr" };

let environment: AppEnvironment;
let adminCookie: string;
let superCookie: string;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  await seedDemoEntries({ log: () => undefined, today: TODAY });
  adminCookie = await sessionCookieFor(
    (await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } })).id,
  );
  superCookie = await sessionCookieFor((await createTestUser({ persona: "superadmin" })).id);
}, 180_000);

afterAll(async () => {
  await environment?.close();
});

const tableOf = (year: number, kind: BracketTable["kind"]) =>
  DECREE_TABLES.find((table) => table.year === year && table.kind === kind)!;

describe("income-tax brackets", () => {
  it("seeds the 2025 and 2026 decree tables once, with the «sin confirmar» flags", async () => {
    expect(await seedDecreeTables()).toBe(8);
    expect(await seedDecreeTables()).toBe(0);
    const tables = await listBracketTables(2025);
    expect(tables.map((table) => table.kind).sort()).toEqual([
      "asalariado",
      "persona-fisica",
      "persona-juridica",
      "persona-juridica-pequena",
    ]);
    expect(
      tables
        .filter((table) => table.unconfirmed)
        .map((table) => table.kind)
        .sort(),
    ).toEqual(["asalariado", "persona-fisica"]);
    const small = await findBracketTable(2026, "persona-juridica-pequena");
    expect(small?.grossIncomeThreshold).toBe(cents(11_917_400_000n));
    expect(small?.source).toMatch(/45333-H/);
    expect(small?.history.map((change) => change.action)).toEqual(["seed"]);
  });

  it("refuses an admin who is not a super admin, and writes nothing", async () => {
    const stored = (await findBracketTable(2026, "persona-juridica"))!;
    const outcome = await saveBracketTable(
      admin,
      { ...stored, brackets: [{ ...stored.brackets[0], rate: "25" }] },
      stored.revision,
    );
    expect(outcome).toMatchObject({ ok: false, refusals: [{ kind: "forbidden" }] });
    const after = (await findBracketTable(2026, "persona-juridica"))!;
    expect(after.brackets[0].rate).toBe("30");
    expect(after.revision).toBe(stored.revision);
    expect(await copyBracketYear(admin, 2026)).toMatchObject({ ok: false, refusals: [{ kind: "forbidden" }] });
  });

  it("validates, saves with an audit entry, and refuses a stale revision", async () => {
    const stored = (await findBracketTable(2026, "persona-juridica-pequena"))!;
    const [a, b, c, d] = stored.brackets;
    const gap = await saveBracketTable(
      superAdmin,
      { ...stored, brackets: [a, { ...b, from: cents(b.from + 100n) }, c, d] },
      stored.revision,
    );
    expect(gap).toMatchObject({ ok: false, refusals: [{ field: "brackets[1].from" }] });
    if (!gap.ok) expect(refusalStatus(gap.refusals)).toBe(400);
    const badRate = await saveBracketTable(
      superAdmin,
      { ...stored, brackets: [a, b, c, { ...d, rate: "120" }] },
      stored.revision,
    );
    expect(badRate.ok || refusalStatus(badRate.refusals)).toBe(400);
    expect((await findBracketTable(2026, "persona-juridica-pequena"))!.revision).toBe(stored.revision);

    const edited = { ...stored, grossIncomeThreshold: cents(11_917_500_000n) };
    expect(await saveBracketTable(superAdmin, edited, stored.revision)).toEqual({ ok: true });
    const record = await IncomeBracket.findById("2026/persona-juridica-pequena").lean();
    const change = record!.history.at(-1)!;
    expect(change).toMatchObject({ by: "super@prueba.cr", action: "update" });
    expect(JSON.parse(change.before).grossIncomeThreshold).toBe("11917400000");
    expect(JSON.parse(change.after).grossIncomeThreshold).toBe("11917500000");

    expect(await saveBracketTable(superAdmin, stored, stored.revision)).toMatchObject({
      ok: false,
      refusals: [{ kind: "conflict" }],
    });
    // Back to the decree for the income-tax checks below.
    expect(await saveBracketTable(superAdmin, stored, stored.revision + 1)).toEqual({ ok: true });
    expect(await saveBracketTable(superAdmin, stored, null)).toMatchObject({
      ok: false,
      refusals: [{ kind: "conflict" }],
    });
  });

  it("copies a year to the next as unconfirmed, once", async () => {
    expect(await copyBracketYear(superAdmin, 2026)).toEqual({ ok: true, copied: 4, skipped: 0 });
    const copied = await listBracketTables(2027);
    expect(copied).toHaveLength(4);
    expect(copied.every((table) => table.unconfirmed && table.decree.startsWith("Copia de 2026"))).toBe(true);
    expect(copied.find((table) => table.kind === "persona-juridica-pequena")?.brackets).toEqual(
      tableOf(2026, "persona-juridica-pequena").brackets,
    );
    expect(await copyBracketYear(superAdmin, 2026)).toEqual({ ok: true, copied: 0, skipped: 4 });
    const nothing = await copyBracketYear(superAdmin, 2030);
    expect(nothing.ok || refusalStatus(nothing.refusals)).toBe(400);
  });

  it("the edit screen answers an admin 403 and saves a super admin's posted form", async () => {
    const route = (await import("../../app/routes/_app.admin.income-brackets_.$year.$kind")) as {
      loader: (args: LoaderFunctionArgs) => Promise<unknown>;
      action: (args: ActionFunctionArgs) => Promise<unknown>;
    };
    const params = { year: "2027", kind: "persona-juridica" };
    const path = "/admin/income-brackets/2027/persona-juridica";
    const call = (request: Request) => respond(() => route.action({ request, params, context: { cspNonce: "" } }));
    const stored = (await findBracketTable(2027, "persona-juridica"))!;
    const form = {
      intent: "save",
      year: "2027",
      kind: "persona-juridica",
      revision: String(stored.revision),
      decree: "Ley 7092 art. 15 a)",
      source: "Tarifa general",
      "brackets[0].from": "0",
      "brackets[0].to": "",
      "brackets[0].rate": "30",
      "brackets[1].from": "",
      "brackets[1].to": "",
      "brackets[1].rate": "",
    };
    expect(
      (await respond(() => route.loader({ request: getRequest(path, adminCookie), params, context: { cspNonce: "" } })))
        .status,
    ).toBe(403);
    expect((await call(postRequest(path, form, adminCookie))).status).toBe(403);
    const bad = await call(postRequest(path, { ...form, "brackets[0].rate": "treinta" }, superCookie));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("La tarifa del tramo 1 debe ser un porcentaje entre 0 y 100.");
    const saved = await call(postRequest(path, form, superCookie));
    expect(saved.status).toBe(302);
    const after = (await findBracketTable(2027, "persona-juridica"))!;
    expect(after.unconfirmed).toBe(false);
    expect(after.decree).toBe("Ley 7092 art. 15 a)");
    expect(after.history.map((change) => change.action)).toEqual(["copy", "update"]);
  });
});

/** The tax of the slices, computed here by hand from the decree's limits (not by the domain). */
function byHand(net: bigint, limits: bigint[], rates: bigint[]): bigint {
  let tax = 0n;
  let from = 0n;
  for (const [index, rate] of rates.entries()) {
    const to = limits[index] ?? null;
    const top = to === null || net < to ? net : to;
    if (top > from) {
      const part = (top - from) * rate; // céntimos × percent
      tax += (part + 50n) / 100n; // half up: every part here is positive
    }
    if (to === null) break;
    from = to;
  }
  return tax;
}

describe("income tax of the demo year", () => {
  it("reads the Estado de Resultados' figures, picks the table with its reason, and computes each slice", async () => {
    const totals = await accountTotals(FERRETERIA);
    let income = 0n;
    let result = 0n;
    for (const [account, { debit, credit }] of totals) {
      if (account.startsWith("40-")) income += credit - debit;
      if (/^(40|50|60)-/.test(account)) result += credit - debit;
    }
    const report = await incomeTaxReport(FERRETERIA, 2026, NOW);
    expect(report.figures.grossIncome).toBe(income);
    expect(report.figures.netIncome).toBe(result);
    expect(report.inProgress).toBe(true);

    const threshold = 11_917_400_000n;
    const small = income <= threshold;
    expect(report.choice.kind).toBe(small ? "persona-juridica-pequena" : "persona-juridica");
    expect(report.choice.reason).toContain(small ? "≤ umbral ₡119 174 000" : "> umbral ₡119 174 000");
    const expected = small
      ? byHand(result, [562_100_000n, 843_300_000n, 1_124_300_000n], [5n, 10n, 15n, 20n])
      : byHand(result, [], [30n]);
    expect(report.computation?.total).toBe(expected);
    expect(report.computation!.slices.reduce((sum, slice) => sum + slice.tax, 0n)).toBe(expected);

    // The Estado de Resultados of the year shows the same estimate on its income-tax line.
    const query = parseReportQuery("results", new URLSearchParams("year=2026"), TODAY);
    if (!query.ok) throw new Error(query.messages.join(" "));
    const { statement } = await resultsReport(FERRETERIA, query.query);
    expect(statement.current.resultBeforeTax).toBe(result);
    expect(statement.current.incomeTax).toBe(expected);
    expect(statement.rows.find((row) => row.key === "incomeTax")?.label).toMatch(
      /^Impuesto sobre la renta estimado \(/,
    );

    // Pagos parciales: 2024 and 2025 are not in the demo books, so the base is this year's tax.
    expect(report.previousYears.map((previous) => previous.tax)).toEqual([null, null]);
    const quarter = (expected * 25n + 50n) / 100n;
    expect(report.prepayments?.instalments.map((instalment) => instalment.amount)).toEqual([quarter, quarter, quarter]);

    // Projection: 23 November is day 327 of 365.
    expect(report.projection?.elapsedDays).toBe(327);
    const projectedNet = (result * 365n * 2n + 327n) / (327n * 2n);
    expect(report.projection?.netIncome).toBe(projectedNet);
  });

  it("posts the provision once per year, keeps it out of the result before tax, and reverses it", async () => {
    const before = await incomeTaxReport(FERRETERIA, 2026, NOW);
    const tax = before.computation!.total as Cents;
    expect(before.provision).toBeNull();
    const posted = await registerProvision(FERRETERIA, 2026, "prueba", NOW);
    expect(posted.ok).toBe(true);
    const again = await registerProvision(FERRETERIA, 2026, "prueba", NOW);
    expect(again).toMatchObject({ ok: false });
    if (!again.ok) expect(again.refusals[0].message).toMatch(/ya está registrada/);

    const after = await incomeTaxReport(FERRETERIA, 2026, NOW);
    expect(after.provision?.amount).toBe(tax);
    expect(after.figures.netIncome).toBe(before.figures.netIncome);
    expect(after.computation?.total).toBe(tax);
    const totals = await accountTotals(FERRETERIA);
    expect(totals.get("60-06-01-00-00")).toMatchObject({ debit: tax, credit: 0n });
    expect(totals.get("20-01-02-03-00")?.credit).toBe(tax);

    expect((await reverseProvision(FERRETERIA, 2026, "prueba")).ok).toBe(true);
    expect((await incomeTaxReport(FERRETERIA, 2026, NOW)).provision).toBeNull();
    expect((await registerProvision(FERRETERIA, 2026, "prueba", NOW)).ok).toBe(true);
  });
});

describe("the organization's taxpayer kind", () => {
  it("is changed on the client's data with an audit record, and picks the table", async () => {
    const id = "CR:3101777777";
    await ensureOrganization({ _id: id, name: "Renta Auditada S.A.", identificationType: "02" });
    const superUser = await User.findById((await createTestUser({ persona: "superadmin" })).id);
    const changes = {
      name: "Renta Auditada S.A.",
      commercialName: null,
      identificationType: "02" as const,
      vatRegime: "tradicional" as const,
      contactEmail: null,
      activityCodes: [],
      lockDate: null,
    };
    expect(await updateClient(superUser!, id, { ...changes, taxpayerKind: "persona-fisica" })).toBeNull();
    expect(await updateClient(superUser!, id, { ...changes, taxpayerKind: "persona-fisica" })).toBeNull();
    const stored = await Organization.findById(id).lean();
    expect(stored?.taxpayerKind).toBe("persona-fisica");
    expect(stored?.taxpayerKindHistory).toEqual([
      expect.objectContaining({ by: String(superUser!._id), before: "persona-juridica", after: "persona-fisica" }),
    ]);
    const report = await incomeTaxReport(id, 2026, NOW);
    expect(report.taxpayer).toBe("persona-fisica");
    expect(report.choice.reason).toBe("persona física con actividad lucrativa → tarifa progresiva de persona física");
    // No income in the books: nothing to pay.
    expect(report.computation?.total).toBe(0n);
  });
});
