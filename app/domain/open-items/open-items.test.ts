import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { amountToCents, convertToColones, formatColones, parseAmount, type Cents } from "../money";
import {
  addToAging,
  balanceAt,
  bucketOf,
  creditNoteApplication,
  creditNoteLines,
  daysOverdue,
  dueDateOf,
  emptyAging,
  movementsByItem,
  movementsOf,
  paymentEntryLines,
  planPayment,
  readTermDays,
  stateOf,
  statementOf,
  type ItemFacts,
  type StatementItem,
} from ".";

const d = (text: string) => text as CalendarDate;
const c = (value: number) => BigInt(value) as Cents;

describe("due dates", () => {
  it("adds the document's PlazoCredito to its date, across a month end and a leap day", () => {
    expect(dueDateOf({ fecha: d("2024-01-31"), condicionVenta: "02", plazoCredito: 30, bookedToCash: false })).toEqual({
      dueDate: "2024-03-01",
      settledAtIssue: false,
    });
    expect(
      dueDateOf({ fecha: d("2023-01-31"), condicionVenta: "02", plazoCredito: 30, bookedToCash: false }).dueDate,
    ).toBe("2023-03-02");
    expect(
      dueDateOf({ fecha: d("2025-12-15"), condicionVenta: "02", plazoCredito: 30, bookedToCash: false }).dueDate,
    ).toBe("2026-01-14");
  });

  it("uses the counterparty's term when the document names none, else the issue date", () => {
    expect(
      dueDateOf({ fecha: d("2026-03-01"), condicionVenta: "02", partyTermDays: 15, bookedToCash: false }).dueDate,
    ).toBe("2026-03-16");
    expect(dueDateOf({ fecha: d("2026-03-01"), condicionVenta: "02", bookedToCash: false }).dueDate).toBe("2026-03-01");
  });

  it("settles a contado sale at issue when its booking went to cash, and makes a contado purchase due at issue", () => {
    expect(dueDateOf({ fecha: d("2026-03-01"), condicionVenta: "01", plazoCredito: 30, bookedToCash: true })).toEqual({
      dueDate: "2026-03-01",
      settledAtIssue: true,
    });
    expect(dueDateOf({ fecha: d("2026-03-01"), condicionVenta: "01", bookedToCash: false })).toEqual({
      dueDate: "2026-03-01",
      settledAtIssue: false,
    });
  });

  it("reads PlazoCredito as Hacienda writes it", () => {
    expect(readTermDays("30")).toBe(30);
    expect(readTermDays(" 45 días")).toBe(45);
    expect(readTermDays("")).toBeUndefined();
    expect(readTermDays("treinta")).toBeUndefined();
    expect(readTermDays(undefined)).toBeUndefined();
  });
});

describe("aging", () => {
  it("is corriente up to the due date and then counts days past it", () => {
    expect(bucketOf(d("2026-03-31"), d("2026-03-31"))).toBe("current");
    expect(bucketOf(d("2026-03-31"), d("2026-04-01"))).toBe("days1to30");
    expect(bucketOf(d("2026-03-31"), d("2026-04-30"))).toBe("days1to30");
    expect(bucketOf(d("2026-03-31"), d("2026-05-01"))).toBe("days31to60");
    expect(bucketOf(d("2026-03-31"), d("2026-05-30"))).toBe("days31to60");
    expect(bucketOf(d("2026-03-31"), d("2026-05-31"))).toBe("days61to90");
    expect(bucketOf(d("2026-03-31"), d("2026-06-29"))).toBe("days61to90");
    expect(bucketOf(d("2026-03-31"), d("2026-06-30"))).toBe("over90");
  });

  it("counts February's 29th in a leap year and not in others", () => {
    expect(daysOverdue(d("2024-01-31"), d("2024-03-01"))).toBe(30);
    expect(daysOverdue(d("2025-01-31"), d("2025-03-01"))).toBe(29);
    expect(bucketOf(d("2024-01-30"), d("2024-03-01"))).toBe("days31to60");
    expect(bucketOf(d("2025-01-30"), d("2025-03-01"))).toBe("days1to30");
    expect(daysOverdue(d("2025-12-31"), d("2026-01-01"))).toBe(1);
  });

  it("adds balances to their buckets and the total", () => {
    const totals = emptyAging();
    addToAging(totals, d("2026-01-10"), d("2026-03-31"), c(10_000));
    addToAging(totals, d("2026-04-10"), d("2026-03-31"), c(5_000));
    addToAging(totals, d("2026-04-10"), d("2026-03-31"), c(-1_000));
    expect(totals).toEqual({
      current: 4_000n,
      days1to30: 0n,
      days31to60: 0n,
      days61to90: 10_000n,
      over90: 0n,
      total: 14_000n,
    });
  });
});

const invoice: ItemFacts = {
  id: "fe",
  fecha: d("2026-02-01"),
  dueDate: d("2026-03-03"),
  signedAmount: c(113_000_00),
  settledAtIssue: false,
};
const note: ItemFacts = {
  id: "nc",
  fecha: d("2026-02-10"),
  dueDate: d("2026-02-10"),
  signedAmount: c(-13_000_00),
  settledAtIssue: false,
};

