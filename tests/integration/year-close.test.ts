import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type CalendarDate } from "../../app/domain/calendar";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import { journalAccountName, type EntryInput } from "../../app/domain/ledger";
import { parseDecimal } from "../../app/domain/money";
import { parseReportQuery } from "../../app/domain/reports";
import * as generalPage from "../../app/routes/_app.results-general";
import { closeYear, createAndPost, exportJournal, reopenYear } from "../../app/services/ledger/ledger.server";
import { generalReport, resultsReport, trialReport } from "../../app/services/reports/reports.server";
import { closeFiscalYear } from "../../app/services/reports/year-close.server";
import { Entry } from "../../models/entry";
import { Organization, ensureOrganization, lockDayOf, setLockDate } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const ORG = "CR:3101777001";
const RACE = "CR:3101777002";
const PENDING = "CR:3101777003";
const CHAIN = "CR:3101777004";
const OTHER = "CR:3101777005";
const actor = { by: "cierre@test" };
const in2027 = { ...actor, now: new Date("2027-02-01T12:00:00Z") }; // 2026 has ended
let environment: AppEnvironment;
const cookies = {} as Record<"admin" | "client" | "otherAdmin", string>;
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "year-close-"));

const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;
const CASH = leafOf("10-01");
const PAYABLE = leafOf("20-01");
const CAPITAL = leafOf("30-01");
const INCOME = leafOf("40-01");
const OTHER_INCOME = leafOf("40-02");
const COST = leafOf("50-01");
const EXPENSE = leafOf("60-01");
const UNCLASSIFIED = leafOf("70-01");
const RETAINED = "30-04-01-00-00"; // the default accounts' retained earnings

const colones = (text: string) => BigInt(text.replace(".", "")) * 1000n; // "1234.56" → Amount units
const c = (text: string) => BigInt(text.replace(".", "")); // "1234.56" → céntimos
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

async function post(organizationId: string, inputs: EntryInput[]) {
  for (const input of inputs) {
    const result = await createAndPost(organizationId, input, actor);
    if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
  }
}

const BOOKS_2025 = [
  entry("2025-02-01", CASH, CAPITAL, "2000000.00"),
  entry("2025-05-10", CASH, INCOME, "900000.00"),
  entry("2025-07-15", CASH, OTHER_INCOME, "100000.50"),
  entry("2025-08-20", COST, PAYABLE, "300000.00"),
  entry("2025-12-31", EXPENSE, CASH, "150000.25"),
];
const BOOKS_2026 = [entry("2026-01-10", CASH, INCOME, "400000.00"), entry("2026-02-05", EXPENSE, CASH, "50000.00")];
const RESULT_2025 = c("550000.25"); // 900 000 + 100 000,50 − 300 000 − 150 000,25

async function lockDateOfOrg(organizationId: string): Promise<string | null> {
  const organization = await Organization.findById(organizationId, { lockDate: 1 }).lean();
  return lockDayOf(organization?.lockDate);
}

async function closingEntries(organizationId: string) {
  return Entry.find({ organizationId, "source.kind": "cierre" }).lean();
}

function query(kind: "results" | "general" | "all", search: string) {
  const result = parseReportQuery(kind, new URLSearchParams(search), "2026-06-30" as CalendarDate);
  if (!result.ok) throw new Error(result.messages.join(" | "));
  return result.query;
}

type Action = (args: ActionFunctionArgs) => Promise<Response>;
type Loader = (args: LoaderFunctionArgs) => Promise<Response>;
const PAGE = "/results-general?org=3101777001&to=2025-12-31";
const act = (who: keyof typeof cookies, fields: Record<string, string>, page = PAGE) =>
  respond(() =>
    (generalPage.action as Action)({
      request: postRequest(page, fields, cookies[who]),
      params: {},
      context: { cspNonce: "" },
    }),
  );
