/**
 * Issue 24, finding 6: the 2025 and 2026 decree tables ship with the app and are loaded at every start
 * (idempotently) and by the demo; a year without a table says «sin tabla» (never an estimate of ₡0,
 * never «regístrela» to a contador); the year's pagos parciales with their dates, amounts, paid and due.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareData } from "../../app/boot/prepare-data.server";
import type { CalendarDate } from "../../app/domain/calendar";
import { cents, centsToAmount, type Cents } from "../../app/domain/money";
import { parseReportQuery } from "../../app/domain/reports";
import * as incomeTaxRoute from "../../app/routes/_app.admin.income-tax";
import { listBracketTables } from "../../app/services/income-tax/brackets.server";
import { incomeTaxReport } from "../../app/services/income-tax/income-tax.server";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { resultsReport } from "../../app/services/reports/reports.server";
import { IncomeBracket } from "../../models/income-bracket";
import { seedDemo } from "../../scripts/seed-demo";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const PREPAYMENTS = "10-01-03-03-00";
const CASH = "10-01-01-01-00";
let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("decree tables at start and in the demo", () => {
  it("are created at the first start and never again", async () => {
    const lines: string[] = [];
    await prepareData({ log: (line) => lines.push(line) });
    expect(lines).toContain("income-tax decree tables: 8 created");
    for (const year of [2025, 2026]) {
      expect((await listBracketTables(year)).map((table) => table.kind).sort()).toEqual([
        "asalariado",
        "persona-fisica",
        "persona-juridica",
        "persona-juridica-pequena",
      ]);
    }
    const again: string[] = [];
    await prepareData({ log: (line) => again.push(line) });
    expect(again).toEqual([]);
    expect(await IncomeBracket.countDocuments()).toBe(8);
  });

  it("are loaded by the demo, whose income tax is then computed", async () => {
    await IncomeBracket.deleteMany({});
    await seedDemo({ log: () => undefined });
    expect(await IncomeBracket.countDocuments()).toBe(8);
    const report = await incomeTaxReport(FERRETERIA, 2026, new Date("2026-11-23T18:00:00Z"));
    expect(report.choice.table).not.toBeNull();
    expect(report.computation).not.toBeNull();
  }, 300_000);
});

describe("a year without a table", () => {
  it("says «sin tabla» on the Estado de Resultados instead of an estimate of ₡0", async () => {
    const query = parseReportQuery("results", new URLSearchParams("year=2027"), "2027-03-31" as CalendarDate);
    if (!query.ok) throw new Error(query.messages.join(" "));
    const { statement } = await resultsReport(FERRETERIA, query.query);
    const line = statement.rows.find((row) => row.key === "incomeTax");
    expect(line?.label).toBe("Impuesto sobre la renta registrado (sin tabla de 2027 para estimarlo)");
    expect(line?.label).not.toMatch(/estimado/);
  });

  it("says «sin tabla» on the income-tax page, tells who can add one, and still shows the year's cuotas", async () => {
    const now = new Date("2027-10-15T18:00:00Z");
    const tax2026 = (await incomeTaxReport(FERRETERIA, 2026, now)).computation!.total as Cents;
    const quarter = cents((tax2026 * 25n + 50n) / 100n);
    // The first cuota and part of the second, paid in 2027.
    const paid = cents(quarter + 1_000_00n);
    const posted = await createAndPost(
      FERRETERIA,
      {
        date: "2027-06-28",
        description: "Pagos parciales de renta 2027",
        lines: [
          { account: PREPAYMENTS, debit: centsToAmount(paid) },
          { account: CASH, credit: centsToAmount(paid) },
        ],
      },
      { by: "prueba", now },
    );
    expect(posted.ok ? [] : posted.refusals).toEqual([]);

    const report = await incomeTaxReport(FERRETERIA, 2027, now);
    expect(report.computation).toBeNull();
    expect(report.choice.reason).toMatch(/sin tabla: no hay tabla .* para 2027/);
    expect(report.choice.reason).toContain("Solo un superadministrador puede registrarla");
    expect(report.schedule).toMatchObject({ kind: "cuotas", paid, dueSoFar: cents(quarter * 2n) });
    if (report.schedule.kind !== "cuotas") return;
    expect(report.schedule.instalments.map((i) => [i.due, i.amount, i.paid, i.state])).toEqual([
      ["2027-06-30", quarter, quarter, "pagada"],
      ["2027-09-30", quarter, cents(1_000_00n), "vencida"],
      ["2027-12-31", quarter, cents(0n), "por vencer"],
    ]);
    expect(report.schedule.overdue).toBe(cents(quarter - 1_000_00n));

    // The page says it in words (as the loader serves it today, before 2027 has begun).
    const admin = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
    const request = getRequest("/admin/income-tax?org=3101123456&year=2027", await sessionCookieFor(admin.id));
    const response = await respond(() =>
      incomeTaxRoute.loader({ request, params: {}, context: { cspNonce: "" } } as LoaderFunctionArgs),
    );
    expect(response.status).toBe(200);
    const page = (await response.json()) as Awaited<
      ReturnType<Awaited<ReturnType<typeof incomeTaxRoute.loader>>["json"]>
    >;
    expect(page.report.total).toBeNull();
    expect(page.report.reason).toContain("sin tabla");
    expect(page.report.reason).not.toMatch(/regístrela/);
    expect(page.report.schedule.kind).toBe("cuotas");
  });
});
