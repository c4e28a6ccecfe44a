import { describe, expect, it } from "vitest";
import { Types } from "mongoose";
import { BankStatementLine } from "../../models/bank-statement-line";
import { Entry } from "../../models/entry";
import { reversalsSinceFilter } from "../../app/services/ledger/account-lines.server";
import type { CalendarDate } from "../../app/domain/calendar";
import { planOf } from "../support/planner";

/** The fields of the index the planner chose for a filter, or null for a scan. */
const plannedIndex = (model: typeof Entry | typeof BankStatementLine, filter: Record<string, unknown>) =>
  planOf(model, filter)?.fields ?? null;

describe("the reversals read by bank reconciliation", () => {
  it("has an index of its own: organization, source kind and date", () => {
    expect(plannedIndex(Entry, reversalsSinceFilter("CR:3101123456", "2026-09-01" as CalendarDate))).toBe(
      "organizationId,source.kind,date",
    );
  });
});

describe("the fingerprints an import looks up", () => {
  const fingerprints = (count: number) => Array.from({ length: count }, (_, i) => `huella-${i}`);

  it("are read a thousand at a time, which the unique index serves (a whole statement at once would not)", () => {
    const bankAccountId = new Types.ObjectId();
    expect(plannedIndex(BankStatementLine, { bankAccountId, fingerprint: { $in: fingerprints(1_000) } })).toBe(
      "bankAccountId,fingerprint",
    );
    expect(plannedIndex(BankStatementLine, { bankAccountId, fingerprint: { $in: fingerprints(10_000) } })).toBeNull();
  });
});