const load = async (who: keyof typeof cookies, page = PAGE) =>
  (
    await respond(() =>
      (generalPage.loader as Loader)({
        request: getRequest(page, cookies[who]),
        params: {},
        context: { cspNonce: "" },
      }),
    )
  ).json();

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const [id, name] of [
    [ORG, "Cierre S.A."],
    [RACE, "Carrera S.A."],
    [PENDING, "Pendiente S.A."],
    [CHAIN, "Cadena S.A."],
    [OTHER, "Otra S.A."],
  ])
    await ensureOrganization({ _id: id, name, identificationType: "02" });
  await post(ORG, [...BOOKS_2025, ...BOOKS_2026]);
  await setLockDate(ORG, "2025-03-31", actor.by);
  await post(RACE, BOOKS_2025);
  await post(PENDING, [...BOOKS_2025, entry("2025-09-01", UNCLASSIFIED, PAYABLE, "1000.00")]);
  await post(CHAIN, [...BOOKS_2025, ...BOOKS_2026]);
  const cookieFor = async (persona: "client" | "admin", orgs: Record<string, "admin" | "client">) =>
    sessionCookieFor((await createTestUser({ persona, orgs })).id);
  cookies.admin = await cookieFor("admin", { [ORG]: "admin" });
  cookies.client = await cookieFor("client", { [ORG]: "client" });
  cookies.otherAdmin = await cookieFor("admin", { [OTHER]: "admin" });
}, 120_000);

