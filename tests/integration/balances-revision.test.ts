/**
 * The balances revision (decision 117): every ledger path that writes period balances changes the
 * organization's revision in the same transaction, and nothing else does; the reports read through
 * it, so a report asked again after a post shows the post.
 */
import mongoose, { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import type { EntryInput } from "../../app/domain/ledger";
import { parseAmount } from "../../app/domain/money";
import { parseReportQuery } from "../../app/domain/reports";
import {
  balancesRevisionOf,
  bookReceiptEntries,
  closeYear,
  createAndPost,
  createDraft,
  deleteDraft,
  editPosted,
  post,
  postOnce,
  reopenYear,
  reverse,
  updateAndPost,
  updateDraft,
  yearRevisionsOf,
} from "../../app/services/ledger/ledger.server";
import { trialPage, trialReport } from "../../app/services/reports/reports.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

const ORG = "CR:3101888001";
const OTHER = "CR:3101888002";
const CASH = "10-01-01-01-00"; // Caja general
const SALES = "40-01-01-01-00"; // Ventas gravadas 13 %
const RETAINED = "30-04-01-00-00";
const actor = { by: "revision@test", now: new Date("2026-02-01T12:00:00Z") };

let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Revisiones S.A.", identificationType: "02" });
  await ensureOrganization({ _id: OTHER, name: "Otra S.A.", identificationType: "02" });
});

afterAll(async () => {
  await environment?.close();
});

const sale = (date: string, amount: string, description = "Venta de contado"): EntryInput => ({
  date,
  description,
  lines: [
    { account: CASH, debit: parseAmount(amount)! },
    { account: SALES, credit: parseAmount(amount)! },
  ],
});

function ok<T>(outcome: { ok: true; entry: T } | { ok: false; refusals: { message: string }[] }): T {
  if (!outcome.ok) throw new Error(outcome.refusals.map((refusal) => refusal.message).join(" | "));
  return outcome.entry;
}

/** The revision before and after `write`, and the other organization's, which must not move. */
async function revisionAround(write: () => Promise<unknown>) {
  const before = await balancesRevisionOf(ORG);
  const other = await balancesRevisionOf(OTHER);
  await write();
  expect(await balancesRevisionOf(OTHER)).toBe(other);
  return { before, after: await balancesRevisionOf(ORG) };
}

async function expectBumped(write: () => Promise<unknown>) {
  const { before, after } = await revisionAround(write);
  expect(after).not.toBe(before);
}

async function expectUnchanged(write: () => Promise<unknown>) {
  const { before, after } = await revisionAround(write);
  expect(after).toBe(before);
}

