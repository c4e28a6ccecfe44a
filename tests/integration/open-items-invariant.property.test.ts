/**
 * Open items ↔ control accounts over generated event sequences (issue / receive / credit note /
 * cobro or pago / undo) on one organization, checked after every step at several dates: the open
 * items of each side add up to the balance of its control account (clientes, proveedores), and the
 * agreement the screens show finds no difference. The balances kept per counterparty and due date
 * equal a recomputation from the items, and the aging read from them at a past date equals a replay
 * of every item and settlement.
 */
import fc from "fast-check";
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastDayOfMonth, type CalendarDate } from "../../app/domain/calendar";
import { cents, parseAmount } from "../../app/domain/money";
import {
  addToAging,
  balanceAt,
  emptyAging,
  movementsByItem,
  movementsOf,
  type Side,
} from "../../app/domain/open-items";
import { keptBalancesOf } from "../../app/domain/open-items/kept-balances";
import { OPENING_KIND } from "../../app/domain/open-items/opening-import";
import { bookMonth } from "../../app/services/booking/booking.server";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { verifyLedger } from "../../app/services/ledger/ledger.server";
import { registerPayment, undoPayment } from "../../app/services/open-items/payments.server";
import { agingView } from "../../app/services/open-items/aging.server";
import { syncOpenItems } from "../../app/services/open-items/sync.server";
import { ensureOrganization } from "../../models/organization";
import { allKeptRows } from "../../models/open-balance";
import { OpenItem } from "../../models/open-item";
import { Settlement } from "../../models/settlement";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

const actor = { by: String(new Types.ObjectId()) };
const MONTHS = ["2024-01", "2024-02", "2024-03"];
let environment: AppEnvironment;

type Step =
  | { kind: "issue"; month: number; day: number; party: number; usd: boolean }
  | { kind: "receive"; month: number; day: number; party: number }
  | { kind: "note"; pick: number; day: number }
  | { kind: "payment"; pick: number; share: number; over: number; month: number }
  | { kind: "undo"; pick: number };

const month = fc.integer({ min: 0, max: 2 });
const day = fc.integer({ min: 1, max: 28 });
const party = fc.integer({ min: 0, max: 2 });
const pick = fc.nat(1000);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("issue" as const), month, day, party, usd: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("receive" as const), month, day, party }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("note" as const), pick, day }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("payment" as const),
      pick,
      share: fc.integer({ min: 1, max: 100 }),
      over: fc.integer({ min: -500, max: 500 }),
      month,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("undo" as const), pick }) },
);
/** The cases the issue names: a partial note, a partial payment, an over-payment, an undo. */
const KNOWN: Step[] = [
  { kind: "issue", month: 0, day: 5, party: 0, usd: false },
  { kind: "receive", month: 0, day: 8, party: 1 },
  { kind: "note", pick: 0, day: 20 },
  { kind: "payment", pick: 0, share: 40, over: 0, month: 1 },
  { kind: "payment", pick: 0, share: 100, over: 250, month: 1 },
  { kind: "undo", pick: 0 },
  { kind: "issue", month: 1, day: 29, party: 2, usd: true },
  { kind: "payment", pick: 1, share: 100, over: -300, month: 2 },
];
const SEQUENCES = [KNOWN, ...fc.sample(fc.array(step, { minLength: 6, maxLength: 9 }), { numRuns: 4, seed: 20261126 })];

interface Issued {
  document: GeneratedDocument;
  side: Side;
  month: number;
}
const documents: Issued[] = [];
let seedCounter = 0;

/** A document on credit (condición 02): the generator picks the condition from its seed. */
function onCredit(make: (seed: string) => GeneratedDocument): GeneratedDocument {
  for (;;) {
    seedCounter += 1;
    const generated = make(`open-items-${seedCounter}`);
    if (/<CondicionVenta>02<\/CondicionVenta>/.test(generated.xml)) return generated;
  }
}

function dateIn(monthIndex: number, dayOfMonth: number): string {
  return `${MONTHS[monthIndex]}-${String(dayOfMonth).padStart(2, "0")}`;
}

async function importAndBook(document: GeneratedDocument, monthIndex: number) {
  await importDocuments([document]);
  await bookMonth(FERRETERIA.id, MONTHS[monthIndex], actor);
}

