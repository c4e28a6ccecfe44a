/**
 * Cobros of documents in dollars (decision 299): the bank line at the day's rate, clientes at the
 * document's rate, the realised difference to «Diferencial cambiario», one ledger transaction with the
 * settlement and the items' colones and dollars; undoing gives all back; refusals write nothing.
 */
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { foreignToColones, readRate } from "../../app/domain/exchange-rates";
import { cents } from "../../app/domain/money";
import { DOLLAR_PAYMENT_MESSAGES } from "../../app/domain/open-items";
import { bookMonth } from "../../app/services/booking/booking.server";
import { changeCatalog } from "../../app/services/catalog/catalog.server";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { getEntry, linesOf, verifyLedger } from "../../app/services/ledger/ledger.server";
import { DOLLAR_PAYMENT_SERVICE_MESSAGES } from "../../app/services/open-items/dollar-payments.server";
import { registerPayment, undoPayment } from "../../app/services/open-items/payments.server";
import { REVALUATION_ACCOUNTS } from "../../app/services/revaluation/revaluation.server";
import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { createBankAccount } from "../../app/services/bank/accounts.server";
import { acceptProposal, matchingData } from "../../app/services/bank/matching.server";
import { BankStatementLine } from "../../models/bank-statement-line";
import { Counterparty } from "../../models/counterparty";
import { Entry } from "../../models/entry";
import { storeFetchedRates } from "../../models/exchange-rate";
import { OpenItem, storedBigInt } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import { Settlement } from "../../models/settlement";
import { BUSINESS_PARTIES, generateComprobante } from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import * as statementRoute from "../../app/routes/_app.receivables_.$partyId";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

const MONTH = "2025-03";
const PAY_DAY = "2025-03-28" as CalendarDate;
const BANK_USD = "10-01-01-04-01";
const BANK_CRC = "10-01-01-03-01";
const actor = { by: "dollar-payments-test" };
let environment: AppEnvironment;
let partyId: string;
let control: string;
let admin: string;

function creditSale(seed: number, currency: "CRC" | "USD", tipoCambio?: string) {
  for (let attempt = 0; ; attempt++) {
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency,
      ...(tipoCambio ? { tipoCambio } : {}),
      seed: `dollar-payments-${seed}-${attempt}`,
      date: `${MONTH}-0${seed}`,
      receptor: BUSINESS_PARTIES[3],
    });
    if (/<CondicionVenta>02<\/CondicionVenta>/.test(document.xml)) return document;
  }
}

async function items() {
  const rows = await OpenItem.find({ organizationId: FERRETERIA.id, partyId: new Types.ObjectId(partyId) })
    .sort({ fecha: 1 })
    .lean();
  return rows.map((row) => ({
    id: String(row._id),
    currency: row.currency,
    balance: storedBigInt(row.balance),
    foreignAmount: storedBigInt(row.foreignAmount),
    foreignBalance: row.foreignBalance === undefined ? undefined : storedBigInt(row.foreignBalance),
    rate: row.rate === undefined ? undefined : storedBigInt(row.rate),
  }));
}

async function counts() {
  return {
    entries: await Entry.countDocuments({ organizationId: FERRETERIA.id }),
    settlements: await Settlement.countDocuments({ organizationId: FERRETERIA.id }),
  };
}

