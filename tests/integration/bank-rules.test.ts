/**
 * Bank rules: kept through plain forms on /admin/bank/:accountID/rules (bounded, Spanish refusals),
 * applied with «Aplicar reglas» — each movement a rule takes booked through the ledger service and
 * reconciled with its entry in one transaction, movements with a proposal left alone — and undone by
 * reversal.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScotiabankAccount } from "./bank-fixtures";
import { BankMatch } from "../../models/bank-match";
import { BankRule } from "../../models/bank-rule";
import { BankStatementLine } from "../../models/bank-statement-line";
import { Entry } from "../../models/entry";
import { ensureOrganization } from "../../models/organization";
import { PostedLine } from "../../models/posted-line";
import type { BankAccountRecord } from "../../models/bank-account";
import { applyRules, rulesOf } from "../../app/services/bank/rules.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import * as accountRoute from "../../app/routes/_app.admin.bank_.$accountID";
import * as rulesRoute from "../../app/routes/_app.admin.bank_.$accountID_.rules";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990008";
const ORG = `CR:${CEDULA}`;
const BANK = "10-01-01-03-01";
const FEES = "60-04-02-00-00";
const CCSS = "60-01-04-00-00";
const context = { cspNonce: "" };
let environment: AppEnvironment;
let account: BankAccountRecord;
let cookie: string;

const lineOf = async (description: string) =>
  (await BankStatementLine.findOne({ bankAccountId: account._id, description }).lean())!;

function rulesPost(fields: Record<string, string>) {
  const id = String(account._id);
  return respond(() =>
    rulesRoute.action({
      request: postRequest(`/admin/bank/${id}/rules?org=${CEDULA}`, fields, cookie),
      params: { accountID: id },
      context,
    }),
  );
}

function accountPost(fields: Record<string, string>) {
  const id = String(account._id);
  return respond(() =>
    accountRoute.action({
      request: postRequest(`/admin/bank/${id}?org=${CEDULA}`, fields, cookie),
      params: { accountID: id },
      context,
    }),
  );
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Reglas del Banco S.A.", identificationType: "02" });
  const admin = await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } });
  cookie = await sessionCookieFor(admin.id);
  account = await createScotiabankAccount(ORG, BANK);
  const imported = await importStatement(account, "tester", {
    format: "scotiabank",
    fileName: "scotia.csv",
    bytes: new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank/scotiabank-cuenta.csv"))),
  });
  if (!imported.ok) throw new Error(imported.refusal.message);
  // The cheque deposit is already in the books: a proposal explains it, so no rule books it again.
  const posted = await createAndPost(
    ORG,
    {
      date: "2026-11-27",
      description: "Depósito cheque 0098",
      reference: "0098",
      lines: [
        { account: BANK, debit: 1_250_050_000n },
        { account: "10-01-02-01-00", credit: 1_250_050_000n },
      ],
    },
    { by: "tester" },
  );
  if (!posted.ok) throw new Error(posted.refusals[0].message);
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("keeping bank rules", () => {
  it("refuses a rule without conditions, one booking to the bank's own account, and bad amounts; stores nothing", async () => {
    const empty = await rulesPost({ intent: "create", name: "Todo", sign: "any", account: FEES, scope: "account" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      errors: {
        text: "Indique un texto o un rango de montos: sin condiciones la regla tomaría todos los movimientos.",
      },
    });
    const own = await rulesPost({ intent: "create", name: "Propia", text: "x", sign: "any", account: BANK });
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({
      message: "La cuenta contable de la regla no puede ser la de la propia cuenta bancaria.",
    });
    const group = await rulesPost({
      intent: "create",
      name: "Grupo",
      text: "x",
      sign: "any",
      account: "60-04-00-00-00",
    });
    expect(group.status).toBe(400);
    const amounts = await rulesPost({
      intent: "create",
      name: "Montos",
      text: "x",
      minAmount: "abc",
      sign: "out",
      account: FEES,
    });
    expect(amounts.status).toBe(400);
    expect(await BankRule.countDocuments({ organizationId: ORG })).toBe(0);
  });

  it("creates, edits and lists rules from plain forms", async () => {
    const created = await rulesPost({
      intent: "create",
      name: "Comisiones",
      text: "comision",
      maxAmount: "5000",
      sign: "out",
      account: FEES,
      description: "Comisión bancaria",
      scope: "account",
    });
    expect(created.status).toBe(302);
    const ccss = await rulesPost({
      intent: "create",
      name: "CCSS",
      text: "ccss planila",
      sign: "out",
      account: CCSS,
      scope: "organization",
    });
    expect(ccss.status).toBe(302);
    const stored = (await BankRule.findOne({ organizationId: ORG, name: "CCSS" }).lean())!;
    expect(stored.bankAccountId).toBeNull();
    // The text had a typo: fixed through the edit form.
    const edited = await rulesPost({
      intent: "update",
      ruleId: String(stored._id),
      name: "CCSS",
      text: "ccss planilla",
      sign: "out",
      account: CCSS,
      scope: "organization",
    });
    expect(edited.status).toBe(302);
    expect((await rulesOf(account)).map((rule) => [rule.name, rule.contains, rule.bankAccountId])).toEqual([
      ["CCSS", "ccss planilla", null],
      ["Comisiones", "comision", String(account._id)],
    ]);
    const page = await respond(() =>
      rulesRoute.loader({
        request: getRequest(
          `/admin/bank/${String(account._id)}/rules?org=${CEDULA}&edit=${String(stored._id)}`,
          cookie,
        ),
        params: { accountID: String(account._id) },
        context,
      }),
    );
    const data = (await page.json()) as { rules: Array<{ conditions: string }>; editing: { values: object } };
    expect(data.rules.map((rule) => rule.conditions.replace(/\s/g, " "))).toEqual([
      "salidas: el texto contiene «ccss planilla»",
      "salidas: el texto contiene «comision», hasta ₡5 000,00",
    ]);
    expect(data.editing.values).toMatchObject({ text: "ccss planilla", scope: "organization" });
    const unknown = await rulesPost({
      intent: "update",
      ruleId: String(new Types.ObjectId()),
      name: "X",
      text: "x",
      sign: "any",
      account: FEES,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("applying bank rules", () => {
  it("books the commission and the CCSS debit, reconciled with their entries; the rest stays pending", async () => {
    const response = await accountPost({ intent: "apply-rules" });
    expect(response.status).toBe(302);
    const fee = await lineOf("COMISIÓN TRANSFERENCIA INTERNACIONAL");
    const payroll = await lineOf("PAGO CCSS PLANILLA OCTUBRE");
    expect([fee.state, payroll.state]).toEqual(["conciliado", "conciliado"]);
    expect((await lineOf("DEPÓSITO CHEQUE 0098")).state).toBe("pendiente");
    expect((await lineOf("SINPE DE COMERCIAL ÁLVAREZ S.A. 3101654321")).state).toBe("pendiente");
    const entries = await Entry.find({ organizationId: ORG, "source.kind": "banco" }).lean();
    expect(entries.map((entry) => [entry.date, entry.description]).sort()).toEqual([
      ["2026-11-04", "Comisión bancaria"],
      ["2026-11-12", "PAGO CCSS PLANILLA OCTUBRE"],
    ]);
    const fees = await PostedLine.find({ organizationId: ORG, account: FEES }).lean();
    expect(fees.map((line) => BigInt(line.debit))).toEqual([150_000n]);
    // Reconciled lines add up to the book movements their matches name.
    const matches = await BankMatch.find({ bankAccountId: account._id }).lean();
    let book = 0n;
    for (const match of matches)
      for (const named of match.postedLines) {
        const line = (await PostedLine.findOne({ entryId: named.entryId, line: named.line }).lean())!;
        expect(line.account).toBe(BANK);
        book += BigInt(line.debit) - BigInt(line.credit);
      }
    expect(book).toBe(-150_000n - 8_245_000n);

    expect(await applyRules(account, "tester")).toEqual({
      ok: true,
      message: "Ningún movimiento pendiente coincide con las reglas.",
    });
    expect(await Entry.countDocuments({ organizationId: ORG, "source.kind": "banco" })).toBe(2);
  });

  it("undoes a rule's booking by reversing its entry on its own day", async () => {
    const fee = await lineOf("COMISIÓN TRANSFERENCIA INTERNACIONAL");
    const response = await accountPost({ intent: "undo", lineId: String(fee._id) });
    expect(response.status).toBe(302);
    expect((await lineOf(fee.description)).state).toBe("pendiente");
    const original = (await Entry.findOne({ organizationId: ORG, "source.kind": "banco", date: "2026-11-04" }).lean())!;
    const reversal = (await Entry.findById(original.reversedBy).lean())!;
    expect(reversal.date).toBe("2026-11-04");
    expect(await BankMatch.countDocuments({ bankLineIds: fee._id })).toBe(0);
    // Applied again, the rule books it anew (the reversed entry no longer stands).
    expect(await applyRules(account, "tester")).toEqual({
      ok: true,
      message: "Se registró 1 movimiento con las reglas.",
    });
  });

  it("deletes a rule; an organization's rules are bounded", async () => {
    const rule = (await BankRule.findOne({ organizationId: ORG, name: "Comisiones" }).lean())!;
    expect((await rulesPost({ intent: "delete", ruleId: String(rule._id) })).status).toBe(302);
    expect(await BankRule.countDocuments({ organizationId: ORG })).toBe(1);
    await BankRule.insertMany(
      Array.from({ length: 49 }, (_, index) => ({
        organizationId: ORG,
        bankAccountId: null,
        name: `Regla ${index}`,
        contains: `texto ${index}`,
        sign: "any",
        account: FEES,
        createdBy: "tester",
        createdAt: new Date(),
      })),
    );
    const refused = await rulesPost({ intent: "create", name: "Una más", text: "x", sign: "any", account: FEES });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: "La organización ya tiene 50 reglas bancarias: elimine alguna antes de agregar otra.",
    });
    expect(await BankRule.countDocuments({ organizationId: ORG })).toBe(50);
  });
});
