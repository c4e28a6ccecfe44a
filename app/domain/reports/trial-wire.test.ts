import { describe, expect, it } from "vitest";
import { fromTrialWire, toTrialWire } from "./trial-wire";
import { amountView, type TrialRowView } from "./view";

const row = (code: string, level: number, leaf: boolean, amounts: [bigint, bigint, bigint, bigint]): TrialRowView => ({
  code,
  label: `Cuenta ${code}`,
  level,
  leaf,
  opening: amountView(amounts[0]),
  debit: amountView(amounts[1]),
  credit: amountView(amounts[2]),
  closing: amountView(amounts[3]),
});

describe("trial rows on the wire", () => {
  const rows = [
    row("10-00-00-00-00", 1, false, [0n, 6_631_097_461n, 3_037_466_565n, 3_593_630_896n]),
    row("20-01-01-01-00", 4, true, [-150_000n, 0n, 99n, -150_099n]),
    row("40-01-01-00-00", 3, true, [0n, 0n, 50_000_000n, -50_000_000n]),
  ];

  it("comes back as the same rows, negatives (in parentheses) and zeros included", () => {
    expect(fromTrialWire(toTrialWire(rows))).toEqual(rows);
    expect(fromTrialWire(toTrialWire(rows))[1].closing).toEqual({
      text: "(₡1 500,99)".replace(/ /g, "\u00a0"),
      negative: true,
    });
  });

  it("is a fraction of the rows' JSON", () => {
    const many = Array.from({ length: 200 }, (_, n) => rows[n % rows.length]);
    expect(JSON.stringify(toTrialWire(many)).length).toBeLessThan(JSON.stringify(many).length * 0.6);
  });
});
