import { describe, expect, it } from "vitest";
import { parseAmount, cents } from "./money";
import { centsText, countLabel, dateText, moneyText, pendingText, plural, searchDigits, searchText, sentenceCase } from "./text";

const spaces = (text: string) => text.replace(/\s/g, " ");

describe("search text", () => {
  it("ignores accents, case and extra spaces; digits ignore dashes", () => {
    expect(searchText("  Ferretería   EL Clavo ")).toBe("ferreteria el clavo");
    expect(searchText("Solís")).toBe(searchText("solis"));
    expect(searchDigits("3-101-123456")).toBe("3101123456");
    expect(searchDigits("0010 0001")).toBe("00100001");
    expect(searchDigits("Sabana")).toBe("");
  });
});

describe("plural agreement", () => {
  it("uses the singular for exactly one and the plural otherwise, with es-CR grouping", () => {
    expect(countLabel(1, "comprobante", "comprobantes")).toBe("1 comprobante");
    expect(countLabel(0, "comprobante", "comprobantes")).toBe("0 comprobantes");
    expect(countLabel(76, "comprobante", "comprobantes")).toBe("76 comprobantes");
    expect(countLabel(1234, "archivo", "archivos").replace(/\s/g, " ")).toBe("1 234 archivos");
    expect(plural(1, "emitido", "emitidos")).toBe("emitido");
    expect(plural(2, "emitido", "emitidos")).toBe("emitidos");
  });
});

describe("sentence case", () => {
  it("capitalises the first letter of a standalone label only", () => {
    expect(sentenceCase("octubre de 2025")).toBe("Octubre de 2025");
    expect(sentenceCase("ñandú")).toBe("Ñandú");
    expect(sentenceCase("")).toBe("");
  });
});

describe("money and dates in sentences", () => {
  it("writes money as the tables do, never with a decimal point", () => {
    expect(spaces(moneyText(parseAmount("1000000.00")!))).toBe("₡1 000 000,00");
    expect(spaces(centsText(cents(123456n)))).toBe("₡1 234,56");
    expect(moneyText(parseAmount("1000000.00")!)).not.toContain("1000000.00");
  });

  it("writes dates dd/mm/aaaa: calendar days as they are, instants in Costa Rica time", () => {
    expect(dateText("2026-11-30")).toBe("30/11/2026");
    expect(dateText(new Date("2026-12-01T03:00:00Z"))).toBe("30/11/2026");
    expect(dateText("2026-12-01T03:00:00.000Z")).toBe("30/11/2026");
    expect(dateText("sin fecha")).toBe("sin fecha");
  });

  it("makes the verb agree with the count of pending receipts", () => {
    expect(pendingText(1)).toBe("Queda 1 comprobante pendiente");
    expect(pendingText(3)).toBe("Quedan 3 comprobantes pendientes");
  });
});
