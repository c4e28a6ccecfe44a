import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import type { EntryInput } from "../../app/domain/ledger";
import * as allPdf from "../../app/routes/_app.results-all[.]pdf";
import * as allPage from "../../app/routes/_app.results-all";
import * as generalPdf from "../../app/routes/_app.results-general[.]pdf";
import * as generalPage from "../../app/routes/_app.results-general";
import * as resultsPdf from "../../app/routes/_app.results[.]pdf";
import * as resultsPage from "../../app/routes/_app.results";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { readPdf } from "../support/pdf-tools";
import { getRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

/** The printable statements: what pdftotext reads in them equals the pages, and page 1 renders. */
const ORG = "CR:3101555577";
const OTHER = "CR:3101555578";
const ORG_NAME = "Imprenta Peña & Compañía S.A.";
const actor = { by: "reportes-pdf@test" };
let environment: AppEnvironment;
const cookies = {} as Record<"admin" | "client" | "otherClient", string>;

const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;
const colones = (text: string) => BigInt(text.replace(".", "")) * 1000n;
function entry(date: string, debit: string, credit: string, amount: string): EntryInput {
  return {
    date,
    description: `Asiento ${date}`,
    lines: [
      { account: leafOf(debit), debit: colones(amount) },
      { account: leafOf(credit), credit: colones(amount) },
    ],
  };
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: ORG_NAME, identificationType: "02" });
  await ensureOrganization({ _id: OTHER, name: "Otra Imprenta S.A.", identificationType: "02" });
  for (const input of [
    entry("2025-12-10", "10-01", "30-01", "1000000.00"),
    entry("2026-01-15", "10-01", "40-01", "750000.00"),
    entry("2026-01-20", "50-01", "20-01", "200000.00"),
    entry("2026-02-10", "60-01", "10-01", "1234567.89"),
  ]) {
    const result = await createAndPost(ORG, input, actor);
    if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
  }
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
const call = (loader: unknown, who: Who, path: string) =>
  respond(() => (loader as Loader)(args(getRequest(path, cookies[who]))));
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

async function download(loader: unknown, who: Who, path: string) {
  const response = await call(loader, who, path);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const reading = readPdf(bytes);
  // A rendered page with a header, a table and signature lines: not blank, not a speck.
  expect(reading.png.length).toBeGreaterThan(5_000);
  expect(reading.width).toBeGreaterThan(300);
  expect(reading.inkedShare).toBeGreaterThan(0.01);
  expect(reading.inkedShare).toBeLessThan(0.5);
  return { response, text: plain(reading.text), pages: reading.pages };
}

