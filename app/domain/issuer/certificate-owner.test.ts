import { describe, expect, it } from "vitest";
import {
  CERTIFICATE_OWNER_MESSAGES,
  certificateIdentification,
  certificateOwnerProblem,
  isSameIdentification,
} from "./certificate-owner";

describe("whose signing key a certificate is", () => {
  it("reads the identification of the subject's serialNumber, with or without dashes", () => {
    expect(certificateIdentification("CPJ-3-101-123456")).toBe("3101123456");
    expect(certificateIdentification("CPJ-3101123456")).toBe("3101123456");
    expect(certificateIdentification("CPF-01-0688-0721")).toBe("0106880721");
    expect(certificateIdentification("NITE-3-002-654321")).toBe("3002654321");
    for (const bad of [null, undefined, "", "3101123456", "CPJ-", "CPJ-31O1"])
      expect(certificateIdentification(bad)).toBeNull();
  });

  it("compares it with the organization's identification, the zero padding aside", () => {
    expect(isSameIdentification("0106880721", "106880721")).toBe(true);
    expect(isSameIdentification("3101999999", "3101123456")).toBe(false);
    expect(isSameIdentification("000", "0")).toBe(false);
  });

  it("refuses a certificate of another taxpayer or of nobody, in Spanish", () => {
    expect(certificateOwnerProblem("CPJ-3-101-123456", "3101123456")).toBeNull();
    expect(certificateOwnerProblem("CPJ-3-101-999999", "3101123456")).toBe(
      "La llave criptográfica es de la identificación 3101999999, no de este cliente (3101123456): suba la llave de este cliente.",
    );
    expect(certificateOwnerProblem(null, "3101123456")).toBe(CERTIFICATE_OWNER_MESSAGES.unnamed);
  });
});
