import { describe, expect, it } from "vitest";
import { cents, parseAmount, amountToCents } from "../money";
import type { BalanceCheck } from "./statements";
import { checkView } from "./view";

const c = (text: string) => amountToCents(parseAmount(text)!);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

function check(assets: string, liabilities: string, equity: string, unclassified: string): BalanceCheck {
  const figures = { assets: c(assets), liabilities: c(liabilities), equity: c(equity), unclassified: c(unclassified) };
  return {
    ...figures,
    difference: cents(figures.assets - figures.liabilities - figures.equity + figures.unclassified),
  };
}

/** Every "₡1 234,56" of one side of the sentence, added up. */
function sideSum(side: string): bigint {
  let total = 0n;
  for (const match of side.matchAll(/([+−]?)\s*[^₡+−=]*?₡([\d ]+,\d{2})/g)) {
    const value = c(match[2].replace(/ /g, "").replace(",", "."));
    total += match[1] === "−" ? -value : value;
  }
  return total;
}

describe("the Balance General check line", () => {
  it("with a debit balance in 70, adds it to Activo, and both sides add up as written", () => {
    // The figures: Activo 155 869 347,97; Pasivo + Patrimonio 156 033 166,04; 70 deudor 163 818,07.
    const view = checkView(check("155869347.97", "100000000.00", "56033166.04", "163818.07"));
    expect(view.holds).toBe(true);
    const sentence = plain(view.sentence);
    expect(sentence).toBe(
      "Activo ₡155 869 347,97 + saldo deudor de 70 Por clasificar ₡163 818,07 = ₡156 033 166,04 = " +
        "Pasivo ₡100 000 000,00 + Patrimonio ₡56 033 166,04.",
    );
    const [left, total, right] = sentence.replace(/\.$/, "").split(" = ");
    expect(sideSum(left)).toBe(sideSum(total));
    expect(sideSum(right)).toBe(sideSum(total));
  });

  it("with a credit balance in 70, adds it to Pasivo + Patrimonio, never as a negative", () => {
    const view = checkView(check("1000.00", "300.00", "600.00", "-100.00"));
    expect(view.holds).toBe(true);
    const sentence = plain(view.sentence);
    expect(sentence).toBe(
      "Activo ₡1 000,00 = Pasivo ₡300,00 + Patrimonio ₡600,00 + saldo acreedor de 70 Por clasificar ₡100,00.",
    );
    expect(sentence).not.toMatch(/\(₡|−/);
    const [left, right] = sentence.replace(/\.$/, "").split(" = ");
    expect(sideSum(left)).toBe(sideSum(right));
  });

  it("with nothing in 70, states Activo = Pasivo + Patrimonio", () => {
    const view = checkView(check("1000.00", "300.00", "700.00", "0"));
    expect(plain(view.sentence)).toBe("Activo ₡1 000,00 = Pasivo ₡300,00 + Patrimonio ₡700,00.");
    expect(view.sentence).not.toMatch(/Por clasificar/);
  });

  it("subtracts a negative patrimonio in words, so the sum still reads as written", () => {
    const view = checkView(check("1000.00", "1500.00", "-500.00", "0"));
    const sentence = plain(view.sentence);
    expect(sentence).toBe("Activo ₡1 000,00 = Pasivo ₡1 500,00 − Patrimonio negativo ₡500,00.");
    const [left, right] = sentence.replace(/\.$/, "").split(" = ");
    expect(sideSum(right)).toBe(sideSum(left));
  });

  it("says when it does not hold, with both sums and the difference", () => {
    const view = checkView(check("1000.00", "300.00", "600.00", "0"));
    expect(view.holds).toBe(false);
    expect(plain(view.sentence)).toBe(
      "El balance no cuadra: Activo ₡1 000,00 suman ₡1 000,00; Pasivo ₡300,00 + Patrimonio ₡600,00 suman ₡900,00; diferencia ₡100,00.",
    );
  });
});
