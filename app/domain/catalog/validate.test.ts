import { describe, expect, it } from "vitest";
import { buildCatalog } from "./build";
import { validateNewCode } from "./validate";

describe("validateNewCode with the chosen parent", () => {
  const tree = buildCatalog();

  it("says a code under the parent is expected, not that another branch's account exists (issue 17)", () => {
    expect(validateNewCode(tree, "20-01-01-01-00")).toBe("La cuenta 20-01-01-01-00 ya existe.");
    expect(validateNewCode(tree, "20-01-01-01-00", "10-01-01-00-00")).toBe(
      "La cuenta 20-01-01-01-00 no es una subcuenta directa de 10-01-01-00-00: se espera un código bajo 10-01-01 (10-01-01-NN-00).",
    );
    expect(validateNewCode(tree, "10-01-02-08-00", "10-01-00-00-00")).toBe(
      "La cuenta 10-01-02-08-00 no es una subcuenta directa de 10-01-00-00-00: se espera un código bajo 10-01 (10-01-NN-00-00).",
    );
    expect(validateNewCode(tree, "10-01-01-01-05", "10-01-01-01-00")).toBeNull();
  });

  it("still says a direct child that exists already exists", () => {
    expect(validateNewCode(tree, "10-01-01-01-00", "10-01-01-00-00")).toBe("La cuenta 10-01-01-01-00 ya existe.");
  });
});
