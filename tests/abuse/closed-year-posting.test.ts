import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { closedYearDate, postedInClosedYear, type EntryInput } from "../../app/domain/ledger";
import {
  closeYear,
  createAndPost,
  createDraft,
  editPosted,
  post,
  reopenYear,
  reverse,
  verifyLedger,
} from "../../app/services/ledger/ledger.server";
import { Entry } from "../../models/entry";
import { ensureOrganization, setLockDate } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

/**
 * Issue 25, finding 4: after Cierre del período 2025, clearing the organization's lock date let an
 * entry dated in 2025 be posted, and the closed year's result moved after its closing entry. A year is
 * closed by its closing entry, whatever the lock date says, until the audited reopen (decision 196);
 * the ledger service, the one writer, enforces it for every path.
 */
const ORG = "CR:3101777003";
const CASH = "10-01-01-01-00";
const SALES = "40-01-01-01-00";
const RETAINED = "30-04-01-00-00";
const actor = { by: "cierre@test" };
let environment: AppEnvironment;

const entry = (date: string, amount = 1_000_000n): EntryInput => ({
  date,
  description: `Venta ${date}`,
  lines: [
    { account: CASH, debit: amount },
    { account: SALES, credit: amount },
  ],
});

let postedIn2025 = "";
let draftIn2025 = "";

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Cierres S.A.", identificationType: "02" });
  const posted = await createAndPost(ORG, entry("2025-05-10", 100_000_000n), actor);
  if (!posted.ok) throw new Error(JSON.stringify(posted));
  postedIn2025 = String(posted.entry._id);
  const draft = await createDraft(ORG, entry("2025-11-01"), actor);
  if (!draft.ok) throw new Error(JSON.stringify(draft));
  draftIn2025 = String(draft.entry._id);
  const closed = await closeYear(ORG, 2025, RETAINED, actor);
  if (!closed.ok) throw new Error(JSON.stringify(closed));
  // The attack: the organization form moves the lock date back, then clears it.
  await setLockDate(ORG, "2024-12-31", "ataque@test");
  await setLockDate(ORG, null, "ataque@test");
});

afterAll(async () => {
  await environment?.close();
});

const entriesOf2025 = () => Entry.countDocuments({ organizationId: ORG, fiscalYear: 2025 });
const refusedFor = (date: string) => ({
  ok: false,
  refusals: [{ field: "date", message: closedYearDate(date as CalendarDate) }],
});

describe("a closed year stays closed whatever the lock date (issue 25, finding 4)", () => {
  it("refuses a new entry, a draft and a draft's posting dated in the closed year", async () => {
    const before = await entriesOf2025();
    expect(await createAndPost(ORG, entry("2025-06-30"), actor)).toEqual(refusedFor("2025-06-30"));
    expect(await createDraft(ORG, entry("2025-12-31"), actor)).toEqual(refusedFor("2025-12-31"));
    expect(await post(ORG, draftIn2025, actor)).toEqual(refusedFor("2025-11-01"));
    expect(await entriesOf2025()).toBe(before);
  });

  it("refuses the audited edit of an entry of the closed year and a reversal dated in it", async () => {
    expect(await editPosted(ORG, postedIn2025, entry("2025-05-10", 1_000n), actor)).toEqual({
      ok: false,
      refusals: [{ field: "date", message: postedInClosedYear(2025) }],
    });
    expect(await reverse(ORG, postedIn2025, { ...actor, date: "2025-12-31" })).toEqual(refusedFor("2025-12-31"));
    expect(await verifyLedger(ORG)).toEqual([]);
  });

  it("still posts after the closed year, and opens it only through the audited reopen", async () => {
    expect((await createAndPost(ORG, entry("2026-01-15"), actor)).ok).toBe(true);
    // The reopen wants the lock date the close left; the attacker's move must be undone first.
    await setLockDate(ORG, "2025-12-31", "contador@test");
    const reopened = await reopenYear(ORG, 2025, "Factura de diciembre omitida", actor);
    expect(reopened.ok).toBe(true);
    await setLockDate(ORG, null, "contador@test");
    expect((await createAndPost(ORG, entry("2025-06-30"), actor)).ok).toBe(true);
  });
});
