import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents, centsToAmount, formatAmount, formatDecimal, parseAmount } from "./amount";
import { formatColones, formatMoneyInput } from "./display";
import { MONEY_INPUT_MESSAGES, parseMoneyInput, readCentsInput, readMoneyInput } from "./input";

const amount = (text: string) => parseAmount(text)!;

describe("typed amounts", () => {
  it("reads a decimal comma or point, with or without thousands separators", () => {
    expect(parseMoneyInput("1234,56")).toBe(amount("1234.56"));
    expect(parseMoneyInput("1234.56")).toBe(amount("1234.56"));
    expect(parseMoneyInput("1.234,56")).toBe(amount("1234.56"));
    expect(parseMoneyInput("1,234.56")).toBe(amount("1234.56"));
    expect(parseMoneyInput("₡ 1 234,5")).toBe(amount("1234.5"));
    expect(parseMoneyInput("0")).toBe(0n);
    for (const bad of ["", "mil", "-5", "1,234,567", "1.2.3", "12,345678"]) expect(parseMoneyInput(bad)).toBeNull();
  });
});

describe("money typed by a person", () => {
  const read = (text: string, decimals?: number) => readMoneyInput(text, decimals);

  it("reads Costa Rica's decimal comma with spaces, no-break or thin spaces between thousands", () => {
    for (const text of [
      "1234,56",
      "1 234,56",
      "1\u00a0234,56",
      "1\u2009234,56",
      "1\u202f234,56",
      "₡1 234,56",
      "1234.56",
    ]) {
      expect(read(text)).toEqual({ ok: true, amount: amount("1234.56") });
    }
    expect(read("1 234 567")).toEqual({ ok: true, amount: amount("1234567") });
  });

  it("reads both grouping conventions when the decimal mark makes them unambiguous", () => {
    expect(read("1.234.567,89")).toEqual({ ok: true, amount: amount("1234567.89") });
    expect(read("1,234,567.89")).toEqual({ ok: true, amount: amount("1234567.89") });
    expect(read("0,125")).toEqual({ ok: true, amount: amount("0.125") });
    expect(read("1234.567")).toEqual({ ok: true, amount: amount("1234.567") });
  });

  it("refuses ambiguous forms, saying how to write the amount", () => {
    for (const ambiguous of ["1.234", "1,234", "12.345", "999,999", "1.234.567", "1,234,567"]) {
      expect(read(ambiguous)).toEqual({
        ok: false,
        message: "Escriba el monto con coma decimal, por ejemplo 1234,56.",
      });
    }
  });

  it("refuses badly grouped thousands, signs, text and too many decimals", () => {
    expect(read("12.34.567,8")).toEqual({ ok: false, message: MONEY_INPUT_MESSAGES.grouping });
    expect(read("12 34,5")).toEqual({
      ok: false,
      message: "Separe los miles en grupos de tres cifras, por ejemplo 1 234 567,89.",
    });
    expect(read("-5")).toEqual({ ok: false, message: "El monto no puede ser negativo." });
    expect(read("mil")).toEqual({ ok: false, message: "Escriba un monto válido, por ejemplo 1234,56." });
    expect(read("1e5")).toEqual({ ok: false, message: MONEY_INPUT_MESSAGES.invalid });
    expect(read("1234,567", 2)).toEqual({ ok: false, message: "El monto admite como máximo 2 decimales (céntimos)." });
    expect(read("1,234567")).toEqual({ ok: false, message: "El monto admite como máximo 5 decimales." });
  });

  it("reads céntimos as Cents, at most 2 decimals", () => {
    expect(readCentsInput("1 234,5")).toEqual({ ok: true, cents: cents(123450n) });
    expect(readCentsInput("0,01")).toEqual({ ok: true, cents: cents(1n) });
    expect(readCentsInput("0,015")).toEqual({ ok: false, message: MONEY_INPUT_MESSAGES.tooManyDecimals(2) });
  });

  const centimos = fc.bigInt({ min: 0n, max: 99_999_999_999_999_99n });

  it("property: what the screens write reads back as the same céntimos", () => {
    fc.assert(
      fc.property(centimos, (value) => {
        const money = centsToAmount(cents(value));
        expect(readCentsInput(formatMoneyInput(money))).toEqual({ ok: true, cents: value });
        expect(readCentsInput(formatColones(money))).toEqual({ ok: true, cents: value });
        expect(parseMoneyInput(formatAmount(money, 2))).toBe(money);
      }),
    );
  });

  it("property: grouped forms in either convention read back exactly", () => {
    fc.assert(
      fc.property(centimos, (value) => {
        const [integer, fraction] = formatDecimal(value, 2).split(".");
        const groups = integer.replace(/\B(?=(\d{3})+(?!\d))/g, "|");
        const expected = { ok: true, amount: centsToAmount(cents(value)) };
        expect(readMoneyInput(`${groups.replace(/\|/g, ".")},${fraction}`)).toEqual(expected);
        expect(readMoneyInput(`${groups.replace(/\|/g, ",")}.${fraction}`)).toEqual(expected);
        expect(readMoneyInput(`${groups.replace(/\|/g, "\u00a0")},${fraction}`)).toEqual(expected);
      }),
    );
  });

  it("property: an amount with up to 5 decimals round-trips through the decimal comma", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999_999n }), (value) => {
        expect(parseMoneyInput(formatMoneyInput(value, 5))).toBe(value);
      }),
    );
  });
});
