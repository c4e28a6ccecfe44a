/**
 * «Aceptar las propuestas contra asientos» with the page's token accepts the proposals the page showed,
 * as stored for the account, without proposing again (decision 315) — and, since those were read before
 * the request, its transaction refuses the whole set when a line changed since: a posted line matched
 * elsewhere, edited or reversed, or a set no longer stored. A refusal writes nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankMovementInput, CUSTOMERS_AND_SUPPLIERS } from "./bank-fixtures";
import { createScotiabankAccount } from "./bank-fixtures";
import { BankMatch } from "../../models/bank-match";
import { BankProposalSet, packProposals, unpackProposals } from "../../models/bank-proposal-set";
import { BankStatementLine } from "../../models/bank-statement-line";
import { PostedLine } from "../../models/posted-line";
import { ensureOrganization } from "../../models/organization";
import type { BankAccountRecord } from "../../models/bank-account";
import type { CalendarDate } from "../../app/domain/calendar";
import { MATCH_MESSAGES } from "../../app/services/bank/matching.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { createAndPost, editPosted, markPostedLinesForBank, reverse } from "../../app/services/ledger/ledger.server";
import { withTransaction } from "../../app/utils/db.server";
import { action, loader } from "../../app/routes/_app.admin.bank_.$accountID";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULAS = ["3101990041", "3101990042", "3101990043", "3101990044", "3101990045", "3101990046"];
const BANK = "10-01-01-03-01";
const context = { cspNonce: "" };
let environment: AppEnvironment;
let cookie: string;
let nextCedula = 0;

interface Books {
  cedula: string;
  org: string;
  account: BankAccountRecord;
  /** The entries of the statement's SINPE deposit, CCSS payment and cheque deposit. */
  entryIds: string[];
}

function entryInput(date: string, centimos: bigint, reference: string) {
  return bankMovementInput(
    BANK,
    { date, amount: centimos * 1_000n, description: `Movimiento ${reference}`, reference },
    CUSTOMERS_AND_SUPPLIERS,
  );
}

async function post(org: string, date: string, centimos: bigint, reference: string): Promise<string> {
  const posted = await createAndPost(org, entryInput(date, centimos, reference), { by: "tester" });
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" "));
  return String(posted.entry._id);
}

/** An organization of its own whose books have three of the Scotiabank sample's four movements. */
async function freshBooks(): Promise<Books> {
  const cedula = CEDULAS[nextCedula++];
  const org = `CR:${cedula}`;
  await ensureOrganization({ _id: org, name: `Propuestas ${cedula} S.A.`, identificationType: "02" });
  const account = await createScotiabankAccount(org, BANK);
  const entryIds = [
    await post(org, "2026-11-02", 35_000_000n, "778812"),
    await post(org, "2026-11-11", -8_245_000n, "CCSS octubre"),
    await post(org, "2026-11-27", 1_250_050n, "cheque 0098"),
  ];
  const imported = await importStatement(account, "tester", {
    format: "scotiabank",
    fileName: "scotia.csv",
    bytes: new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank/scotiabank-cuenta.csv"))),
  });
  if (!imported.ok) throw new Error(imported.refusal.message);
  return { cedula, org, account, entryIds };
}

async function shown(books: Books): Promise<{ bookProposalCount: number; bookProposalsToken: string }> {
  const id = String(books.account._id);
  const response = await respond(() =>
    loader({
      request: getRequest(`/admin/bank/${id}?org=${books.cedula}`, cookie),
      params: { accountID: id },
      context,
    }),
  );
  return (await response.json()) as { bookProposalCount: number; bookProposalsToken: string };
}

function acceptAll(books: Books, token?: string) {
  const id = String(books.account._id);
  return respond(() =>
    action({
      request: postRequest(
        `/admin/bank/${id}?org=${books.cedula}`,
        { intent: "accept-book-proposals", ...(token === undefined ? {} : { proposals: token }) },
        cookie,
      ),
      params: { accountID: id },
      context,
    }),
  );
}