async function run(current: Step, adjustment: string, bank: string): Promise<void> {
  switch (current.kind) {
    case "issue": {
      const document = onCredit((seed) =>
        generateComprobante({
          kind: "FE",
          version: "4.4",
          seed,
          date: dateIn(current.month, current.day),
          receptor: BUSINESS_PARTIES[current.party],
          ...(current.usd ? { currency: "USD" as const, tipoCambio: "507.25" } : { currency: "CRC" as const }),
        }),
      );
      documents.push({ document, side: "receivable", month: current.month });
      await importAndBook(document, current.month);
      return;
    }
    case "receive": {
      const document = onCredit((seed) =>
        generateComprobante({
          kind: "FE",
          version: "4.4",
          seed,
          currency: "CRC",
          date: dateIn(current.month, current.day),
          emisor: BUSINESS_PARTIES[current.party],
          receptor: FERRETERIA_EL_CLAVO,
        }),
      );
      documents.push({ document, side: "payable", month: current.month });
      await importAndBook(document, current.month);
      return;
    }
    case "note": {
      if (documents.length === 0) return;
      const target = documents[current.pick % documents.length];
      const issued = target.side === "receivable";
      const note = onCredit((seed) =>
        generateComprobante({
          kind: "NC",
          version: "4.4",
          seed,
          currency: "CRC",
          date: dateIn(target.month, Math.max(current.day, Number(target.document.fechaEmision.slice(8, 10)))),
          reference: { clave: target.document.clave, fechaEmision: target.document.fechaEmision, kind: "FE" },
          ...(issued
            ? { receptor: target.document.receptor! }
            : { emisor: target.document.emisor, receptor: FERRETERIA_EL_CLAVO }),
        }),
      );
      await importAndBook(note, target.month);
      return;
    }
    case "payment": {
      await syncOpenItems(FERRETERIA.id);
      const open = await OpenItem.find({ organizationId: FERRETERIA.id, balance: { $gt: 0n } })
        .sort({ key: 1 })
        .lean();
      if (open.length === 0) return;
      const first = open[current.pick % open.length];
      const sameParty = open.filter(
        (item) => item.side === first.side && String(item.partyId) === String(first.partyId),
      );
      // A cobro / pago applies documents of one currency; dollar documents take US$ (decision 299).
      const chosen = sameParty.filter((item) => item.currency === first.currency).slice(0, 2);
      const inDollars = first.currency === "USD";
      const applications = chosen.map((item, index) => {
        const open = inDollars
          ? BigInt(item.foreignBalance ?? item.foreignAmount ?? 0n) / 1_000n
          : BigInt(item.balance);
        const share = index === 0 ? BigInt(current.share) : 100n;
        const amount = (open * share) / 100n;
        return { itemId: String(item._id), amount: cents(amount > 0n ? amount : open) };
      });
      const applied = applications.reduce((sum, application) => sum + application.amount, 0n);
      const received = !inDollars && applied + BigInt(current.over) > 0n ? applied + BigInt(current.over) : applied;
      const latest = chosen
        .map((item) => item.fecha)
        .sort()
        .at(-1)!;
      const monthEnd = lastDayOfMonth(MONTHS[current.month]);
      const outcome = await registerPayment(
        FERRETERIA.id,
        first.side,
        String(first.partyId),
        {
          date: (latest > monthEnd ? latest : monthEnd) as CalendarDate,
          moneyAccount: bank,
          received: cents(received),
          ...(received !== applied ? { differenceAccount: adjustment } : {}),
          // The day's rate differs from the documents' 507,25: every dollar payment realises a difference.
          ...(inDollars ? { rate: parseAmount("511.37")! } : {}),
          applications,
        },
        actor,
      );
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
      return;
    }
    case "undo": {
      const payments = await Settlement.find({
        organizationId: FERRETERIA.id,
        kind: { $ne: "nota" },
        reversedOn: { $exists: false },
      })
        .sort({ createdAt: 1 })
        .lean();
      if (payments.length === 0) return;
      const chosen = payments[current.pick % payments.length];
      const outcome = await undoPayment(FERRETERIA.id, String(chosen._id), "2024-03-31" as CalendarDate, actor);
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
      return;
    }
  }
}

const CHECK_DATES = ["2023-12-31", "2024-01-15", "2024-01-31", "2024-02-29", "2024-03-31"] as CalendarDate[];

/** The kept rows that hold something, as comparable text. */
function keptText(rows: {
  parties: Array<{ side: string; partyId: unknown; balance: unknown; count: number }>;
  dueDates: Array<{
    side: string;
    dueDate: string;
    balance: unknown;
    count: number;
    openingBalance: unknown;
    openingCount: number;
  }>;
}): string[] {
  return [
    ...rows.parties
      .filter((row) => row.count !== 0 || BigInt(String(row.balance)) !== 0n)
      .map((row) => `party ${row.side} ${String(row.partyId)} ${String(row.balance)} ${row.count}`),
    ...rows.dueDates
      .filter((row) => row.count !== 0 || BigInt(String(row.balance)) !== 0n)
      .map(
        (row) =>
          `due ${row.side} ${row.dueDate} ${String(row.balance)} ${row.count} ${String(row.openingBalance)} ${row.openingCount}`,
      ),
  ].sort();
}

