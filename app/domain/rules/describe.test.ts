import { describe, expect, it } from "vitest";
import { describeCondition } from "./describe";

describe("a rule's conditions in words", () => {
  it("reads a total as money in colones, not as the stored decimal", () => {
    const text = describeCondition({ field: "total", operator: "gte", value: "1000000.00" });
    expect(text.replace(/\s/g, " ")).toContain("₡1 000 000,00");
    expect(text).not.toContain("1000000.00");
  });

  it("keeps other values as typed", () => {
    expect(describeCondition({ field: "emisorCedula", operator: "equals", value: "3101456789" })).toContain(
      "3101456789",
    );
  });
});
