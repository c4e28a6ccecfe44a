import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAmount, cents } from "./money";
import {
  centsText,
  countLabel,
  dateText,
  foldedPattern,
  foldText,
  moneyText,
  pendingText,
  plural,
  searchDigits,
  searchText,
  sentenceCase,
} from "./text";

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

describe("one fold for every search", () => {
  it("folds accents, ñ and case", () => {
    expect(foldText("Irazú")).toBe("irazu");
    expect(foldText("AÑO Crédito")).toBe("ano credito");
  });

  it("builds a database pattern that finds accented and upper-case text from any spelling of the query", () => {
    const finds = (query: string, text: string) => new RegExp(foldedPattern(query)).test(text);
    expect(finds("Irazu", "Constructora Irazú S.A.")).toBe(true);
    expect(finds("IRAZÚ", "constructora irazu")).toBe(true);
    expect(finds("ano", "Cierre del AÑO")).toBe(true);
    expect(finds("Irazu", "Irazo")).toBe(false);
    expect(finds("s.a.", "SxAx")).toBe(false);
    expect(finds("(1+1)*", "total (1+1)*2")).toBe(true);
    expect(finds("mantenimiento del", "Mantenimiento   del local")).toBe(true);
  });

  it("matches exactly when the folded text contains the folded query", () => {
    const letters = fc.constantFrom(
      "a",
      "á",
      "Á",
      "e",
      "É",
      "i",
      "í",
      "n",
      "ñ",
      "Ñ",
      "u",
      "ü",
      "Ú",
      "x",
      " ",
      ".",
      "(",
      "*",
      "1",
    );
    fc.assert(
      fc.property(
        fc.array(letters, { maxLength: 20 }).map((chars) => chars.join("")),
        fc.array(letters, { minLength: 1, maxLength: 4 }).map((chars) => chars.join("")),
        (text, query) => {
          fc.pre(searchText(query) !== "");
          expect(new RegExp(foldedPattern(query)).test(text)).toBe(searchText(text).includes(searchText(query)));
        },
      ),
    );
  });
});
