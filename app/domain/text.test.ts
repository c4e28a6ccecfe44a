import { describe, expect, it } from "vitest";
import { countLabel, plural, searchDigits, searchText, sentenceCase } from "./text";

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
