import { describe, expect, it } from "vitest";
import { cedulaProblem, toCedula, toOrganizationId } from "./organization-id";

describe("organization ids (docs/spec/organizations.md §1)", () => {
  it("prefixes the stored id with CR: and strips it for use", () => {
    expect(toOrganizationId("3101123456")).toBe("CR:3101123456");
    expect(toOrganizationId("CR:3101123456")).toBe("CR:3101123456");
    expect(toCedula("CR:3101123456")).toBe("3101123456");
    expect(toCedula("111110111")).toBe("111110111");
  });

  it("checks the cédula length for its identification type", () => {
    expect(cedulaProblem("01", "111110111")).toBeNull();
    expect(cedulaProblem("02", "3101123456")).toBeNull();
    expect(cedulaProblem("03", "155812345678")).toBeNull();
    expect(cedulaProblem("01", "11111011")).toBe("La cédula física debe tener 9 dígitos.");
    expect(cedulaProblem("02", "4101123456")).toBe("La cédula jurídica debe empezar con 3.");
    expect(cedulaProblem("02", "3-101-123456")).toBe(
      "La identificación solo puede contener dígitos, sin guiones ni espacios.",
    );
  });
});
