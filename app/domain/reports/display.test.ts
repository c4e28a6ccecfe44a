import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { statementCsv, trialBalanceCsv } from "./csv";
import { formatReportAmount, formatShare, variationOf } from "./display";
import type { StatementRow } from "./statements";

const space = /[\s\u00a0\u202f]/;

describe("report amounts", () => {
  it("shows ₡ es-CR with negatives in parentheses", () => {
    expect(formatReportAmount(123456n).replace(/[\u00a0\u202f]/g, " ")).toBe("₡1 234,56");
    expect(formatReportAmount(-123456n).replace(/[\u00a0\u202f]/g, " ")).toBe("(₡1 234,56)");
    expect(formatReportAmount(0n)).toMatch(/^₡0,00$/);
    expect(formatReportAmount(-5n)).not.toMatch(/-/);
    expect(space.test(formatReportAmount(100000000n))).toBe(true);
  });

  it("gives shares and variations exactly, one decimal, half away from zero", () => {
    expect(formatShare(1n, 3n)).toBe("33,3 %");
    expect(formatShare(2n, 3n)).toBe("66,7 %");
    expect(formatShare(-1n, 8n)).toBe("(12,5 %)");
    expect(formatShare(5n, 0n)).toBeNull();
    expect(formatShare(3n, 1000n)).toBe("0,3 %");
    expect(variationOf(cents(150n), cents(100n))).toEqual({ amount: 50n, percent: "50,0 %" });
    expect(variationOf(cents(50n), cents(-100n))).toEqual({ amount: 150n, percent: "150,0 %" });
  });
});

describe("CSV exports", () => {
  const rows: StatementRow[] = [
    {
      key: "40-00-00-00-00",
      code: "40-00-00-00-00",
      label: "Ingreso",
      level: 1,
      kind: "account",
      group: "40",
      leaf: false,
      amount: cents(123456n),
      compared: cents(100n),
    },
    {
      key: "grossProfit",
      code: null,
      label: "Utilidad bruta",
      level: 0,
      kind: "line",
      group: "50",
      leaf: false,
      amount: cents(-5n),
      compared: null,
    },
    {
      key: "40-01-00-00-00",
      code: "40-01-00-00-00",
      label: '=Ventas, "contado"',
      level: 2,
      kind: "account",
      group: "40",
      leaf: true,
      amount: cents(0n),
      compared: cents(0n),
    },
  ];

  it("writes código,cuenta,nivel,monto[,comparación] with result lines under an empty código", () => {
    expect(statementCsv(rows, false)).toBe(
      '\uFEFFcódigo,cuenta,nivel,monto\r\n40-00-00-00-00,Ingreso,1,1234.56\r\n,Utilidad bruta,,-0.05\r\n40-01-00-00-00,"\'=Ventas, ""contado""",2,0.00\r\n',
    );
    expect(statementCsv(rows, true).split("\r\n").slice(0, 3)).toEqual([
      "\uFEFFcódigo,cuenta,nivel,monto,comparación",
      "40-00-00-00-00,Ingreso,1,1234.56,1.00",
      ",Utilidad bruta,,-0.05,",
    ]);
  });

  it("writes código,cuenta,nivel,saldo inicial,débitos,créditos,saldo final, debit positive", () => {
    const csv = trialBalanceCsv({
      rows: [
        {
          code: "20-00-00-00-00",
          label: "Pasivo",
          level: 1,
          leaf: false,
          opening: cents(-100n),
          debit: cents(50n),
          credit: cents(250n),
          closing: cents(-300n),
        },
      ],
      totals: { opening: cents(0n), debit: cents(50n), credit: cents(50n), closing: cents(0n) },
    });
    expect(csv).toBe(
      "\uFEFFcódigo,cuenta,nivel,saldo inicial,débitos,créditos,saldo final\r\n20-00-00-00-00,Pasivo,1,-1.00,0.50,2.50,-3.00\r\n,Totales,,0.00,0.50,0.50,0.00\r\n",
    );
  });
});
