import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { dollarsAtDay, dollarsFromColones, readRate, revalueItems } from ".";

const rate = (text: string) => readRate(text)!;
const CLIENTES = "10-01-02-01-00";
const PROVEEDORES = "20-01-01-01-00";

describe("revalueItems — hand-worked", () => {
  const items = [
    // US$1 000,00 invoiced at ₡505,00 and US$200,00 at ₡512,345 (₡102 469,00), a supplier's US$300,00 at ₡500,00.
    {
      itemId: "a",
      partyName: "Cliente Uno",
      label: "FE 1",
      control: CLIENTES,
      dollars: rate("1000"),
      colones: cents(50_500_000n),
    },
    {
      itemId: "b",
      partyName: "Cliente Dos",
      label: "FE 2",
      control: CLIENTES,
      dollars: rate("200"),
      colones: cents(10_246_900n),
    },
    {
      itemId: "c",
      partyName: "Proveedor",
      label: "FEC 3",
      control: PROVEEDORES,
      dollars: -rate("300"),
      colones: cents(-15_000_000n),
    },
  ];

  it("revalues each document at the closing rate and sums per control account", () => {
    const [clientes, proveedores] = revalueItems(items, () => rate("510"), new Map());
    // 1 000 × 510 = 510 000 (+5 000); 200 × 510 = 102 000 (−469); the supplier's 300 × 510 = 153 000 (a loss of 3 000).
    expect(clientes.items.map((item) => [item.label, item.after, item.difference])).toEqual([
      ["FE 2", 10_200_000n, -46_900n],
      ["FE 1", 51_000_000n, 500_000n],
    ]);
    expect(clientes).toMatchObject({
      dollars: rate("1200"),
      itemsDifference: 453_100n,
      prior: 0n,
      difference: 453_100n,
    });
    expect(proveedores).toMatchObject({ itemsDifference: -300_000n, difference: -300_000n });
  });

  it("takes off what earlier months left standing: the next month books only its own change", () => {
    // March revalued clientes by +4 531,00; at the end of April the dollar is at ₡515,00.
    const [clientes] = revalueItems(items.slice(0, 2), () => rate("515"), new Map([[CLIENTES, cents(453_100n)]]));
    // 1 200 × 515 = 618 000 against 607 469 booked: +10 531,00 so far, of it +6 000,00 (US$1 200 × ₡5) in April.
    expect(clientes).toMatchObject({ itemsDifference: 1_053_100n, prior: 453_100n, difference: 600_000n });
  });

  it("keeps a control account whose documents were all paid, to take back what stands on it", () => {
    expect(revalueItems([], () => rate("515"), new Map([[CLIENTES, cents(453_100n)]]))).toEqual([
      expect.objectContaining({ account: CLIENTES, items: [], itemsDifference: 0n, difference: -453_100n }),
    ]);
  });
});

describe("a document's dollars at a past day", () => {
  it("undoes the dollar settlements that count now but did not then", () => {
    const lines = [
      { foreignDelta: -rate("100"), date: "2026-10-15" },
      { foreignDelta: -rate("50"), date: "2026-11-05" },
      { foreignDelta: -rate("25"), date: "2026-10-20", reversedOn: "2026-11-02" },
    ];
    // Now 1 000 − 100 − 50 = 850 open; at 31/10: 1 000 − 100 − 25 = 875.
    expect(dollarsAtDay(rate("850"), lines, "2026-10-31")).toBe(rate("875"));
    expect(dollarsAtDay(rate("850"), lines, "2026-11-30")).toBe(rate("850"));
    expect(dollarsAtDay(rate("850"), [{ date: "2026-11-05" }], "2026-10-31")).toBeNull();
  });

  it("reads dollars back from colones booked at a rate, to the cent", () => {
    expect(dollarsFromColones(cents(63_252_064n), rate("512.345"))).toBe(rate("1234.56"));
    expect(dollarsFromColones(cents(100n), 0n)).toBe(0n);
  });
});
