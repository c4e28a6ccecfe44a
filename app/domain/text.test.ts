import { describe, expect, it } from "vitest";
import { searchDigits, searchText } from "./text";

describe("search text", () => {
  it("ignores accents, case and extra spaces; digits ignore dashes", () => {
    expect(searchText("  Ferretería   EL Clavo ")).toBe("ferreteria el clavo");
    expect(searchText("Solís")).toBe(searchText("solis"));
    expect(searchDigits("3-101-123456")).toBe("3101123456");
    expect(searchDigits("0010 0001")).toBe("00100001");
    expect(searchDigits("Sabana")).toBe("");
  });
});
