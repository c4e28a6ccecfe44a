/**
 * The aging lists its counterparties a page at a time (largest balance first) while the totals and
 * the agreement cover all of them; `?page=` is bounded; the kept balances a counterparty's new term
 * moves between due dates still equal the items.
 */
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CalendarDate } from "../../app/domain/calendar";
import { keptBalancesOf } from "../../app/domain/open-items/kept-balances";
import { AGING_PAGE_SIZE, agingView } from "../../app/services/open-items/aging.server";
import { saveCounterparty } from "../../app/services/open-items/counterparties.server";
import { importOpeningBalances } from "../../app/services/open-items/opening-import.server";
import { allKeptRows } from "../../models/open-balance";
import { OpenItem } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { FERRETERIA } from "./receipts-fixtures";
import * as receivablesRoute from "../../app/routes/_app.receivables";

let environment: AppEnvironment;
let admin: string;
const by = String(new Types.ObjectId());
const AT = "2025-12-31" as CalendarDate;
const PARTIES = AGING_PAGE_SIZE + 7;

/** Customer n owes n × ₡1 000 on one document, due on a day of November or December. */
function customers(): string {
  const lines = ["cédula,documento,fecha,vencimiento,monto,nombre"];
  for (let n = 1; n <= PARTIES; n++) {
    const due = n % 2 === 0 ? "2025-11-15" : "2025-12-20";
    lines.push(`${3101700000 + n},FE-${n},2025-10-01,${due},${n * 1000}.00,Cliente ${String(n).padStart(3, "0")} S.A.`);
  }
  return lines.join("\r\n");
}

function load(search: string) {
  const request = new Request(new URL(`/receivables?org=3101123456&${search}`, BASE_URL), {
    headers: { Cookie: admin },
  });
  return respond(() =>
    receivablesRoute.loader({ request, params: {}, context: { cspNonce: "" } } as LoaderFunctionArgs),
  );
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id);
  const imported = await importOpeningBalances(
    FERRETERIA.id,
    "receivable",
    new TextEncoder().encode(customers()),
    by,
    AT,
  );
  if (!imported.ok) throw new Error(imported.errors.join(" | "));
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("/receivables a page at a time", () => {
  it("lists 50 counterparties per page, largest first, with the totals of all on every page", async () => {
    const all = (PARTIES * (PARTIES + 1) * 1000) / 2;
    const first = await agingView(FERRETERIA.id, "receivable", AT);
    const second = await agingView(FERRETERIA.id, "receivable", AT, 2);
    expect([first.partyCount, first.pageCount, first.parties.length, second.parties.length]).toEqual([
      PARTIES,
      2,
      AGING_PAGE_SIZE,
      PARTIES - AGING_PAGE_SIZE,
    ]);
    expect(first.parties[0].nombre).toBe(`Cliente ${String(PARTIES).padStart(3, "0")} S.A.`);
    expect(second.parties.at(-1)!.nombre).toBe("Cliente 001 S.A.");
    for (const view of [first, second]) expect(view.totals.total).toBe(BigInt(all * 100));
    const listed = [...first.parties, ...second.parties].reduce((sum, party) => sum + party.aging.total, 0n);
    expect(listed).toBe(BigInt(all * 100));
    // Past the last page, the last one; at a date before the documents, nobody.
    expect((await agingView(FERRETERIA.id, "receivable", AT, 9)).page).toBe(2);
    const before = await agingView(FERRETERIA.id, "receivable", "2025-09-30" as CalendarDate);
    expect([before.partyCount, before.parties.length, before.totals.total]).toEqual([0, 0, 0n]);
  });

  it("shows the page links without JavaScript and refuses a page that is not a number with a 400", async () => {
    const page = await load(`at=${AT}&page=2`);
    expect(page.status).toBe(200);
    const data = (await page.json()) as { page: number; pageCount: number; partyCount: number; rows: unknown[] };
    expect([data.page, data.pageCount, data.partyCount, data.rows.length]).toEqual([
      2,
      2,
      PARTIES,
      PARTIES - AGING_PAGE_SIZE,
    ]);
    for (const bad of ["0", "-1", "dos", "10001", "1".repeat(40)]) {
      const refused = await load(`at=${AT}&page=${bad}`);
      expect(refused.status, bad).toBe(400);
      const body = (await refused.json()) as { page: number; messages: string[] };
      expect(body.page).toBe(1);
      expect(body.messages).toEqual(["La página debe ser un número entero entre 1 y 10 000."]);
    }
  });

  it("moves the kept balances between due dates when a counterparty's term moves its documents", async () => {
    const item = await OpenItem.findOne({ organizationId: FERRETERIA.id, consecutivo: "FE-2" }).lean();
    // Imported balances keep the due date of their file; make this one a credit document naming no term.
    await OpenItem.updateOne({ _id: item!._id }, { $set: { kind: "FE", condicionVenta: "02" } });
    expect(await saveCounterparty(FERRETERIA.id, String(item!.partyId), { paymentTermDays: 90 }, by)).toEqual({
      ok: true,
      value: true,
    });
    const moved = await OpenItem.findOne({ _id: item!._id }).lean();
    expect(moved!.dueDate).toBe("2025-12-30");
    const items = await OpenItem.find({ organizationId: FERRETERIA.id }).lean();
    const recomputed = keptBalancesOf(
      items.map((row) => ({
        side: row.side,
        partyId: String(row.partyId),
        dueDate: row.dueDate,
        opening: row.kind === "SI",
        balance: BigInt(row.balance),
      })),
    );
    const kept = await allKeptRows(FERRETERIA.id);
    const text = (rows: Array<{ dueDate: string; balance: unknown; count: number }>) =>
      rows
        .filter((row) => row.count !== 0)
        .map((row) => `${row.dueDate} ${String(row.balance)} ${row.count}`)
        .sort();
    expect(text(kept.dueDates)).toEqual(text(recomputed.dueDates));
    expect(text(kept.dueDates)).toContain(`2025-12-30 ${2000 * 100} 1`);
    // The imported ones kept the due date of their file.
    const imported = await OpenItem.findOne({ organizationId: FERRETERIA.id, consecutivo: "FE-1" }).lean();
    await saveCounterparty(FERRETERIA.id, String(imported!.partyId), { paymentTermDays: 90 }, by);
    expect((await OpenItem.findOne({ _id: imported!._id }).lean())!.dueDate).toBe("2025-12-20");
  });
});