describe("balances revision", () => {
  it("changes with every path that writes balances", async () => {
    await expectBumped(async () => ok(await createAndPost(ORG, sale("2025-03-10", "100"), actor)));

    const draft = ok(await createDraft(ORG, sale("2025-03-11", "50"), actor));
    await expectBumped(async () => ok(await post(ORG, String(draft._id), actor)));

    const other = ok(await createDraft(ORG, sale("2025-03-12", "60"), actor));
    await expectBumped(async () => ok(await updateAndPost(ORG, String(other._id), sale("2025-03-12", "65"), actor)));

    const posted = ok(await createAndPost(ORG, sale("2025-04-01", "70"), actor));
    await expectBumped(async () => ok(await editPosted(ORG, String(posted._id), sale("2025-04-02", "75"), actor)));
    await expectBumped(async () => ok(await reverse(ORG, String(posted._id), { ...actor, date: "2025-04-03" })));

    await expectBumped(async () => {
      const outcome = await postOnce(
        ORG,
        sale("2025-05-01", "80"),
        actor,
        { kind: "iva", id: "2025-05" },
        "Ya liquidado",
      );
      if (!outcome.ok) throw new Error(outcome.refusals[0].message);
    });

    await expectBumped(async () => {
      const [outcome] = await bookReceiptEntries(
        ORG,
        [
          {
            receiptId: String(new Types.ObjectId()),
            input: sale("2025-06-01", "90"),
            post: true,
            unclassified: false,
          },
        ],
        actor,
      );
      expect(outcome.kind).toBe("booked");
    });

    await expectBumped(async () => ok(await closeYear(ORG, 2025, RETAINED, actor)));
    await expectBumped(async () => ok(await reopenYear(ORG, 2025, "Corrección", actor)));
  });

  it("stays the same when no balance changes: drafts, refusals, receipts left as drafts", async () => {
    let draftId = "";
    await expectUnchanged(async () => {
      draftId = String(ok(await createDraft(ORG, sale("2025-07-01", "10"), actor))._id);
    });
    await expectUnchanged(async () => ok(await updateDraft(ORG, draftId, sale("2025-07-02", "12"), actor)));
    await expectUnchanged(async () => ok(await deleteDraft(ORG, draftId)));
    await expectUnchanged(async () => {
      const refused = await createAndPost(ORG, { ...sale("2025-07-03", "10"), lines: [] }, actor);
      expect(refused.ok).toBe(false);
    });
    await expectUnchanged(async () => {
      const [outcome] = await bookReceiptEntries(
        ORG,
        [
          {
            receiptId: String(new Types.ObjectId()),
            input: sale("2025-07-04", "20"),
            post: false,
            unclassified: false,
          },
        ],
        actor,
      );
      expect(outcome).toMatchObject({ kind: "booked", status: "borrador" });
    });
  });

  it("makes a report asked again after a post show the post", async () => {
    const query = parseReportQuery("all", new URLSearchParams("year=2024&level=5"), "2026-02-01" as CalendarDate);
    if (!query.ok) throw new Error("query");
    const cashOf = (trial: Awaited<ReturnType<typeof trialReport>>) =>
      trial.rows.find((row) => row.code === CASH)?.debit ?? 0n;

    const first = await trialReport(ORG, query.query);
    expect(await trialReport(ORG, query.query)).toBe(first); // unchanged balances: the same figures, not read again
    const firstPage = await trialPage(ORG, query.query);
    expect((await trialPage(ORG, query.query)).key).toBe(firstPage.key);

    ok(await createAndPost(ORG, sale("2024-08-01", "250"), actor));
    const second = await trialReport(ORG, query.query);
    expect(cashOf(second) - cashOf(first)).toBe(25_000n);
    const secondPage = await trialPage(ORG, query.query);
    expect(secondPage.key).not.toBe(firstPage.key);
    expect(secondPage.rows.find((row) => row.code === CASH)?.debit.text).toBe("₡250,00");
  });

  it("changes the token of each year a write touches, and only those", async () => {
    const before = await yearRevisionsOf(ORG);
    const posted = ok(await createAndPost(ORG, sale("2023-05-10", "10"), actor));
    const afterPost = await yearRevisionsOf(ORG);
    expect(afterPost["2023"]).toBeDefined();
    expect(afterPost["2023"]).not.toBe(before["2023"]);
    expect(afterPost["2024"]).toBe(before["2024"]);
    expect(afterPost["2025"]).toBe(before["2025"]);
    // Its reversal, dated in the next year, changes that year alone.
    ok(await reverse(ORG, String(posted._id), { ...actor, date: "2024-01-02" }));
    const afterReversal = await yearRevisionsOf(ORG);
    expect(afterReversal["2024"]).not.toBe(afterPost["2024"]);
    expect(afterReversal["2023"]).toBe(afterPost["2023"]);
    expect(afterReversal["2025"]).toBe(before["2025"]);
  });

  it("reads the opening balances again after a post in an earlier year, and not after one in the report's own year", async () => {
    const query = parseReportQuery("all", new URLSearchParams("year=2026&level=5"), "2026-02-01" as CalendarDate);
    if (!query.ok) throw new Error("query");
    const cash = async () => (await trialReport(ORG, query.query)).rows.find((row) => row.code === CASH)!;
    const openingReads = async (run: () => Promise<unknown>) => {
      let reads = 0;
      mongoose.set("debug", (collection: string, method: string, pipeline: unknown) => {
        if (collection === "period_balances" && method === "aggregate" && JSON.stringify(pipeline).includes('"$lt"'))
          reads += 1;
      });
      try {
        await run();
      } finally {
        mongoose.set("debug", false);
      }
      return reads;
    };

    const first = await cash();
    ok(await createAndPost(ORG, sale("2024-11-05", "40"), actor));
    let second = first;
    expect(await openingReads(async () => (second = await cash()))).toBe(1);
    expect(second.opening - first.opening).toBe(4_000n);

    ok(await createAndPost(ORG, sale("2026-01-15", "7"), actor));
    let third = second;
    expect(await openingReads(async () => (third = await cash()))).toBe(0);
    expect(third.opening).toBe(second.opening);
    expect(third.debit - second.debit).toBe(700n);
  });
});