describe("credit notes", () => {
  it("applies a partial note to the document it names, leaving the document partly open", () => {
    const applied = creditNoteApplication(c(113_000_00), note.signedAmount);
    expect(applied).toBe(13_000_00n);
    const movements = movementsByItem(
      movementsOf([{ id: "s1", kind: "nota", date: d("2026-02-10"), lines: creditNoteLines("fe", "nc", applied) }]),
    );
    const invoiceBalance = balanceAt(invoice, movements.get("fe")!, null);
    expect(invoiceBalance).toBe(100_000_00n);
    expect(stateOf(invoice, invoiceBalance)).toBe("partial");
    expect(balanceAt(note, movements.get("nc")!, null)).toBe(0n);
    // Before the note's date the document still owed everything.
    expect(balanceAt(invoice, movements.get("fe")!, d("2026-02-09"))).toBe(113_000_00n);
  });

  it("applies a total note completely, and keeps what exceeds the document as the counterparty's credit", () => {
    expect(creditNoteApplication(c(113_000_00), c(-113_000_00))).toBe(113_000_00n);
    expect(creditNoteApplication(c(50_000_00), c(-80_000_00))).toBe(50_000_00n);
    expect(creditNoteApplication(c(0), c(-80_000_00))).toBe(0n);
  });
});