/** Nothing of an acceptance: no match, every bank line pending, no posted line marked. */
async function expectNothingAccepted(books: Books) {
  expect(await BankMatch.countDocuments({ bankAccountId: books.account._id })).toBe(0);
  expect(await BankStatementLine.countDocuments({ bankAccountId: books.account._id, state: "pendiente" })).toBe(4);
  expect(
    await PostedLine.countDocuments({
      organizationId: books.org,
      account: BANK,
      bankReconciledAt: { $type: "string" },
    }),
  ).toBe(0);
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  cookie = await sessionCookieFor(
    (
      await createTestUser({
        persona: "admin",
        orgs: Object.fromEntries(CEDULAS.map((cedula) => [`CR:${cedula}`, "admin" as const])),
      })
    ).id,
  );
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("accepting the proposals the page showed", () => {
  it("accepts those and no others, each posted line marked with its match's day, and only once", async () => {
    const books = await freshBooks();
    const page = await shown(books);
    expect(page.bookProposalCount).toBe(3);
    // The bank's commission is booked after the page was shown: a fourth proposal the page did not show.
    await post(books.org, "2026-11-04", -150_000n, "778813");

    const response = await acceptAll(books, page.bookProposalsToken);
    expect(response.status).toBe(302);
    const matches = await BankMatch.find({ bankAccountId: books.account._id }).lean();
    expect(matches).toHaveLength(3);
    const commission = await BankStatementLine.findOne({ bankAccountId: books.account._id, amount: -150_000n }).lean();
    expect(commission?.state).toBe("pendiente");
    const marked = await PostedLine.find(
      { organizationId: books.org, account: BANK, bankReconciledAt: { $type: "string" } },
      { entryId: 1, bankReconciledAt: 1 },
    ).lean();
    expect(new Map(marked.map((line) => [String(line.entryId), line.bankReconciledAt]))).toEqual(
      new Map([
        [books.entryIds[0], "2026-11-03"],
        [books.entryIds[1], "2026-11-12"],
        [books.entryIds[2], "2026-11-28"],
      ]),
    );

    const again = await acceptAll(books, page.bookProposalsToken);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: MATCH_MESSAGES.bookProposalsChanged });
    expect(await BankMatch.countDocuments({ bankAccountId: books.account._id })).toBe(3);
  });

  it("stores a set as bytes that read back as the same proposals, several lines on either side", () => {
    const ids = Array.from({ length: 7 }, () => new Types.ObjectId());
    const proposals = [
      {
        bankLineIds: [ids[0], ids[1]],
        bankDays: ["2026-10-30", "2026-11-02"],
        postedLines: [{ entryId: ids[2], line: 1, postedLineId: ids[3] }],
        amount: -123_456_789_012n,
        reconciledAt: "2026-11-02",
      },
      {
        bankLineIds: [ids[4]],
        bankDays: ["2026-11-05"],
        postedLines: [
          { entryId: ids[5], line: 0, postedLineId: ids[6] },
          { entryId: ids[2], line: 300, postedLineId: ids[0] },
        ],
        amount: 35_000_000n,
        reconciledAt: "2026-11-06",
      },
    ];
    const read = unpackProposals(packProposals(proposals));
    const text = (value: unknown) =>
      JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `${item}n` : item));
    expect(text(read)).toBe(text(proposals));
    expect(read[0].bankLineIds[1].equals(ids[1])).toBe(true);
  });

  it("stores the set once while the page shows the same proposals", async () => {
    const books = await freshBooks();
    const first = await shown(books);
    const stored = await BankProposalSet.findById(books.account._id, { storedAt: 1 }).lean();
    const second = await shown(books);
    expect(second.bookProposalsToken).toBe(first.bookProposalsToken);
    expect((await BankProposalSet.findById(books.account._id, { storedAt: 1 }).lean())?.storedAt).toEqual(
      stored?.storedAt,
    );
  });

  it("refuses the whole set when one of its posted lines was matched meanwhile", async () => {
    const books = await freshBooks();
    const page = await shown(books);
    await withTransaction((session) =>
      markPostedLinesForBank(
        books.org,
        BANK,
        [{ entryId: new Types.ObjectId(books.entryIds[1]), line: 1, day: "2026-11-12" as CalendarDate }],
        session,
      ),
    );
    const response = await acceptAll(books, page.bookProposalsToken);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: MATCH_MESSAGES.changed });
    expect(await BankMatch.countDocuments({ bankAccountId: books.account._id })).toBe(0);
    expect(await BankStatementLine.countDocuments({ bankAccountId: books.account._id, state: "pendiente" })).toBe(4);
  });

  it("refuses the whole set when an entry it names was edited since", async () => {
    const books = await freshBooks();
    const page = await shown(books);
    const edited = await editPosted(
      books.org,
      books.entryIds[0],
      { ...entryInput("2026-11-02", 35_000_000n, "778812"), description: "Depósito corregido" },
      { by: "tester" },
    );
    expect(edited.ok).toBe(true);
    const response = await acceptAll(books, page.bookProposalsToken);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: MATCH_MESSAGES.changed });
    await expectNothingAccepted(books);
  });

  it("refuses the whole set when an entry it names was reversed since", async () => {
    const books = await freshBooks();
    const page = await shown(books);
    expect((await reverse(books.org, books.entryIds[2], { by: "tester", date: "2026-11-27" })).ok).toBe(true);
    const response = await acceptAll(books, page.bookProposalsToken);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: MATCH_MESSAGES.changed });
    await expectNothingAccepted(books);
  });

  it("answers a token it did not write with a 400 and one no longer stored with a 409, writing nothing", async () => {
    const books = await freshBooks();
    await shown(books);
    const malformed = await acceptAll(books, "x".repeat(5_000));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      message: "Vuelva a cargar la página y acepte las propuestas que muestra.",
    });
    const unknown = await acceptAll(books, "A".repeat(22));
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toEqual({ message: MATCH_MESSAGES.bookProposalsChanged });
    await expectNothingAccepted(books);
  });
});
