import type { LoaderFunctionArgs } from "@remix-run/node";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import type { EntryInput } from "../../app/domain/ledger";
import { fromTrialWire, QUERY_MESSAGES } from "../../app/domain/reports";
import * as allCsv from "../../app/routes/_app.results-all[.]csv";
import * as allXlsx from "../../app/routes/_app.results-all[.]xlsx";
import * as allPage from "../../app/routes/_app.results-all";
import * as generalCsv from "../../app/routes/_app.results-general[.]csv";
import * as generalPage from "../../app/routes/_app.results-general";
import * as resultsCsv from "../../app/routes/_app.results[.]csv";
import * as resultsXlsx from "../../app/routes/_app.results[.]xlsx";
import * as resultsPage from "../../app/routes/_app.results";
import { createAndPost, createDraft } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const ORG = "CR:3101555555";
const OTHER = "CR:3101555556";
const actor = { by: "reportes@test" };
let environment: AppEnvironment;
const cookies = {} as Record<"admin" | "client" | "otherClient", string>;

const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;
const CASH = leafOf("10-01");
const PAYABLE = leafOf("20-01");
const CAPITAL = leafOf("30-01");
const INCOME = leafOf("40-01");
const COST = leafOf("50-01");
const EXPENSE = leafOf("60-01");
const UNCLASSIFIED = leafOf("70-01");

const colones = (text: string) => BigInt(text.replace(".", "")) * 1000n; // "1234.56" → Amount units
function entry(date: string, debit: string, credit: string, amount: string): EntryInput {
  return {
    date,
    description: `Asiento ${date}`,
    lines: [
      { account: debit, debit: colones(amount) },
      { account: credit, credit: colones(amount) },
    ],
  };
}

const ENTRIES = [
  entry("2025-12-10", CASH, CAPITAL, "1000000.00"),
  entry("2026-01-15", CASH, INCOME, "500000.00"),
  entry("2026-01-20", COST, PAYABLE, "200000.00"),
  entry("2026-02-10", EXPENSE, CASH, "50000.25"),
  entry("2026-02-14", UNCLASSIFIED, PAYABLE, "1000.00"),
];

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Reportes S.A.", identificationType: "02" });
  await ensureOrganization({ _id: OTHER, name: "Otra S.A.", identificationType: "02" });
  for (const input of ENTRIES) {
    const result = await createAndPost(ORG, input, actor);
    if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
  }
  // A draft never reaches a report.
  await createDraft(ORG, entry("2026-01-25", CASH, INCOME, "999999.00"), actor);
  const cookieFor = async (persona: "client" | "admin", orgs: Record<string, "admin" | "client">) =>
    sessionCookieFor((await createTestUser({ persona, orgs })).id);
  cookies.admin = await cookieFor("admin", { [ORG]: "admin" });
  cookies.client = await cookieFor("client", { [ORG]: "client" });
  cookies.otherClient = await cookieFor("client", { [OTHER]: "client" });
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

type Who = keyof typeof cookies;
type Loader = (args: LoaderFunctionArgs) => Promise<Response>;
const args = (request: Request) => ({ request, params: {}, context: { cspNonce: "" } }) as LoaderFunctionArgs;
const call = (loader: Loader, who: Who, path: string) => respond(() => loader(args(getRequest(path, cookies[who]))));
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

interface RowView {
  key: string;
  code: string | null;
  amount: { text: string; negative: boolean };
  compared: { text: string } | null;
  share: string | null;
}