const cobro = (input: Parameters<typeof registerPayment>[3]) =>
  registerPayment(FERRETERIA.id, "receivable", partyId, input, actor);

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  await importDocuments([creditSale(2, "USD", "505.00"), creditSale(3, "USD", "512.345"), creditSale(5, "CRC")]);
  await bookMonth(FERRETERIA.id, MONTH, { by: "dollar-payments-test" });
  partyId = String(
    (await Counterparty.findOne({
      organizationId: FERRETERIA.id,
      cedula: BUSINESS_PARTIES[3].identificacion.numero,
    }).lean())!._id,
  );
  control = (await getDefaultAccounts(FERRETERIA.id)).receivable;
  admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id);
  expect(await changeCatalog(FERRETERIA.id, { kind: "set-currency", code: BANK_USD, currency: "USD" })).toEqual({
    code: BANK_USD,
  });
  await storeFetchedRates(
    "USD",
    "hacienda",
    [{ date: "2025-03-27" as CalendarDate, buy: readRate("504")!, sell: readRate("510.25")! }],
    new Date(),
  );
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("a cobro of documents in dollars", () => {
  it("keeps each USD item's dollars and its document's rate", async () => {
    const [first, second, third] = await items();
    expect([first.currency, second.currency, third.currency]).toEqual(["USD", "USD", "CRC"]);
    expect(first).toMatchObject({ rate: readRate("505"), foreignBalance: first.foreignAmount });
    expect(second).toMatchObject({ rate: readRate("512.345"), foreignBalance: second.foreignAmount });
    expect(first.balance).toBe(foreignToColones(first.foreignAmount, readRate("505")!));
  });

  it("refuses more dollars than a document owes, mixed currencies and a colones document in the dollar bank, writing nothing", async () => {
    const [first, , third] = await items();
    const before = await counts();
    const over = first.foreignAmount + 1_000n;
    expect(
      await cobro({
        date: PAY_DAY,
        moneyAccount: BANK_USD,
        applications: [{ itemId: first.id, amount: cents(over / 1_000n) }],
      }),
    ).toEqual({
      ok: false,
      refusals: [
        {
          message: DOLLAR_PAYMENT_MESSAGES.amountOverOpen(
            `FE ${(await OpenItem.findById(first.id).lean())!.consecutivo}`,
            first.foreignAmount,
          ),
        },
      ],
    });
    expect(
      await cobro({
        date: PAY_DAY,
        moneyAccount: BANK_USD,
        applications: [{ itemId: first.id }, { itemId: third.id }],
      }),
    ).toEqual({ ok: false, refusals: [{ message: DOLLAR_PAYMENT_MESSAGES.mixedCurrencies }] });
    expect(await cobro({ date: PAY_DAY, moneyAccount: BANK_USD, applications: [{ itemId: third.id }] })).toEqual({
      ok: false,
      refusals: [{ message: DOLLAR_PAYMENT_SERVICE_MESSAGES.moneyInDollars(BANK_USD) }],
    });
    expect(
      await cobro({ date: "2025-01-15" as CalendarDate, moneyAccount: BANK_USD, applications: [{ itemId: first.id }] }),
    ).toMatchObject({ ok: false });
    expect(await counts()).toEqual(before);
    expect((await items())[0]).toEqual(first);
  });

  it("collects a whole document into the dollar bank at the day's rate: the gain is realised in the same entry", async () => {
    const [first] = await items();
    const outcome = await cobro({ date: PAY_DAY, moneyAccount: BANK_USD, applications: [{ itemId: first.id }] });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const settlement = (await Settlement.findById(outcome.settlementId).lean())!;
    const entry = (await getEntry(FERRETERIA.id, String(settlement.entryId)))!;
    // The day has no rate of its own: the 27th's sell rate carries.
    const money = foreignToColones(first.foreignAmount, readRate("510.25")!);
    const difference = money - first.balance;
    expect(difference > 0n).toBe(true);
    const lines = linesOf(entry).map((line) => ({
      account: line.account,
      debit: BigInt(line.debit),
      credit: BigInt(line.credit),
      usd: line.foreignAmount === undefined ? undefined : BigInt(line.foreignAmount),
      rate: line.rate === undefined ? undefined : BigInt(line.rate),
    }));
    expect(lines).toEqual([
      { account: BANK_USD, debit: money, credit: 0n, usd: first.foreignAmount, rate: readRate("510.25") },
      { account: control, debit: 0n, credit: first.balance, usd: first.foreignAmount, rate: readRate("505") },
      { account: REVALUATION_ACCOUNTS.gain, debit: 0n, credit: difference, usd: undefined, rate: undefined },
    ]);
    expect(settlement).toMatchObject({ currency: "USD", moneyAccount: BANK_USD });
    expect(storedBigInt(settlement.exchangeDifference)).toBe(difference);
    expect((await items())[0]).toMatchObject({ balance: 0n, foreignBalance: 0n });
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("collects part of a document in colones at a typed rate, books the loss, and undoing gives everything back", async () => {
    const [, second] = await items();
    const before = await counts();
    const outcome = await cobro({
      date: PAY_DAY,
      moneyAccount: BANK_CRC,
      rate: readRate("508")!,
      applications: [{ itemId: second.id, amount: cents(10_000n) }], // US$100,00
    });
    expect(outcome).toMatchObject({ ok: true });
    if (!outcome.ok) return;
    const dollars = readRate("100")!; // US$100,00 in Amount units
    const relieved = foreignToColones(dollars, readRate("512.345")!);
    const money = foreignToColones(dollars, readRate("508")!);
    // 100 × 512,345 = ₡51 234,50 leave clientes; 100 × 508 = ₡50 800,00 reach the bank: ₡434,50 lost.
    expect([relieved, money]).toEqual([5_123_450n, 5_080_000n]);
    const paid = (await items())[1];
    expect(paid).toMatchObject({ balance: second.balance - relieved, foreignBalance: second.foreignAmount - dollars });
    const settlement = (await Settlement.findById(outcome.settlementId).lean())!;
    const entry = (await getEntry(FERRETERIA.id, String(settlement.entryId)))!;
    const lines = linesOf(entry);
    expect(lines.map((line) => [line.account, BigInt(line.debit), BigInt(line.credit)])).toEqual([
      [BANK_CRC, money, 0n],
      [control, 0n, relieved],
      [REVALUATION_ACCOUNTS.loss, relieved - money, 0n],
    ]);
    expect(lines[0].currency).toBeUndefined();

    const undone = await undoPayment(FERRETERIA.id, outcome.settlementId, PAY_DAY, actor);
    expect(undone.ok).toBe(true);
    expect((await items())[1]).toEqual(second);
    expect((await counts()).entries).toBe(before.entries + 2);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("asks for the rate when none is known for the day", async () => {
    const [, second] = await items();
    expect(
      await cobro({
        date: "2025-03-10" as CalendarDate,
        moneyAccount: BANK_CRC,
        applications: [{ itemId: second.id }],
      }),
    ).toEqual({
      ok: false,
      refusals: [{ message: DOLLAR_PAYMENT_SERVICE_MESSAGES.noRate("2025-03-10" as CalendarDate) }],
    });
  });

  it("from the statement page's plain form: US$ amounts and a typed rate, a bad rate answers 400 and writes nothing", async () => {
    const path = `/receivables/${partyId}?org=3101123456&from=2025-03-01&to=2025-03-31`;
    const post = (fields: Record<string, string>) =>
      respond(() =>
        statementRoute.action({
          request: postRequest(path, fields, admin),
          params: { partyId },
          context: { cspNonce: "" },
        } as ActionFunctionArgs),
      );
    const [, second] = await items();
    const page = await respond(() =>
      statementRoute.loader({
        request: getRequest(path, admin),
        params: { partyId },
        context: { cspNonce: "" },
      } as LoaderFunctionArgs),
    );
    const shown = (
      (await page.json()) as { items: Array<{ id: string; dollars: string | null; balanceInput: string }> }
    ).items;
    const row = shown.find((item) => item.id === second.id)!;
    expect(row.dollars).toMatch(/^USD\s[\d\s]+,\d\d$/u);
    expect(row.balanceInput).toBe((Number(second.foreignBalance) / 100_000).toFixed(2).replace(".", ","));
    const fields = {
      intent: "register",
      date: "28/03/2025",
      moneyAccount: BANK_USD,
      "items[0].id": second.id,
      "items[0].selected": "on",
      "items[0].amount": "50,00",
    };
    const before = await counts();
    const refused = await post({ ...fields, rate: "1.234" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("puede leerse como decimales o como miles");
    expect(await counts()).toEqual(before);

    const response = await post({ ...fields, rate: "₡ 511,5" });
    expect(response.status).toBe(302);
    const settlement = (await Settlement.findOne({ organizationId: FERRETERIA.id, rate: readRate("511.5") }).lean())!;
    expect(storedBigInt(settlement.dollars)).toBe(readRate("50"));
    expect(storedBigInt(settlement.received)).toBe(foreignToColones(readRate("50")!, readRate("511.5")!));
    expect((await items())[1].foreignBalance).toBe(second.foreignBalance! - readRate("50")!);

    // The list of cobros shows the dollar cobro's US$ and the rate it was registered at.
    const after = (await (
      await respond(() =>
        statementRoute.loader({
          request: getRequest(path, admin),
          params: { partyId },
          context: { cspNonce: "" },
        } as LoaderFunctionArgs),
      )
    ).json()) as { settlements: Array<{ id: string; dollars: string | null }> };
    const listed = after.settlements.find((row) => row.id === String(settlement._id));
    expect(listed?.dollars).toMatch(/^USD\s50,00 a ₡511,50$/u);
  });

  it("a dollar bank account's statement line is matched on a document's open dollars and collects it in US$", async () => {
    const form = readBankAccountForm({
      bank: "scotiabank",
      number: "9988776655",
      currency: "USD",
      ledgerAccount: BANK_USD,
      format: "scotiabank",
    });
    if (!form.ok) throw new Error(JSON.stringify(form.errors));
    const created = await createBankAccount(FERRETERIA.id, "tester", form.value);
    if (!created.ok) throw new Error(created.refusals[0].message);
    const [, second] = await items();
    const party = (await Counterparty.findById(partyId).lean())!;
    const line = await BankStatementLine.create({
      organizationId: FERRETERIA.id,
      bankAccountId: created.account._id,
      statementId: new Types.ObjectId(),
      fingerprint: "usd-line-1",
      line: 1,
      date: PAY_DAY,
      // The statement of a dollar account is in US$ (cents).
      amount: second.foreignBalance! / 1_000n,
      description: `TRANSFERENCIA ${party.nombre} ${party.cedula}`,
      reference: "",
      state: "pendiente",
    });
    const data = await matchingData(created.account);
    const proposal = data.proposals.find((candidate) => candidate.bankLineIds[0] === String(line._id));
    expect(proposal).toMatchObject({ kind: "items", items: [{ id: second.id }] });
    expect((await acceptProposal(created.account, String(line._id), "tester")).ok).toBe(true);
    expect((await items())[1]).toMatchObject({ balance: 0n, foreignBalance: 0n });
    const settlement = (await Settlement.findOne({ organizationId: FERRETERIA.id, rate: readRate("510.25") })
      .sort({ createdAt: -1 })
      .lean())!;
    expect(settlement).toMatchObject({ currency: "USD", moneyAccount: BANK_USD });
    expect(storedBigInt(settlement.dollars)).toBe(second.foreignBalance);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });
});
