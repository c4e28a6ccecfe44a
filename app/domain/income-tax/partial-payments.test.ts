import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { cents } from "../money";
import { lastWeekdayOfMonth, partialPaymentSchedule, partialPaymentScheduleOn, scheduleDay } from "./partial-payments";

const c = (colones: number) => cents(BigInt(colones) * 100n);
const day = (text: string) => text as CalendarDate;

describe("the year's pagos parciales", () => {
  it("fall on the last business day of June, September and December of the year", () => {
    expect([6, 9, 12].map((month) => lastWeekdayOfMonth(2026, month))).toEqual([
      "2026-06-30",
      "2026-09-30",
      "2026-12-31",
    ]);
    // 31 December 2022 was a Saturday: the third cuota was due Friday the 30th.
    expect(lastWeekdayOfMonth(2022, 12)).toBe("2022-12-30");
    // 30 June 2024 was a Sunday.
    expect(lastWeekdayOfMonth(2024, 6)).toBe("2024-06-28");
  });

  it("are 25 % of the year before's tax when it is greater than the average (Hacienda's worked example)", () => {
    // 2017 ₡1 200 000, 2018 ₡3 750 000, 2019 ₡2 957 440: average ₡2 635 813,33 < ₡2 957 440 → 25 % = ₡739 360
    const schedule = partialPaymentSchedule(
      2020,
      [
        { year: 2017, tax: c(1_200_000) },
        { year: 2018, tax: c(3_750_000) },
        { year: 2019, tax: c(2_957_440) },
      ],
      c(0),
      day("2020-01-15"),
    );
    expect(schedule.kind).toBe("cuotas");
    if (schedule.kind !== "cuotas") return;
    expect(schedule.basis).toBe("previous-year");
    expect(schedule.instalments.map((i) => [i.due, i.amount, i.state])).toEqual([
      ["2020-06-30", c(739_360), "por vencer"],
      ["2020-09-30", c(739_360), "por vencer"],
      ["2020-12-31", c(739_360), "por vencer"],
    ]);
  });

  it("applies the year's payments to the cuotas in order and tells paid from overdue", () => {
    // Base: average (900 000 + 1 200 000 + 300 000) ÷ 3 = 800 000 > 300 000 → ₡200 000 each.
    const previous = [
      { year: 2023, tax: c(900_000) },
      { year: 2024, tax: c(1_200_000) },
      { year: 2025, tax: c(300_000) },
    ] as const;
    const schedule = partialPaymentSchedule(2026, previous, c(250_000), day("2026-10-15"));
    if (schedule.kind !== "cuotas") throw new Error(schedule.kind);
    expect(schedule.basis).toBe("average");
    expect(schedule.instalments.map((i) => [i.paid, i.pending, i.state])).toEqual([
      [c(200_000), c(0), "pagada"],
      [c(50_000), c(150_000), "vencida"],
      [c(0), c(200_000), "por vencer"],
    ]);
    expect(schedule.dueSoFar).toBe(c(400_000));
    expect(schedule.paid).toBe(c(250_000));
    expect(schedule.overdue).toBe(c(150_000));
  });

  it("a first year makes no cuotas; a year before without a table says so", () => {
    const none = { tax: null };
    expect(
      partialPaymentSchedule(
        2026,
        [
          { year: 2023, ...none },
          { year: 2024, ...none },
          { year: 2025, ...none },
        ],
        c(0),
        day("2026-07-01"),
      ),
    ).toEqual({ kind: "none" });
    expect(
      partialPaymentSchedule(
        2026,
        [
          { year: 2023, ...none },
          { year: 2024, tax: c(10) },
          { year: 2025, tax: null, noTable: true },
        ],
        c(0),
        day("2026-07-01"),
      ),
    ).toEqual({ kind: "no-table", year: 2025 });
  });

  it("are judged on today while the year runs or before it starts, and on its last day once it ended", () => {
    expect(
      ["2025-12-31", "2026-01-01", "2026-06-30", "2026-12-31", "2027-01-01", "2030-05-05"].map((today) =>
        scheduleDay(2026, day(today)),
      ),
    ).toEqual(["2025-12-31", "2026-01-01", "2026-06-30", "2026-12-31", "2026-12-31", "2026-12-31"]);
  });

  it("one set of inputs gives each day's schedule: a cuota turns overdue the day after it is due, and stays so after the year", () => {
    // ₡100 000 of tax in 2025, the only year known → ₡25 000 each; ₡10 000 paid.
    const inputs = {
      previous: [
        { year: 2023, tax: null },
        { year: 2024, tax: null },
        { year: 2025, tax: c(100_000) },
      ],
      paidInYear: c(10_000),
    } as const;
    const firstState = (today: string) => {
      const schedule = partialPaymentScheduleOn(2026, inputs, day(today));
      if (schedule.kind !== "cuotas") throw new Error(schedule.kind);
      return [schedule.instalments[0].state, schedule.dueSoFar];
    };
    expect(["2026-06-29", "2026-06-30", "2026-07-01", "2027-02-01"].map(firstState)).toEqual([
      ["pago parcial", c(0)],
      ["pago parcial", c(25_000)],
      ["vencida", c(25_000)],
      ["vencida", c(75_000)],
    ]);
    expect(partialPaymentScheduleOn(2026, inputs, day("2027-02-01"))).toEqual(
      partialPaymentSchedule(2026, inputs.previous, inputs.paidInYear, day("2026-12-31")),
    );
  });
});