afterAll(async () => {
  await environment?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("Cierre del período: who may close", () => {
  it("a client user is sent home and an admin of another organization gets 404; nothing is written", async () => {
    const client = await act("client", { intent: "close-year", year: "2025", confirmed: "yes" });
    expect(client.status).toBe(302);
    expect(client.headers.get("Location")).toBe("/");
    const other = await act("otherAdmin", { intent: "close-year", year: "2025", confirmed: "yes" });
    expect(other.status).toBe(404);
    expect(await closingEntries(ORG)).toHaveLength(0);
    expect(await lockDateOfOrg(ORG)).toBe("2025-03-31");
    expect((await load("client")).yearClose).toBeNull();
  });

  it("an admin's unconfirmed close only asks; a bad year is a Spanish message", async () => {
    const asked = await act("admin", { intent: "close-year", year: "2025" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ confirm: true });
    const bad = await act("admin", { intent: "close-year", year: "dos mil", confirmed: "yes" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Elija un año entre 2000 y 2099.");
    expect(await closingEntries(ORG)).toHaveLength(0);
  });

  it("refuses a year that has not ended yet", async () => {
    const outcome = await closeFiscalYear(CHAIN, 2025, { ...actor, now: new Date("2025-12-31T23:00:00-06:00") });
    expect(outcome).toMatchObject({
      ok: false,
      refusals: [{ message: "El año 2025 todavía no termina: se puede cerrar a partir del 01/01/2026." }],
    });
    expect(await closingEntries(CHAIN)).toHaveLength(0);
  });

  it("refuses while 70 Por clasificar has a balance, and writes nothing", async () => {
    const outcome = await closeFiscalYear(PENDING, 2025, actor);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.refusals[0].message).toContain("el grupo 70 Por clasificar tiene saldo ₡1");
    expect(await closingEntries(PENDING)).toHaveLength(0);
    expect(await lockDateOfOrg(PENDING)).toBeNull();
  });
});

describe("Cierre del período: close, reports, reopen", () => {
  let closingNumber = "";

  it("the admin closes 2025: closing entry on 31/12/2025, lock date moved and recorded", async () => {
    const response = await act("admin", { intent: "close-year", year: "2025", confirmed: "yes" });
    expect(response.status).toBe(302);
    const closings = await closingEntries(ORG);
    expect(closings).toHaveLength(1);
    const [closing] = closings;
    closingNumber = closing.number!;
    expect(closing).toMatchObject({
      date: "2025-12-31",
      status: "contabilizado",
      source: { kind: "cierre", id: "2025" },
    });
    const retained = closing.lines.find((line) => line.account === RETAINED)!;
    expect(BigInt(String(retained.credit))).toBe(RESULT_2025);
    expect(await lockDateOfOrg(ORG)).toBe("2025-12-31");
    const organization = await Organization.findById(ORG, { lockDateHistory: 1 }).lean();
    expect(organization!.lockDateHistory.at(-1)).toMatchObject({
      before: "2025-03-31",
      after: "2025-12-31",
      reason: `Cierre del período 2025 (asiento ${closingNumber})`,
    });
    const page = await load("admin");
    expect(page.yearClose).toMatchObject({ year: 2025, closing: { number: closingNumber }, canReopen: true });
  });

  it("nothing more is posted in 2025, and closing twice does not post twice", async () => {
    const late = await createAndPost(ORG, entry("2025-12-31", CASH, INCOME, "1.00"), actor);
    expect(late.ok).toBe(false);
    const again = await closeYear(ORG, 2025, RETAINED, actor);
    expect(again).toMatchObject({ ok: false, refusals: [{ message: "El año 2025 ya está cerrado." }] });
    const viaPage = await act("admin", { intent: "close-year", year: "2025", confirmed: "yes" });
    expect(viaPage.status).toBe(409);
    expect(await closingEntries(ORG)).toHaveLength(1);
  });

  it("Balance General: no result line at 31/12/2025, retained earnings carry it, Activo = Pasivo + Patrimonio", async () => {
    const sheet = await generalReport(ORG, query("general", "to=2025-12-31"));
    expect(sheet.rows.map((row) => row.key)).not.toContain("yearResult");
    expect(sheet.rows.find((row) => row.key === RETAINED)?.amount).toBe(RESULT_2025);
    expect(sheet.check.difference).toBe(0n);
    const next = await generalReport(ORG, query("general", "to=2026-06-30&compare=date&compareTo=2025-12-31"));
    expect(next.rows.map((row) => row.key)).not.toContain("priorResults");
    expect(next.rows.find((row) => row.key === "yearResult")).toMatchObject({
      amount: c("350000.00"),
      compared: 0n,
    });
    expect(next.check.difference).toBe(0n);
    expect(next.comparedCheck?.difference).toBe(0n);
  });

  it("Estado de Resultados: 2025 still shows its result, 2026 starts at zero", async () => {
    const year2025 = await resultsReport(ORG, query("results", "year=2025"));
    expect(year2025.statement.current.resultBeforeTax).toBe(RESULT_2025);
    const january = await resultsReport(ORG, query("results", "month=2026-01&compare=lastYear"));
    expect(january.statement.current).toMatchObject({ income: c("400000.00"), resultBeforeTax: c("400000.00") });
    const december = await resultsReport(ORG, query("results", "month=2025-12"));
    expect(december.statement.current.resultBeforeTax).toBe(-c("150000.25"));
  });

  it.skipIf(spawnSync("hledger", ["--version"]).status !== 0)(
    "the reports still equal hledger on the exported journal, closing entry included",
    async () => {
      const journal = path.join(directory, "closed.journal");
      const stream = fs.createWriteStream(journal);
      for await (const chunk of (await exportJournal(ORG, { from: "2025-01-01", to: "2026-12-31" }))!)
        stream.write(chunk);
      await new Promise((resolve) => stream.end(resolve));
      for (const [from, to] of [
        ["2025-01-01", "2025-12-31"],
        ["2026-01-01", "2026-06-30"],
      ]) {
        for (const level of [1, 2, 3, 4, 5]) {
          const csv = execFileSync(
            "hledger",
            [
              "-f",
              journal,
              "bal",
              "--flat",
              "-N",
              "-O",
              "csv",
              "-H",
              "--depth",
              String(level),
              "-e",
              addDays(to as CalendarDate, 1),
            ],
            { encoding: "utf8" },
          );
          const expected = new Map<string, bigint>();
          for (const row of csv.trim().split("\n").slice(1)) {
            const [, account, amount] = /^"([^"]+)","(-?\d+\.\d{2}) CRC"$/.exec(row) ?? [];
            if (account) expected.set(account, parseDecimal(amount, 2)!);
          }
          const trial = await trialReport(ORG, query("all", `from=${from}&to=${to}&level=${level}`));
          const ours = new Map<string, bigint>();
          for (const row of trial.rows)
            if ((row.level === level || row.leaf) && row.closing !== 0n)
              ours.set(journalAccountName(row.code), row.closing);
          expect(ours, `${from}–${to} level ${level}`).toEqual(expected);
        }
      }
      // hledger's income statement of 2025 without the closing entry is the Estado de Resultados' result.
      const is = execFileSync(
        "hledger",
        [
          "-f",
          journal,
          "--alias",
          "/^40(:|$)/=revenues:40\\1",
          "--alias",
          "/^(50|60)(:|$)/=expenses:\\1\\2",
          "is",
          "-O",
          "csv",
          "-b",
          "2025-01-01",
          "-e",
          "2026-01-01",
          `not:code:${closingNumber}`,
        ],
        { encoding: "utf8" },
      );
      const net = /"Net:","(-?[\d.]+)(?: CRC)?"/.exec(is)?.[1];
      expect(parseDecimal(net!, 2)).toBe(RESULT_2025);
    },
  );

  it("reopen needs a reason; with it, the close is reversed and the earlier lock date restored, audited", async () => {
    const missing = await act("admin", { intent: "reopen-year", year: "2025", reason: " ", confirmed: "yes" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("Escriba el motivo de la reapertura.");
    const client = await act("client", { intent: "reopen-year", year: "2025", reason: "x", confirmed: "yes" });
    expect(client.status).toBe(302);
    expect(await lockDateOfOrg(ORG)).toBe("2025-12-31");

    const response = await act("admin", {
      intent: "reopen-year",
      year: "2025",
      reason: "Ajuste de auditoría",
      confirmed: "yes",
    });
    expect(response.status).toBe(302);
    const [closing] = await closingEntries(ORG);
    expect(closing.reversedBy).toBeTruthy();
    const reversal = await Entry.findById(closing.reversedBy).lean();
    expect(reversal).toMatchObject({
      date: "2025-12-31",
      source: { kind: "reversion", id: String(closing._id) },
      description: `Reapertura del período 2025 (revierte ${closingNumber}): Ajuste de auditoría`,
    });
    expect(closing.history.at(-1)).toMatchObject({ action: "revertido" });
    expect(await lockDateOfOrg(ORG)).toBe("2025-03-31");
    const organization = await Organization.findById(ORG, { lockDateHistory: 1 }).lean();
    expect(organization!.lockDateHistory.at(-1)).toMatchObject({
      before: "2025-12-31",
      after: "2025-03-31",
      reason: "Reapertura del período 2025: Ajuste de auditoría",
    });
    const sheet = await generalReport(ORG, query("general", "to=2025-12-31"));
    expect(sheet.rows.find((row) => row.key === "yearResult")?.amount).toBe(RESULT_2025);
    expect(sheet.check.difference).toBe(0n);
    expect((await resultsReport(ORG, query("results", "year=2025"))).statement.current.resultBeforeTax).toBe(
      RESULT_2025,
    );
    const again = await reopenYear(ORG, 2025, "otra vez", actor);
    expect(again).toMatchObject({
      ok: false,
      refusals: [{ message: "El año 2025 no está cerrado: no hay cierre que reabrir." }],
    });
    // Closed again after the reopen: a new closing entry, the reversed one stays as history.
    expect((await closeFiscalYear(ORG, 2025, actor)).ok).toBe(true);
    expect(await closingEntries(ORG)).toHaveLength(2);
  });
});

describe("Cierre del período: concurrency and order", () => {
  it("two closes at once post one closing entry", async () => {
    const outcomes = await Promise.all([closeFiscalYear(RACE, 2025, actor), closeFiscalYear(RACE, 2025, actor)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({
      refusals: [{ message: "El año 2025 ya está cerrado." }],
    });
    expect(await closingEntries(RACE)).toHaveLength(1);
    expect(await lockDateOfOrg(RACE)).toBe("2025-12-31");
  });

  it("a year closes only after the one before it, and reopens only while the next one is open", async () => {
    const early = await closeFiscalYear(CHAIN, 2026, in2027);
    expect(!early.ok && early.refusals[0].message).toContain("Cierre primero el año 2025");
    expect((await closeFiscalYear(CHAIN, 2025, actor)).ok).toBe(true);
    expect((await closeFiscalYear(CHAIN, 2026, in2027)).ok).toBe(true);
    const reopen = await reopenYear(CHAIN, 2025, "Prueba", actor);
    expect(reopen).toMatchObject({
      ok: false,
      refusals: [{ message: "No se puede reabrir 2025: el año 2026 ya está cerrado. Reabra primero 2026." }],
    });
    expect((await reopenYear(CHAIN, 2026, "Prueba", actor)).ok).toBe(true);
    expect(await lockDateOfOrg(CHAIN)).toBe("2025-12-31");
    expect((await reopenYear(CHAIN, 2025, "Prueba", actor)).ok).toBe(true);
    expect(await lockDateOfOrg(CHAIN)).toBeNull();
    const sheet = await generalReport(CHAIN, query("general", "to=2026-06-30"));
    expect(sheet.check.difference).toBe(0n);
    expect(sheet.rows.find((row) => row.key === "priorResults")?.amount).toBe(RESULT_2025);
  });
});
