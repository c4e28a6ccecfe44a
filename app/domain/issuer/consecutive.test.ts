import { describe, expect, it } from "vitest";
import { CONSECUTIVE_SERIES, MAX_CONSECUTIVE, nextConsecutiveProblem, seriesOf } from "./consecutive";

describe("consecutive series", () => {
  it("numbers each Hacienda document type apart, the MensajeReceptor by its answer", () => {
    expect(CONSECUTIVE_SERIES.map((info) => info.typeCode)).toEqual(["01", "04", "03", "02", "05", "06", "07"]);
    expect(seriesOf("FE")).toBe("FE");
    expect(seriesOf("MR")).toBe("MR-05");
    expect(seriesOf("MR", 2)).toBe("MR-06");
    expect(seriesOf("MR", 3)).toBe("MR-07");
  });

  it("keeps the MensajeReceptor counters the answers already used", () => {
    expect(CONSECUTIVE_SERIES.find((info) => info.series === "MR-05")?.sequenceName).toBe("mensaje-receptor-05");
  });

  it("lets the next number only move forward", () => {
    expect(nextConsecutiveProblem(11, 10)).toBeNull();
    expect(nextConsecutiveProblem(500, 10)).toBeNull();
    expect(nextConsecutiveProblem(10, 10)).toMatch(/no puede ser menor que 11/);
    expect(nextConsecutiveProblem(3, 10)).toMatch(/nunca se reutilizan/);
    expect(nextConsecutiveProblem(0, 0)).toMatch(/mayor que cero/);
    expect(nextConsecutiveProblem(1.5, 0)).toMatch(/entero/);
    expect(nextConsecutiveProblem(MAX_CONSECUTIVE + 1, 0)).toMatch(/10 dígitos/);
  });
});
