import { describe, expect, it } from "vitest";
import type { Model } from "mongoose";
import { lastImportFilter, LAST_IMPORT_SORT, queueTroublesFilter } from "../../app/services/board/month-figures.server";
import { HaciendaSubmission } from "../../models/hacienda-submission";
import { Receipt } from "../../models/receipt";
import { planOf } from "../support/planner";

// The board's reads that must stay short however many receipts a client has: the plan the embedded
// database chooses for them, with the receipts' own indexes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const plan = (filter: Record<string, unknown>, sort: Record<string, 1 | -1>, model: Model<any> = Receipt) =>
  planOf(model, filter, sort);

describe("a client's last import", () => {
  it("is read from the (organization, importedAt) index in the order asked, so it stops at one receipt", () => {
    expect(plan(lastImportFilter("CR:3101123456"), LAST_IMPORT_SORT)).toEqual({
      fields: "organizationId,importedAt",
      ordered: true,
    });
  });

  it("is read from that index with the organization alone too: the planner prefers the index in the order asked", () => {
    expect(plan({ organizationId: "CR:3101123456" }, LAST_IMPORT_SORT)).toEqual({
      fields: "organizationId,importedAt",
      ordered: true,
    });
  });
});

describe("the clients' rejected and failed documents", () => {
  it("are read from the (organization, state) index, not from every sending the clients ever had", () => {
    expect(plan(queueTroublesFilter(["CR:3101123456", "CR:3101654321"]), {}, HaciendaSubmission)?.fields).toBe(
      "organizationId,state",
    );
  });
});
