/**
 * «Contabilizar N comprobantes» shows what it will book before posting (supplier and cédula, document,
 * date, amount, the entry's accounts or the rule) and books only after the confirmation, and only the
 * receipts the person saw. The run's result rows name the supplier, the amount and the entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as jobLoader } from "../../app/routes/_app.booking.$jobID";
import { action as monthAction, loader as monthLoader } from "../../app/routes/_app.booking.month";
import type { MonthBookingPreview } from "../../app/services/booking/booking-preview.server";
import { pendingReceipts } from "../../app/services/booking/booking.server";
import { ensureOrganization } from "../../models/organization";
import { BUSINESS_PARTIES } from "../../scripts/hacienda-samples/src/catalog";
import { generateBatch } from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { context, FERRETERIA, importDocuments } from "./receipts-fixtures";

const MONTH = "2025-04";
const ORG = `org=${FERRETERIA.cedula}`;
const SUPPLIERS = BUSINESS_PARTIES.filter((party) => party.identificacion.numero !== FERRETERIA.cedula).slice(0, 3);
let environment: AppEnvironment;
let adminCookie: string;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  adminCookie = await sessionCookieFor(
    (await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id,
  );
  // Three suppliers, each with its invoice number 1: three «…0000000001» that only the supplier tells apart.
  for (const [index, emisor] of SUPPLIERS.entries())
    await importDocuments(
      generateBatch({
        seed: `preview-${index}`,
        count: 1,
        month: MONTH,
        emisor,
        receptor: { nombre: FERRETERIA.name, identificacion: { tipo: "02", numero: FERRETERIA.cedula } },
        mensajeHaciendaShare: 0,
        kinds: { FE: 1 },
        sequenceStart: 1,
      }),
    );
});

afterAll(async () => {
  await environment?.close();
});

async function preview(): Promise<MonthBookingPreview> {
  const response = await respond(() =>
    monthLoader({ request: getRequest(`/booking/month?${ORG}&month=${MONTH}`, adminCookie), params: {}, context }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { preview: MonthBookingPreview }).preview;
}

const confirm = (fields: Record<string, string>) =>
  respond(() =>
    monthAction({ request: postRequest(`/booking/month?${ORG}`, fields, adminCookie), params: {}, context }),
  );

describe("booking a month asks first", () => {
  it("previews each pending receipt by supplier, document, date, amount and entry, and writes nothing", async () => {
    const shown = await preview();
    expect(shown.count).toBe(3);
    expect(shown.hidden).toBe(0);
    expect(shown.counts.contabilizar + shown.counts.borrador + shown.counts.no).toBe(3);
    expect(shown.rows.map((row) => row.partyId).sort()).toEqual(
      SUPPLIERS.map((party) => party.identificacion.numero).sort(),
    );
    for (const row of shown.rows) {
      expect(SUPPLIERS.map((party) => party.nombre)).toContain(row.party);
      expect(row.document).toMatch(/0000000001$/);
      expect(row.date).toMatch(/^\d{2}\/04\/2025$/);
      expect(row.total).toMatch(/^₡/);
      expect(row.how).not.toBe("");
      if (row.state !== "no") {
        expect(row.lines.some((line) => line.side === "Débito")).toBe(true);
        expect(row.lines.some((line) => line.side === "Crédito")).toBe(true);
        expect(row.lines.every((line) => /^\d\d(-\d\d){4}$/.test(line.account) && line.amount.startsWith("₡"))).toBe(
          true,
        );
      }
    }
    expect(await pendingReceipts(FERRETERIA.id, MONTH)).toHaveLength(3);
  });

  it("refuses a post without the preview's confirmation, and a confirmation of another list", async () => {
    const bare = await confirm({ month: MONTH });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { message: string }).message).toBe(
      "Revise la lista de comprobantes por contabilizar y confirme desde ella.",
    );
    const stale = await confirm({ month: MONTH, confirm: "0".repeat(32) });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(`/booking/month?${ORG}&month=${MONTH}`);
    expect(await pendingReceipts(FERRETERIA.id, MONTH)).toHaveLength(3);
  });

  it("books after the confirmation; the results name supplier, amount and entry", async () => {
    const shown = await preview();
    const started = await confirm({ month: MONTH, confirm: shown.token });
    expect(started.status).toBe(303);
    const location = started.headers.get("Location")!;
    const jobID = location.match(/^\/booking\/([0-9a-f]{24})\?/)![1];
    type JobData = {
      running: boolean;
      job: { results: Array<{ party: string; partyId: string; total: string; entryId?: string; number?: string }> };
    };
    let data: JobData | null = null;
    for (let tries = 0; tries < 600; tries++) {
      const response = await respond(() =>
        jobLoader({ request: getRequest(location, adminCookie), params: { jobID }, context }),
      );
      data = (await response.json()) as JobData;
      if (!data.running) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(data!.running).toBe(false);
    const results = data!.job.results;
    expect(results).toHaveLength(3);
    expect(results.map((result) => result.partyId).sort()).toEqual(
      SUPPLIERS.map((party) => party.identificacion.numero).sort(),
    );
    for (const result of results) {
      expect(result.party).not.toBe("");
      expect(result.total).toMatch(/^₡/);
      expect(result.entryId).toMatch(/^[0-9a-f]{24}$/);
    }
    const totals = new Map(shown.rows.map((row) => [row.partyId, row.total]));
    for (const result of results) expect(result.total).toBe(totals.get(result.partyId));
    expect(await pendingReceipts(FERRETERIA.id, MONTH)).toEqual([]);
    // Nothing left: the preview says so and offers no confirmation.
    expect((await preview()).count).toBe(0);
  });
});
