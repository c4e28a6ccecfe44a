import { describe, expect, it } from "vitest";
import { certificateStatus, daysUntilExpiry } from "./certificate-status";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-23T12:00:00Z");
const validity = (days: number) => ({
  notBefore: new Date(now.getTime() - 365 * DAY),
  notAfter: new Date(now.getTime() + days * DAY),
});

describe("certificateStatus", () => {
  it("is vigente with more than 30 days left", () => {
    expect(certificateStatus(validity(31), now)).toBe("vigente");
  });
  it("warns from 30 days before expiry", () => {
    expect(certificateStatus(validity(30), now)).toBe("por-vencer");
    expect(certificateStatus(validity(1), now)).toBe("por-vencer");
  });
  it("is vencida once notAfter has passed", () => {
    expect(certificateStatus(validity(-1), now)).toBe("vencida");
  });
  it("is not valid yet before notBefore", () => {
    expect(
      certificateStatus(
        { notBefore: new Date(now.getTime() + DAY), notAfter: new Date(now.getTime() + 400 * DAY) },
        now,
      ),
    ).toBe("aun-no-vigente");
  });
  it("counts whole days left", () => {
    expect(daysUntilExpiry(new Date(now.getTime() + 12.5 * DAY), now)).toBe(12);
    expect(daysUntilExpiry(new Date(now.getTime() - 0.5 * DAY), now)).toBe(-1);
  });
});
