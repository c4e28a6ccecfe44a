import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import {
  namesParty,
  proposalTotals,
  proposeMatches,
  type MatchBankLine,
  type MatchBookLine,
  type MatchOpenItem,
  type Proposal,
} from "./matching";

const day = (n: number) => `2026-11-${String(n).padStart(2, "0")}` as CalendarDate;
const bankLine = (id: string, date: number, amount: bigint, description = "", reference = ""): MatchBankLine => ({
  id,
  date: day(date),
  amount,
  description,
  reference,
});
const bookLine = (id: string, date: number, amount: bigint, reference = ""): MatchBookLine => ({
  id,
  date: day(date),
  amount,
  reference,
});
const item = (
  id: string,
  side: "receivable" | "payable",
  balance: bigint,
  extra: Partial<MatchOpenItem> = {},
): MatchOpenItem => ({
  id,
  side,
  balance,
  cedula: "3101123456",
  name: "Distribuidora La Sabana S.A.",
  reference: "00100001010000000123",
  dueDate: day(1),
  ...extra,
});

describe("proposals against posted lines", () => {
  it("pairs equal amounts within the window, nearest date and shared reference first", () => {
    const proposals = proposeMatches(
      [bankLine("b1", 5, -12_500_000n, "CHEQUE 004512", "004512"), bankLine("b2", 20, 1_000n)],
      [bookLine("p1", 3, -12_500_000n), bookLine("p2", 6, -12_500_000n, "Cheque 4512"), bookLine("p3", 2, 1_000n)],
      [],
    );
    expect(proposals).toEqual([{ kind: "book", bankLineIds: ["b1"], bookLineIds: ["p2"], score: 149 }]);
  });

  it("joins two bank lines the bank split from one deposit", () => {
    const proposals = proposeMatches(
      [bankLine("b1", 10, 60_000n), bankLine("b2", 11, 40_000n)],
      [bookLine("p1", 10, 100_000n)],
      [],
    );
    expect(proposals).toEqual([{ kind: "book", bankLineIds: ["b1", "b2"], bookLineIds: ["p1"], score: 58 }]);
  });
});

describe("proposals against open items", () => {
  it("settles the items of the customer a SINPE text names, oldest first", () => {
    const proposals = proposeMatches(
      [bankLine("b1", 12, 300_000n, "SINPE MOVIL DE DISTRIBUIDORA LA SABANA")],
      [],
      [
        item("i2", "receivable", 200_000n, { dueDate: day(5) }),
        item("i1", "receivable", 100_000n, { dueDate: day(2) }),
        item("i3", "receivable", 300_000n, { cedula: "3101999999", name: "Otra Empresa S.A." }),
      ],
    );
    expect(proposals).toEqual([
      {
        kind: "items",
        bankLineIds: ["b1"],
        items: [
          { id: "i1", amount: 100_000n },
          { id: "i2", amount: 200_000n },
        ],
        score: 50,
      },
    ]);
  });

  it("recognises a cédula written with dashes and ignores the company suffix", () => {
    expect(namesParty("TRANSF 3-101-123456 PAGO", { cedula: "3101123456", name: "X" })).toBe(true);
    expect(namesParty("SINPE DISTRIBUIDORA LA SABANA", { cedula: "", name: "Distribuidora La Sabana, S.A." })).toBe(
      true,
    );
    expect(namesParty("SINPE SABANA", { cedula: "", name: "Sabana" })).toBe(false);
  });

  it("pays a supplier's item from money out, never a customer's", () => {
    const proposals = proposeMatches(
      [bankLine("b1", 12, -50_000n, "PAGO 3101123456")],
      [],
      [item("c", "receivable", 50_000n), item("s", "payable", 50_000n)],
    );
    expect(proposals).toEqual([
      { kind: "items", bankLineIds: ["b1"], items: [{ id: "s", amount: 50_000n }], score: 70 },
    ]);
  });

  it("joins two payments of one customer to its item", () => {
    const proposals = proposeMatches(
      [bankLine("b1", 3, 30_000n, "SINPE 3101123456"), bankLine("b2", 9, 70_000n, "SINPE 3101123456")],
      [],
      [item("i1", "receivable", 100_000n)],
    );
    expect(proposals).toEqual([
      { kind: "items", bankLineIds: ["b1", "b2"], items: [{ id: "i1", amount: 100_000n }], score: 35 },
    ]);
  });
});