function expectStatementFrame(text: string, title: string, period: string) {
  for (const expected of [
    ORG_NAME,
    "Cédula 3101555577",
    title,
    period,
    "Contador",
    "Representante legal",
    "Página 1 de 1",
  ])
    expect(text).toContain(expected);
  expect(text).toMatch(/Generado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
}

describe("printable statements (PDF)", () => {
  it("prints the Estado de Resultados with the page's figures, negatives in parentheses", async () => {
    const query = "?org=3101555577&quarter=2026-Q1&level=1";
    const page = await (await call(resultsPage.loader, "client", `/results${query}`)).json();
    const net = page.rows.find((row: { key: string }) => row.key === "netResult");
    expect(plain(net.amount.text)).toBe("(₡684 567,89)");
    const { response, text } = await download(resultsPdf.loader, "client", `/results.pdf${query}`);
    expectStatementFrame(text, "Estado de Resultados", "Período: 1.er trimestre de 2026");
    expect(text).toContain("Utilidad neta");
    expect(text).toContain(plain(net.amount.text));
    expect(text).toContain("₡750 000,00");
    expect(response.headers.get("Content-Disposition")).toContain(
      'filename="estado-de-resultados-3101555577-2026-01-01_2026-03-31.pdf"',
    );
  });

  it("prints the Balance General with its check and a comparison column", async () => {
    const query = "?org=3101555577&to=2026-02-28&level=1&compare=previous";
    const page = await (await call(generalPage.loader, "admin", `/results-general${query}`)).json();
    const assets = page.rows.find((row: { key: string }) => row.key === "10-00-00-00-00");
    const { response, text } = await download(generalPdf.loader, "admin", `/results-general.pdf${query}`);
    expectStatementFrame(text, "Balance General", "Saldos al 28/02/2026");
    expect(plain(assets.amount.text)).toBe("₡515 432,11");
    expect(text).toContain(plain(assets.amount.text));
    expect(text).toContain(plain(assets.compared.text));
    expect(text).toContain("Comparado con:");
    expect(text).toContain("Activo ₡515 432,11 = Pasivo ₡200 000,00 + Patrimonio ₡315 432,11.");
    expect(response.headers.get("Content-Disposition")).toContain(
      'filename="balance-general-3101555577-2026-02-28.pdf"',
    );
  });

  it("prints the Balance de Comprobación with its totals", async () => {
    const query = "?org=3101555577&year=2026&level=5&leaf=1";
    const page = await (await call(allPage.loader, "admin", `/results-all${query}`)).json();
    const { text } = await download(allPdf.loader, "admin", `/results-all.pdf${query}`);
    expectStatementFrame(text, "Balance de Comprobación", "Período: año 2026");
    expect(text).toContain("Totales");
    expect(plain(page.trial.totals.debit.text)).toBe("₡2 184 567,89");
    expect(text).toContain(plain(page.trial.totals.debit.text));
    expect(text).toContain("Saldo inicial");
  });

  it("answers a malformed query with the defaults, never a 500", async () => {
    const { text } = await download(resultsPdf.loader, "admin", "/results.pdf?org=3101555577&month=2026-13&level=x");
    expect(text).toContain("Estado de Resultados");
  });

  it("is 404 for a client of another organization", async () => {
    for (const [loader, path] of [
      [resultsPdf.loader, "/results.pdf"],
      [generalPdf.loader, "/results-general.pdf"],
      [allPdf.loader, "/results-all.pdf"],
    ] as const)
      expect((await call(loader, "otherClient", `${path}?org=3101555577`)).status).toBe(404);
  });
});

describe("the Balance General check line with group 70 (issue 24, finding 5)", () => {
  const DEBIT70 = "CR:3101555581";
  const CREDIT70 = "CR:3101555582";
  let cookie70: string;
  const oneLine = (text: string) => plain(text).replace(/\s+/g, " ");
  /** The signed sum of every "₡…" of one side of the equation. */
  const sideSum = (side: string) =>
    [...side.matchAll(/([+−]?)[^₡+−]*₡([\d ]+),(\d{2})/g)].reduce((sum, match) => {
      const value = BigInt(match[2].replace(/ /g, "")) * 100n + BigInt(match[3]);
      return sum + (match[1] === "−" ? -value : value);
    }, 0n);

  beforeAll(async () => {
    for (const [id, unclassified] of [
      [DEBIT70, entry("2026-01-12", "70-", "20-01", "163818.07")],
      [CREDIT70, entry("2026-01-12", "10-01", "70-", "5000.00")],
    ] as const) {
      await ensureOrganization({ _id: id, name: `Imprenta ${id}`, identificationType: "02" });
      for (const input of [entry("2025-12-10", "10-01", "30-01", "1000000.00"), unclassified]) {
        const result = await createAndPost(id, input, actor);
        if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
      }
    }
    cookie70 = await sessionCookieFor(
      (await createTestUser({ persona: "admin", orgs: { [DEBIT70]: "admin", [CREDIT70]: "admin" } })).id,
    );
  });

  const get = (loader: unknown, path: string) =>
    respond(() => (loader as Loader)(args(getRequest(path, cookie70)))).then((response) => {
      expect(response.status).toBe(200);
      return response;
    });

  for (const [name, cedula, expected] of [
    [
      "a debit balance in 70 sits with Activo",
      "3101555581",
      "Activo ₡1 000 000,00 + saldo deudor de 70 Por clasificar ₡163 818,07 = ₡1 163 818,07 = " +
        "Pasivo ₡163 818,07 + Patrimonio ₡1 000 000,00.",
    ],
    [
      "a credit balance in 70 sits with Pasivo and Patrimonio, not as a negative",
      "3101555582",
      "Activo ₡1 005 000,00 = Pasivo ₡0,00 + Patrimonio ₡1 000 000,00 + saldo acreedor de 70 Por clasificar ₡5 000,00.",
    ],
  ] as const) {
    it(`states what holds on the page and in the PDF: ${name}`, async () => {
      const query = `?org=${cedula}&to=2026-02-28&level=1`;
      const page = await (await get(generalPage.loader, `/results-general${query}`)).json();
      expect(page.check.holds).toBe(true);
      expect(oneLine(page.check.sentence)).toBe(expected);
      const sides = expected.replace(/\.$/, "").split(" = ");
      for (const side of sides.slice(1)) expect(sideSum(side)).toBe(sideSum(sides[0]));

      const bytes = new Uint8Array(await (await get(generalPdf.loader, `/results-general.pdf${query}`)).arrayBuffer());
      expect(oneLine(readPdf(bytes).text)).toContain(expected);
    });
  }
});
