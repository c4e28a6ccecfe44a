import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureOrganization } from "../../models/organization";
import { Receipt } from "../../models/receipt";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { seedDemoReceipts } from "../../scripts/seed-demo-receipts";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
});

afterAll(async () => {
  await environment?.close();
});

describe("seedDemoReceipts", () => {
  it("gives every active demo client months of issued and received receipts, and creates nothing when run again", async () => {
    const lines: string[] = [];
    await seedDemoReceipts({ log: (line) => lines.push(line) });
    const now = new Date();
    const lastMonth = shiftMonth(currentMonth(now), -1);
    for (const organization of DEMO_ORGANIZATIONS) {
      const receipts = await Receipt.find({ organizationId: organization._id }, { xml: 0 }).lean();
      if (organization.active === false) {
        expect(receipts).toEqual([]);
        continue;
      }
      expect(new Set(receipts.map((receipt) => receipt.direction))).toEqual(new Set(["issued", "received"]));
      expect(new Set(receipts.map((receipt) => receipt.version))).toEqual(new Set(["4.3", "4.4"]));
      expect(receipts.some((receipt) => receipt.month === lastMonth)).toBe(true);
      expect(receipts.some((receipt) => receipt.moneda === "USD")).toBe(true);
      expect(receipts.filter((receipt) => receipt.hacienda).length).toBeGreaterThan(5);
      expect(receipts.every((receipt) => receipt.fechaEmision.getTime() <= now.getTime())).toBe(true);
      expect(receipts.every((receipt) => receipt.warnings.length === 0)).toBe(true);
      expect(lines.some((line) => line.includes(organization.name))).toBe(true);
    }

    const before = await Receipt.countDocuments();
    const again: string[] = [];
    await seedDemoReceipts({ log: (line) => again.push(line) });
    expect(await Receipt.countDocuments()).toBe(before);
    expect(again).toContain("  Ferretería El Clavo S.A.: already has receipts, left as they are");
  });
});