const amountArb = fc.constantFrom(-50_000n, -20_000n, -10_000n, 10_000n, 20_000n, 30_000n, 50_000n);
const bankArb = fc.array(fc.record({ date: fc.integer({ min: 1, max: 28 }), amount: amountArb, named: fc.boolean() }), {
  maxLength: 25,
});
const bookArb = fc.array(
  fc.record({
    date: fc.integer({ min: 1, max: 28 }),
    amount: fc.constantFrom(-50_000n, -30_000n, 10_000n, 20_000n, 30_000n, 40_000n, 60_000n),
  }),
  {
    maxLength: 25,
  },
);
const itemArb = fc.array(
  fc.record({
    side: fc.constantFrom("receivable" as const, "payable" as const),
    balance: fc.constantFrom(10_000n, 20_000n, 30_000n, 50_000n),
    party: fc.constantFrom(0, 1),
  }),
  { maxLength: 15 },
);
const PARTIES = [
  { cedula: "3101123456", name: "Distribuidora La Sabana S.A." },
  { cedula: "3101654321", name: "Comercial Álvarez S.A." },
];

describe("matching properties", () => {
  it("never uses a line or an item twice, and every proposal's two sides are equal", () => {
    fc.assert(
      fc.property(
        bankArb,
        bookArb,
        itemArb,
        fc.integer({ min: 0, max: 10 }),
        (bankRows, bookRows, itemRows, windowDays) => {
          const bank = bankRows.map((row, index) =>
            bankLine(`b${index}`, row.date, row.amount, row.named ? `SINPE ${PARTIES[index % 2].cedula}` : "DEPOSITO"),
          );
          const book = bookRows.map((row, index) => bookLine(`p${index}`, row.date, row.amount));
          const items = itemRows.map((row, index) =>
            item(`i${index}`, row.side, row.balance, { ...PARTIES[row.party], dueDate: day(1 + (index % 28)) }),
          );
          const proposals: Proposal[] = proposeMatches(bank, book, items, { windowDays });

          const bankIds = proposals.flatMap((proposal) => proposal.bankLineIds);
          const bookIds = proposals.flatMap((proposal) => (proposal.kind === "book" ? proposal.bookLineIds : []));
          const itemIds = proposals.flatMap((proposal) =>
            proposal.kind === "items" ? proposal.items.map((entry) => entry.id) : [],
          );
          expect(new Set(bankIds).size).toBe(bankIds.length);
          expect(new Set(bookIds).size).toBe(bookIds.length);
          expect(new Set(itemIds).size).toBe(itemIds.length);

          const bankById = new Map(bank.map((line) => [line.id, line]));
          const bookById = new Map(book.map((line) => [line.id, line]));
          const itemById = new Map(items.map((entry) => [entry.id, entry]));
          let matchedBank = 0n;
          let matchedOther = 0n;
          for (const proposal of proposals) {
            const totals = proposalTotals(proposal, bankById, bookById, itemById);
            expect(totals.bank).toBe(totals.matched);
            matchedBank += totals.bank;
            matchedOther += totals.matched;
            if (proposal.kind === "items")
              for (const entry of proposal.items)
                expect(entry.amount).toBeLessThanOrEqual(itemById.get(entry.id)!.balance);
            if (proposal.kind === "book")
              for (const bankId of proposal.bankLineIds)
                for (const bookId of proposal.bookLineIds) {
                  const apart =
                    Math.abs(Date.parse(bankById.get(bankId)!.date) - Date.parse(bookById.get(bookId)!.date)) /
                    86_400_000;
                  expect(apart).toBeLessThanOrEqual(windowDays);
                }
          }
          expect(matchedBank).toBe(matchedOther);
        },
      ),
      { numRuns: 300, seed: 29 },
    );
  });

  it("gives the same proposals whatever the order of its inputs", () => {
    fc.assert(
      fc.property(bankArb, bookArb, (bankRows, bookRows) => {
        const bank = bankRows.map((row, index) => bankLine(`b${String(index).padStart(2, "0")}`, row.date, row.amount));
        const book = bookRows.map((row, index) => bookLine(`p${String(index).padStart(2, "0")}`, row.date, row.amount));
        expect(proposeMatches([...bank].reverse(), [...book].reverse(), [])).toEqual(proposeMatches(bank, book, []));
      }),
      { numRuns: 200, seed: 29 },
    );
  });
});