describe("Estado de Resultados (/results)", () => {
  it("gives the quarter at level 1 with its result lines, shares and the 70 warning", async () => {
    const response = await call(
      resultsPage.loader as Loader,
      "admin",
      "/results?org=3101555555&quarter=2026-Q1&level=1",
    );
    expect(response.status).toBe(200);
    const data = await response.json();
    const rows = new Map<string, RowView>(data.rows.map((row: RowView) => [row.key, row]));
    expect([...rows.keys()]).toEqual([
      "40-00-00-00-00",
      "50-00-00-00-00",
      "grossProfit",
      "60-00-00-00-00",
      "resultBeforeTax",
      "incomeTax",
      "netResult",
    ]);
    expect(plain(rows.get("40-00-00-00-00")!.amount.text)).toBe("₡500 000,00");
    expect(plain(rows.get("grossProfit")!.amount.text)).toBe("₡300 000,00");
    expect(plain(rows.get("netResult")!.amount.text)).toBe("₡249 999,75");
    expect(rows.get("50-00-00-00-00")!.share).toBe("40,0 %");
    expect(plain(data.unclassified)).toBe("₡1 000,00");
    expect(data.role).toBe("admin");
    expect(data.monthly.map((m: { month: string; resultText: string }) => [m.month, plain(m.resultText)])).toEqual([
      ["2026-01", "₡300 000,00"],
      ["2026-02", "(₡50 000,25)"],
      ["2026-03", "₡0,00"],
    ]);
  });

  it("compares with the previous period and tells a client it is a client (its links go to the entries list)", async () => {
    const data = await (
      await call(
        resultsPage.loader as Loader,
        "client",
        "/results?org=3101555555&month=2026-02&compare=previous&level=1",
      )
    ).json();
    expect(data.role).toBe("client");
    expect(data.comparedLabel).toBe("Enero de 2026");
    const net = data.rows.find((row: RowView) => row.key === "netResult");
    expect(plain(net.amount.text)).toBe("(₡50 000,25)");
    expect(plain(net.compared.text)).toBe("₡300 000,00");
  });

  it("opens a client user at a readable level (3) and an admin at every account (5), unless the URL says", async () => {
    const levelsOf = (data: { rows: Array<{ code: string | null; level: number }> }) =>
      Math.max(...data.rows.filter((row) => row.code).map((row) => row.level));
    const client = await (
      await call(resultsPage.loader as Loader, "client", "/results?org=3101555555&quarter=2026-Q1")
    ).json();
    expect(client.filters.level).toBe("3");
    expect(client.params.level).toBe("3");
    expect(levelsOf(client)).toBe(3);
    const admin = await (
      await call(resultsPage.loader as Loader, "admin", "/results?org=3101555555&quarter=2026-Q1")
    ).json();
    expect(admin.filters.level).toBe("5");
    expect(levelsOf(admin)).toBeGreaterThan(3);
    const chosen = await (
      await call(resultsPage.loader as Loader, "client", "/results?org=3101555555&quarter=2026-Q1&level=5")
    ).json();
    expect(chosen.filters.level).toBe("5");
    for (const [loader, path] of [
      [generalPage.loader, "/results-general?org=3101555555&to=2026-02-28"],
      [allPage.loader, "/results-all?org=3101555555&month=2026-01"],
    ] as const) {
      const data = await (await call(loader as Loader, "client", path)).json();
      expect(data.filters.level, path).toBe("3");
    }
  });

  it("answers a malformed query with the page and Spanish messages, never a 500", async () => {
    const response = await call(
      resultsPage.loader as Loader,
      "admin",
      "/results?org=3101555555&month=2026-13&level=abc",
    );
    expect(response.status).toBe(200);
    expect((await response.json()).messages).toEqual([QUERY_MESSAGES.month, QUERY_MESSAGES.level]);
  });

  it("is 404 for a client of another organization", async () => {
    expect((await call(resultsPage.loader as Loader, "otherClient", "/results?org=3101555555")).status).toBe(404);
    expect((await call(resultsCsv.loader as Loader, "otherClient", "/results.csv?org=3101555555")).status).toBe(404);
  });

  it("exports the CSV with group rows and result lines under an empty código", async () => {
    const response = await call(
      resultsCsv.loader as Loader,
      "client",
      "/results.csv?org=3101555555&quarter=2026-Q1&level=1",
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toEqual([
      "código,cuenta,nivel,monto",
      "40-00-00-00-00,Ingreso,1,500000.00",
      "50-00-00-00-00,Costos,1,200000.00",
      ",Utilidad bruta,,300000.00",
      "60-00-00-00-00,Gastos,1,50000.25",
      ",Utilidad antes de impuestos,,249999.75",
      // No income-tax table in this database: the line says so instead of estimating ₡0.
      ",Impuesto sobre la renta registrado (sin tabla de 2026 para estimarlo),,0.00",
      ",Utilidad neta,,249999.75",
      "70-00-00-00-00,Por clasificar,1,1000.00",
    ]);
  });

  it("exports XLSX with the header and numbers as numbers", async () => {
    const response = await call(
      resultsXlsx.loader as Loader,
      "admin",
      "/results.xlsx?org=3101555555&quarter=2026-Q1&level=1&compare=lastYear",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell("A1").value).toBe("Reportes S.A. (3101555555)");
    expect(sheet.getCell("A2").value).toBe("Estado de Resultados 1.er trimestre de 2026");
    expect(String(sheet.getCell("A3").value)).toMatch(/^Generado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(sheet.getRow(5).values).toEqual([undefined, "código", "cuenta", "nivel", "monto", "comparación"]);
    expect(sheet.getRow(6).values).toEqual([undefined, "40-00-00-00-00", "Ingreso", 1, 500000, 0]);
    let formulas = 0;
    sheet.eachRow((row) => row.eachCell((cell) => void (cell.formula ? formulas++ : 0)));
    expect(formulas).toBe(0);
  });
});

describe("Balance General (/results-general)", () => {
  it("holds Activo = Pasivo + Patrimonio with the year's result as its own line", async () => {
    const data = await (
      await call(generalPage.loader as Loader, "admin", "/results-general?org=3101555555&to=2026-02-28&level=1")
    ).json();
    const rows = new Map<string, RowView>(data.rows.map((row: RowView) => [row.key, row]));
    expect(plain(rows.get("10-00-00-00-00")!.amount.text)).toBe("₡1 449 999,75");
    expect(plain(rows.get("20-00-00-00-00")!.amount.text)).toBe("₡201 000,00");
    expect(plain(rows.get("yearResult")!.amount.text)).toBe("₡249 999,75");
    expect(data.check.holds).toBe(true);
    expect(plain(data.check.unclassified.text)).toBe("₡1 000,00");
  });

  it("exports the CSV with the result lines", async () => {
    const text = await (
      await call(generalCsv.loader as Loader, "client", "/results-general.csv?org=3101555555&to=2026-02-28&level=1")
    ).text();
    expect(text).toContain("\r\n,Utilidad (pérdida) del período en curso,,249999.75\r\n");
    expect(text).toContain("\r\n30-00-00-00-00,Patrimonio,1,1000000.00\r\n");
  });
});

describe("Balance de Comprobación (/results-all)", () => {
  it("balances débitos and créditos and excludes drafts", async () => {
    const data = await (
      await call(allPage.loader as Loader, "admin", "/results-all?org=3101555555&month=2026-01&level=1")
    ).json();
    expect(data.trial.balanced).toBe(true);
    expect(plain(data.trial.totals.debit.text)).toBe("₡700 000,00");
    expect(data.trial.totals.credit.text).toBe(data.trial.totals.debit.text);
    const income = fromTrialWire(data.trial.rows).find((row) => row.code === "40-00-00-00-00")!;
    expect(plain(income.credit.text)).toBe("₡500 000,00");
    expect(plain(income.closing.text)).toBe("(₡500 000,00)");
  });

  it("reads a range that cuts months from those months' days", async () => {
    const text = await (
      await call(
        allCsv.loader as Loader,
        "admin",
        "/results-all.csv?org=3101555555&from=2026-01-16&to=2026-02-10&level=1",
      )
    ).text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("código,cuenta,nivel,saldo inicial,débitos,créditos,saldo final");
    expect(lines).toContain("10-00-00-00-00,Activo,1,1500000.00,0.00,50000.25,1449999.75");
    expect(lines).toContain("40-00-00-00-00,Ingreso,1,-500000.00,0.00,0.00,-500000.00");
    expect(lines).toContain("50-00-00-00-00,Costos,1,0.00,200000.00,0.00,200000.00");
    expect(lines.at(-1)).toBe(",Totales,,0.00,250000.25,250000.25,0.00");
  });

  it("lists only leaf accounts with «solo cuentas de detalle» and exports them to XLSX", async () => {
    const response = await call(
      allXlsx.loader as Loader,
      "client",
      "/results-all.xlsx?org=3101555555&year=2026&leaf=1",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const codes: string[] = [];
    sheet.eachRow(
      (row, number) => void (number > 5 && row.getCell(1).value ? codes.push(String(row.getCell(1).value)) : 0),
    );
    expect(codes.sort()).toEqual([CASH, CAPITAL, PAYABLE, INCOME, COST, EXPENSE, UNCLASSIFIED].sort());
    const cash = sheet.getRows(6, codes.length + 1)!.find((row) => row.getCell(1).value === CASH)!;
    expect(cash.getCell(4).value).toBe(1000000);
    expect(cash.getCell(7).value).toBe(1449999.75);
  });
});
