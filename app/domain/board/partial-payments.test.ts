import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { partialPaymentSchedule, type PreviousTax } from "../income-tax/partial-payments";
import { cents } from "../money";
import { nextPartialPayment, partialPaymentDeadline, partialPaymentLabel } from "./partial-payments";

const d = (text: string) => text as CalendarDate;
const tax = (year: number, value: bigint | null): PreviousTax => ({ year, tax: value === null ? null : cents(value) });
// 2024's tax ₡4 000,00 → base 400000 céntimos, each cuota 100000 (25 %).
const years = [tax(2022, null), tax(2023, null), tax(2024, 400_000n)] as const;

describe("the next pago parcial on the board", () => {
  it("is the first cuota with something pending, with its due date and what is left", () => {
    const schedule = partialPaymentSchedule(2025, years, cents(150_000n), d("2025-10-15"));
    const next = nextPartialPayment(2025, schedule);
    // 150000 paid: cuota 1 paid, cuota 2 (30 Sep 2025, a Tuesday) half paid and past its date.
    expect(next).toEqual({
      kind: "cuota",
      year: 2025,
      number: 2,
      due: "2025-09-30",
      pending: "50000",
      state: "vencida",
    });
    expect(partialPaymentDeadline(next)).toBe("2025-09-30");
    expect(partialPaymentLabel(next)).toBe("Cuota 2 de 2025: ₡500,00, vencida");
  });
  it("is a cuota por vencer when nothing is due yet", () => {
    const next = nextPartialPayment(2025, partialPaymentSchedule(2025, years, cents(0n), d("2025-03-01")));
    expect(next).toMatchObject({ number: 1, due: "2025-06-30", pending: "100000", state: "por vencer" });
  });
  it("says when all three are paid, when there are none, and when a table is missing", () => {
    const paid = nextPartialPayment(2025, partialPaymentSchedule(2025, years, cents(300_000n), d("2025-12-31")));
    expect(paid).toEqual({ kind: "paid", year: 2025 });
    expect(partialPaymentDeadline(paid)).toBeNull();
    expect(partialPaymentLabel(paid)).toBe("Pagos parciales de 2025 pagados");
    const none = nextPartialPayment(
      2025,
      partialPaymentSchedule(2025, [tax(2022, null), tax(2023, null), tax(2024, null)], cents(0n), d("2025-05-01")),
    );
    expect(partialPaymentLabel(none)).toBe("Sin pagos parciales en 2025");
    const noTable = nextPartialPayment(
      2025,
      partialPaymentSchedule(
        2025,
        [tax(2022, null), tax(2023, null), { year: 2024, tax: null, noTable: true }],
        cents(0n),
        d("2025-05-01"),
      ),
    );
    expect(noTable).toEqual({ kind: "no-table", year: 2025 });
  });
});
