/**
 * The printed conciliación (PDF read back with pdftotext, XLSX read back with exceljs) and «Marcar
 * conciliado»: refused while the difference is not zero; once done, the month's lines and the entries
 * they matched are locked — matching refuses them, the ledger refuses editing or reversing those
 * entries — until a super admin reopens it. Both steps are recorded.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPITAL_AND_EXPENSES, createBacColonesAccountWithStatement, postBankMovement } from "./bank-fixtures";
import { BankMonth } from "../../models/bank-month";
import { BankStatementLine } from "../../models/bank-statement-line";
import { Entry } from "../../models/entry";
import { ensureOrganization } from "../../models/organization";
import type { BankAccountRecord } from "../../models/bank-account";
import { acceptProposal, matchingData, setExcluded, undoMatch } from "../../app/services/bank/matching.server";
import { editPosted, reverse } from "../../app/services/ledger/ledger.server";
import * as accountRoute from "../../app/routes/_app.admin.bank_.$accountID";
import * as pdfRoute from "../../app/routes/_app.admin.bank_.$accountID_.reconciliation[.]pdf";
import * as xlsxRoute from "../../app/routes/_app.admin.bank_.$accountID_.reconciliation[.]xlsx";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { readPdfText } from "../support/pdf-tools";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990009";
const ORG = `CR:${CEDULA}`;
const BANK = "10-01-01-03-01";
const context = { cspNonce: "" };
const LOCKED =
  "Ese movimiento es de noviembre de 2026, ya marcado como conciliado: un superadministrador puede reabrir el mes.";
const ENTRY_LOCKED =
  "El asiento está en una conciliación bancaria marcada como conciliada: no se puede editar ni revertir. Un superadministrador puede reabrir ese mes en Conciliación Bancaria.";
let environment: AppEnvironment;
let account: BankAccountRecord;
let adminCookie: string;
let superCookie: string;
let chequeEntryId: string;

const lineOf = async (description: string) =>
  (await BankStatementLine.findOne({ bankAccountId: account._id, description }).lean())!;

async function post(date: string, colones: bigint, description: string, reference = "") {
  return postBankMovement(
    ORG,
    BANK,
    { date, amount: colones * 100_000n, description, reference },
    CAPITAL_AND_EXPENSES,
  );
}

function pagePost(fields: Record<string, string>, cookie = adminCookie) {
  const id = String(account._id);
  return respond(() =>
    accountRoute.action({
      request: postRequest(`/admin/bank/${id}?org=${CEDULA}&at=2026-11-30`, fields, cookie),
      params: { accountID: id },
      context,
    }),
  );
}

function file(route: typeof pdfRoute | typeof xlsxRoute, extension: string) {
  const id = String(account._id);
  return respond(() =>
    route.loader({
      request: getRequest(`/admin/bank/${id}/reconciliation.${extension}?org=${CEDULA}&at=2026-11-30`, adminCookie),
      params: { accountID: id },
      context,
    }),
  );
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Almacén La Peña S.A.", identificationType: "02" });
  adminCookie = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
  superCookie = await sessionCookieFor((await createTestUser({ persona: "superadmin" })).id);
  account = await createBacColonesAccountWithStatement(ORG, BANK);
  chequeEntryId = await post("2026-11-05", -125_000n, "Cheque a proveedor", "004512");
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("marking a month reconciled", () => {
  it("refuses while the difference is not zero (the books lack the opening balance), recording nothing", async () => {
    const response = await pagePost({ intent: "close-month", month: "2026-11" });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message.replace(/\s/g, " ")).toBe(
      "No se puede marcar conciliado noviembre de 2026: la diferencia es ₡1 500 000,00 y debe ser cero.",
    );
    expect(await BankMonth.countDocuments({ bankAccountId: account._id })).toBe(0);
  });

  it("prints the conciliación as PDF and XLSX, with the difference zero once the opening is booked", async () => {
    await post("2026-10-31", 1_500_000n, "Saldo inicial del banco");
    const cheque = (await matchingData(account)).proposals[0];
    expect((await acceptProposal(account, cheque.bankLineIds[0], "tester")).ok).toBe(true);

    const pdf = await file(pdfRoute, "pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toContain("application/pdf");
    const text = readPdfText(new Uint8Array(await pdf.arrayBuffer()), { layout: true }).replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain("Conciliación bancaria al 30/11/2026");
    expect(text).toContain("Almacén La Peña S.A.");
    expect(text).toMatch(/Saldo según banco\s+₡1 873 250,50/);
    expect(text).toMatch(/Menos partidas del banco no registradas \(5 movimientos\)\s+₡498 250,50/);
    expect(text).toContain("COMISIÓN MANTENIMIENTO CUENTA");
    expect(text).toMatch(/Saldo según libros\s+₡1 375 000,00/);
    expect(text).toMatch(/Diferencia\s+₡0,00/);
    expect(text).toContain("Revisado por");

    const xlsx = await file(xlsxRoute, "xlsx");
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet("Conciliación")!;
    const rows = new Map<string, unknown>();
    sheet.eachRow((row) => rows.set(String(row.getCell(1).value), row.getCell(3).value));
    expect(rows.get("Saldo según banco")).toBe(1_873_250.5);
    expect(rows.get("Saldo según libros")).toBe(1_375_000);
    expect(rows.get("Diferencia")).toBe(0);
    expect(rows.get("INTERESES GANADOS · 912345676")).toBe(0.5);
  });

  it("marks November reconciled and locks its lines and the entries they matched", async () => {
    const response = await pagePost({ intent: "close-month", month: "2026-11" });
    expect(response.status).toBe(302);
    const month = (await BankMonth.findOne({ bankAccountId: account._id, month: "2026-11" }).lean())!;
    expect(month.closed).toBe(true);
    expect(month.history.map((event) => event.action)).toEqual(["conciliado"]);
    expect((await Entry.findById(chequeEntryId).lean())!.bankLocks).toEqual([`${String(account._id)}:2026-11`]);

    const cheque = await lineOf("CHEQUE 004512");
    const fee = await lineOf("COMISIÓN MANTENIMIENTO CUENTA");
    expect(await undoMatch(account, String(cheque._id), "tester")).toEqual({
      ok: false,
      refusals: [{ message: LOCKED, kind: "conflict" }],
    });
    expect(await setExcluded(account, String(fee._id), true)).toMatchObject({
      ok: false,
      refusals: [{ message: LOCKED }],
    });
    await post("2026-11-15", -1_750n, "Comisión de mantenimiento");
    const proposal = (await matchingData(account)).proposals.find(
      (candidate) => candidate.bankLineIds[0] === String(fee._id),
    )!;
    expect(await acceptProposal(account, proposal.bankLineIds[0], "tester")).toMatchObject({
      ok: false,
      refusals: [{ message: LOCKED }],
    });
    expect((await lineOf(fee.description)).state).toBe("pendiente");

    const edit = await editPosted(
      ORG,
      chequeEntryId,
      {
        date: "2026-11-05",
        description: "Cheque cambiado",
        lines: [
          { account: "60-04-02-00-00", debit: 12_500_000_000n },
          { account: BANK, credit: 12_500_000_000n },
        ],
      },
      { by: "tester" },
    );
    expect(edit).toEqual({ ok: false, refusals: [{ message: ENTRY_LOCKED }] });
    expect(await reverse(ORG, chequeEntryId, { by: "tester" })).toEqual({
      ok: false,
      refusals: [{ message: ENTRY_LOCKED }],
    });

    const again = await pagePost({ intent: "close-month", month: "2026-11" });
    expect(again.status).toBe(409);
  });

  it("lets only a super admin reopen the month, recorded, and frees its lines and entries", async () => {
    const refused = await pagePost({ intent: "reopen-month", month: "2026-11" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Solo un superadministrador puede reabrir un mes conciliado." });
    const reopened = await pagePost({ intent: "reopen-month", month: "2026-11" }, superCookie);
    expect(reopened.status).toBe(302);
    const month = (await BankMonth.findOne({ bankAccountId: account._id, month: "2026-11" }).lean())!;
    expect(month.closed).toBe(false);
    expect(month.history.map((event) => event.action)).toEqual(["conciliado", "reabierto"]);
    expect((await Entry.findById(chequeEntryId).lean())!.bankLocks).toEqual([]);
    const cheque = await lineOf("CHEQUE 004512");
    expect(await undoMatch(account, String(cheque._id), "tester")).toEqual({
      ok: true,
      message: "Conciliación deshecha.",
    });
    expect(await pagePost({ intent: "close-month", month: "2026-13" }).then((response) => response.status)).toBe(400);
  });
});