async function checkKeptBalances(context: string) {
  const items = await OpenItem.find({ organizationId: FERRETERIA.id }).lean();
  const recomputed = keptBalancesOf(
    items.map((item) => ({
      side: item.side,
      partyId: String(item.partyId),
      dueDate: item.dueDate,
      opening: item.kind === OPENING_KIND,
      balance: BigInt(item.balance),
    })),
  );
  expect(keptText(await allKeptRows(FERRETERIA.id)), context).toEqual(keptText(recomputed));
}

/** The aging at `at` replayed from every item and settlement, the way balances were read before they were kept. */
async function replayedAging(side: Side, at: CalendarDate) {
  const [items, settlements] = await Promise.all([
    OpenItem.find({ organizationId: FERRETERIA.id, side }).lean(),
    Settlement.find({ organizationId: FERRETERIA.id, side }).lean(),
  ]);
  const byItem = movementsByItem(
    movementsOf(
      settlements.map((settlement) => ({
        id: String(settlement._id),
        kind: settlement.kind,
        date: settlement.date as CalendarDate,
        lines: settlement.lines.map((line) => ({ itemId: String(line.itemId), delta: cents(BigInt(line.delta)) })),
        ...(settlement.reversedOn ? { reversedOn: settlement.reversedOn as CalendarDate } : {}),
      })),
    ),
  );
  const totals = emptyAging();
  const parties = new Map<string, bigint>();
  for (const item of items) {
    const balance = balanceAt(
      {
        id: String(item._id),
        fecha: item.fecha as CalendarDate,
        dueDate: item.dueDate as CalendarDate,
        signedAmount: cents(BigInt(item.amount)),
        settledAtIssue: item.settledAtIssue,
      },
      byItem.get(String(item._id)) ?? [],
      at,
    );
    if (balance === 0n) continue;
    addToAging(totals, item.dueDate as CalendarDate, at, balance);
    parties.set(String(item.partyId), (parties.get(String(item.partyId)) ?? 0n) + balance);
  }
  return { totals, parties };
}

async function checkInvariant(context: string) {
  await syncOpenItems(FERRETERIA.id);
  await checkKeptBalances(context);
  for (const side of ["receivable", "payable"] as const) {
    for (const at of CHECK_DATES) {
      const view = await agingView(FERRETERIA.id, side, at);
      const replayed = await replayedAging(side, at);
      expect(view.totals, `${context}: ${side} ${at} (antigüedad)`).toEqual(replayed.totals);
      expect(
        new Map(view.parties.map((party) => [party.partyId, BigInt(party.aging.total)])),
        `${context}: ${side} ${at} (por contraparte)`,
      ).toEqual(replayed.parties);
      expect(view.agreement.items, `${context}: ${side} ${at}`).toBe(view.totals.total);
      expect(view.agreement.control, `${context}: ${side} ${at} (cuenta ${view.agreement.controlAccount})`).toBe(
        view.totals.total,
      );
      expect(view.agreement.difference).toBe(0n);
    }
  }
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("open items and the control accounts", () => {
  it("agree at every date after every step of generated sequences", async () => {
    const accounts = await getDefaultAccounts(FERRETERIA.id);
    const bank = "10-01-01-03-01";
    let steps = 0;
    for (const [index, sequence] of SEQUENCES.entries()) {
      for (const [position, current] of sequence.entries()) {
        await run(current, accounts.exchangeRounding, bank);
        await checkInvariant(`secuencia ${index} paso ${position} (${current.kind})`);
        steps += 1;
      }
    }
    expect(steps).toBeGreaterThanOrEqual(30);
    // The sequences reached what the invariant is about: applied notes, payments, undone payments.
    expect(await Settlement.countDocuments({ organizationId: FERRETERIA.id, kind: "nota" })).toBeGreaterThan(0);
    expect(await Settlement.countDocuments({ organizationId: FERRETERIA.id, kind: "cobro" })).toBeGreaterThan(0);
    expect(await Settlement.countDocuments({ organizationId: FERRETERIA.id, kind: "pago" })).toBeGreaterThan(0);
    expect(
      await Settlement.countDocuments({ organizationId: FERRETERIA.id, reversedOn: { $exists: true } }),
    ).toBeGreaterThan(0);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  }, 600_000);
});