describe("payments", () => {
  const items = [
    { id: "a", label: "FE 1", open: c(100_000_00) },
    { id: "b", label: "FE 2", open: c(50_000_00) },
  ];

  it("settles several items, one of them partly", () => {
    const result = planPayment(items, {
      applications: [
        { itemId: "a", amount: c(100_000_00) },
        { itemId: "b", amount: c(20_000_00) },
      ],
      received: c(120_000_00),
    });
    expect(result).toEqual({
      ok: true,
      plan: {
        lines: [
          { itemId: "a", delta: -100_000_00n },
          { itemId: "b", delta: -20_000_00n },
        ],
        applied: 120_000_00n,
        difference: 0n,
      },
    });
  });

  it("sends an over-payment to the chosen account and refuses it without one", () => {
    const request = { applications: [{ itemId: "a", amount: c(100_000_00) }], received: c(100_500_00) };
    const refused = planPayment(items, request);
    expect(refused).toEqual({ ok: false, message: "Hay una diferencia de ₡500,00: indique la cuenta a la que va." });
    const result = planPayment(items, { ...request, differenceAccount: "40-03-01-00-00" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.difference).toBe(500_00n);
    const cobro = paymentEntryLines(
      "receivable",
      { money: "10-01-01-02-00", control: "10-01-02-01-00", difference: "40-03-01-00-00" },
      result.plan,
      c(100_500_00),
      "Cobro",
    );
    expect(cobro.map((line) => [line.account, line.debit ?? null, line.credit ?? null])).toEqual([
      ["10-01-01-02-00", 100_500_00_000n, null],
      ["10-01-02-01-00", null, 100_000_00_000n],
      ["40-03-01-00-00", null, 500_00_000n],
    ]);
    const pago = paymentEntryLines(
      "payable",
      { money: "10-01-01-02-00", control: "20-01-01-01-00", difference: "60-01-01-00-00" },
      result.plan,
      c(100_500_00),
      "Pago",
    );
    expect(pago.map((line) => [line.account, line.debit ?? null, line.credit ?? null])).toEqual([
      ["10-01-01-02-00", null, 100_500_00_000n],
      ["20-01-01-01-00", 100_000_00_000n, null],
      ["60-01-01-00-00", 500_00_000n, null],
    ]);
  });

  it("debits a discount on a cobro to the chosen account", () => {
    const result = planPayment(items, {
      applications: [{ itemId: "b", amount: c(50_000_00) }],
      received: c(49_000_00),
      differenceAccount: "60-01-01-00-00",
    });
    if (!result.ok) throw new Error(result.message);
    const lines = paymentEntryLines(
      "receivable",
      { money: "bank", control: "clientes", difference: "60-01-01-00-00" },
      result.plan,
      c(49_000_00),
      "Cobro",
    );
    expect(lines.map((line) => [line.account, line.debit ?? null, line.credit ?? null])).toEqual([
      ["bank", 49_000_00_000n, null],
      ["clientes", null, 50_000_00_000n],
      ["60-01-01-00-00", 1_000_00_000n, null],
    ]);
  });

  it("refuses more than an item owes, repeated, unknown, empty and non-positive applications", () => {
    const refuse = (applications: { itemId: string; amount: Cents }[], received = c(1)) =>
      planPayment(items, { applications, received, differenceAccount: "x" });
    expect(refuse([{ itemId: "b", amount: c(50_000_01) }])).toEqual({
      ok: false,
      message: `El monto aplicado a FE 2 supera su saldo pendiente (${formatColones(50_000_00_000n)}).`,
    });
    expect(refuse([])).toMatchObject({ ok: false, message: "Seleccione al menos un documento." });
    expect(refuse([{ itemId: "z", amount: c(1) }])).toMatchObject({ ok: false });
    expect(refuse([{ itemId: "a", amount: c(0) }])).toMatchObject({
      ok: false,
      message: "El monto aplicado a FE 1 debe ser mayor que cero.",
    });
    expect(
      refuse([
        { itemId: "a", amount: c(1) },
        { itemId: "a", amount: c(1) },
      ]),
    ).toMatchObject({ ok: false, message: "Un documento aparece dos veces." });
    expect(planPayment(items, { applications: [{ itemId: "a", amount: c(1) }], received: c(-1) })).toMatchObject({
      ok: false,
    });
  });

  it("refuses a payment dated before the document", () => {
    const dated = [{ id: "a", label: "FE 1", open: c(100_00), fecha: "2026-03-10" }];
    expect(
      planPayment(dated, {
        applications: [{ itemId: "a", amount: c(100_00) }],
        received: c(100_00),
        date: "2026-03-09",
      }),
    ).toEqual({
      ok: false,
      message: "La fecha es anterior a la de FE 1: un documento no se paga antes de emitirse.",
    });
    expect(
      planPayment(dated, {
        applications: [{ itemId: "a", amount: c(100_00) }],
        received: c(100_00),
        date: "2026-03-10",
      }).ok,
    ).toBe(true);
  });

  it("counts a payment from its date and undoes it from its reversal's date", () => {
    const movements = movementsOf([
      {
        id: "p",
        kind: "cobro",
        date: d("2026-03-10"),
        lines: [{ itemId: "fe", delta: c(-113_000_00) }],
        reversedOn: d("2026-03-20"),
      },
    ]);
    expect(balanceAt(invoice, movements, d("2026-03-09"))).toBe(113_000_00n);
    expect(balanceAt(invoice, movements, d("2026-03-10"))).toBe(0n);
    expect(balanceAt(invoice, movements, d("2026-03-20"))).toBe(113_000_00n);
    expect(balanceAt(invoice, movements, d("2026-01-31"))).toBe(0n);
  });
});

describe("USD items", () => {
  it("are owed in colones at their own document's rate, as their booking debited them", () => {
    const total = parseAmount("1130.00")!;
    const rate = parseAmount("507.25")!;
    expect(amountToCents(convertToColones(total, rate))).toBe(573_192_50n);
  });
});

describe("statement of account", () => {
  const items: StatementItem[] = [
    { ...invoice, label: "FE 1", isCreditNote: false },
    { ...note, label: "NC 1", isCreditNote: true },
    {
      id: "old",
      fecha: d("2026-01-05"),
      dueDate: d("2026-01-05"),
      signedAmount: c(20_000_00),
      settledAtIssue: false,
      label: "FE 0",
      isCreditNote: false,
    },
    {
      id: "cash",
      fecha: d("2026-02-03"),
      dueDate: d("2026-02-03"),
      signedAmount: c(9_999_00),
      settledAtIssue: true,
      label: "FE contado",
      isCreditNote: false,
    },
  ];
  const movements = movementsOf([
    { id: "n", kind: "nota", date: d("2026-02-10"), lines: creditNoteLines("fe", "nc", c(13_000_00)) },
    {
      id: "p1",
      kind: "cobro",
      date: d("2026-02-15"),
      lines: [
        { itemId: "fe", delta: c(-60_000_00) },
        { itemId: "old", delta: c(-20_000_00) },
      ],
      reversedOn: d("2026-02-20"),
    },
    { id: "p2", kind: "cobro", date: d("2026-02-25"), lines: [{ itemId: "fe", delta: c(-100_000_00) }] },
  ]);

  it("opens with what was owed, then runs documents, notes, payments and reversals in date order", () => {
    const statement = statementOf(items, movements, d("2026-02-01"), d("2026-02-28"), (m) =>
      m.reversal ? `Reversión ${m.settlementId}` : `Cobro ${m.settlementId}`,
    );
    expect(statement.opening).toBe(20_000_00n);
    expect(
      statement.lines.map((line) => [line.date, line.kind, line.description, line.charge, line.payment, line.balance]),
    ).toEqual([
      ["2026-02-01", "documento", "FE 1", 113_000_00n, 0n, 133_000_00n],
      ["2026-02-10", "nota", "NC 1", 0n, 13_000_00n, 120_000_00n],
      ["2026-02-15", "cobro", "Cobro p1", 0n, 80_000_00n, 40_000_00n],
      ["2026-02-20", "reversion", "Reversión p1", 80_000_00n, 0n, 120_000_00n],
      ["2026-02-25", "cobro", "Cobro p2", 0n, 100_000_00n, 20_000_00n],
    ]);
    expect(statement.closing).toBe(20_000_00n);
    expect(statement.truncated).toBe(false);
  });
});
