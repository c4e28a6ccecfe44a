import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Types } from "mongoose";
import { nextPartialPayment } from "../../app/domain/board/partial-payments";
import type { MonthKey } from "../../app/domain/calendar";
import { centsToAmount, cents } from "../../app/domain/money";
import { prepareData } from "../../app/boot/prepare-data.server";
import { loadBoard } from "../../app/services/board/board.server";
import * as incomeTax from "../../app/services/income-tax/income-tax.server";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

// The board keeps what each client's pagos parciales are computed from without the day (decision 310):
// from one day to the next it reads no report again, and still shows what the income-tax page shows.
vi.mock("../../app/services/income-tax/income-tax.server", async (importOriginal) => {
  const real = await importOriginal<typeof incomeTax>();
  return { ...real, partialPaymentInputsOf: vi.fn(real.partialPaymentInputsOf) };
});

const organization = { id: "CR:3101993001", cedula: "3101993001", name: "Cliente de los pagos parciales" };
const actor = { by: String(new Types.ObjectId()) };
const posted = new Date("2026-06-01T18:00:00Z");
let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await prepareData({ log: () => undefined });
  await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

function post(date: string, debit: string, credit: string, amount: bigint) {
  return createAndPost(
    organization.id,
    {
      date,
      description: "Movimiento de prueba",
      lines: [
        { account: debit, debit: centsToAmount(cents(amount)) },
        { account: credit, credit: centsToAmount(cents(amount)) },
      ],
    },
    { ...actor, now: posted },
  );
}

/** The board's next pago parcial and the page's on the same day; the number of inputs computed meanwhile. */
async function onDay(month: MonthKey, instant: string) {
  const now = new Date(instant);
  const computedBefore = vi.mocked(incomeTax.partialPaymentInputsOf).mock.calls.length;
  const [row] = await loadBoard([organization], month, now);
  const computed = vi.mocked(incomeTax.partialPaymentInputsOf).mock.calls.length - computedBefore;
  const year = Number(month.slice(0, 4));
  const page = nextPartialPayment(year, (await incomeTax.incomeTaxReport(organization.id, year, now)).schedule);
  return { board: row.partialPayment, page, computed };
}

describe("the board's pagos parciales from one day to the next", () => {
  it("recomputes no client's inputs on a new day and shows the page's cuota across a due date and a year change", async () => {
    // 2025's sales give 2026 its cuotas; a payment in June 2026 covers part of the first.
    const outcomes = [
      await post("2025-06-10", "10-01-01-01-00", "40-01-01-01-00", 900_000_000n),
      await post("2026-05-29", "10-01-03-03-00", "10-01-01-01-00", 1_000_000n),
    ];
    expect(outcomes.map((outcome) => (outcome.ok ? [] : outcome.refusals))).toEqual([[], []]);

    // Costa Rica is UTC−6: 05:00 UTC on the 30th is still the 29th there.
    const days = [
      ["2026-06", "2026-06-30T05:00:00Z"],
      ["2026-06", "2026-06-30T18:00:00Z"],
      ["2026-07", "2026-07-01T18:00:00Z"],
      ["2026-12", "2026-12-31T18:00:00Z"],
      ["2026-12", "2027-01-04T18:00:00Z"],
    ] as const satisfies ReadonlyArray<readonly [MonthKey, string]>;
    const seen = [];
    for (const [month, instant] of days) seen.push(await onDay(month, instant));
    for (const day of seen) expect(day.board).toEqual(day.page);
    expect(seen.map((day) => day.computed)).toEqual([1, 0, 0, 0, 0]);
    expect(
      seen.map((day) => (day.board.kind === "cuota" ? [day.board.number, day.board.state] : day.board.kind)),
    ).toEqual([
      [1, "pago parcial"],
      [1, "pago parcial"],
      [1, "vencida"],
      [1, "vencida"],
      [1, "vencida"],
    ]);

    // The next year's cuotas come from other years: computed once, then kept.
    const nextYear = [await onDay("2027-01", "2027-01-04T18:00:00Z"), await onDay("2027-02", "2027-02-01T18:00:00Z")];
    for (const day of nextYear) expect(day.board).toEqual(day.page);
    expect(nextYear.map((day) => day.computed)).toEqual([1, 0]);

    // A payment dated after the day the board is read on already counts, on the page as on the board.
    await post("2026-12-20", "10-01-03-03-00", "10-01-01-01-00", 225_000_000n);
    const afterPayment = await onDay("2026-07", "2026-07-02T18:00:00Z");
    expect(afterPayment.board).toEqual(afterPayment.page);
    expect(afterPayment.computed).toBe(1);
  }, 120_000);
});
