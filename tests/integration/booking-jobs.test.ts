import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_BATCH, pendingReceipts } from "../../app/services/booking/booking.server";
import { loadBookingJob, startMonthBooking } from "../../app/services/booking/booking-jobs.server";
import { BookingJobBatch } from "../../models/booking-job";
import { ensureOrganization } from "../../models/organization";
import { generateBatch } from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

let environment: AppEnvironment;
const MONTH = "2025-03";

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
});

afterAll(async () => {
  await environment?.close();
});

describe("a «Contabilizar mes» run", () => {
  it("records each batch's results apart and shows every receipt's result, in order, once", async () => {
    const count = BOOKING_BATCH + 40;
    await importDocuments(
      generateBatch({
        seed: "booking-jobs",
        count,
        month: MONTH,
        issuedShare: 0,
        mensajeHaciendaShare: 0,
        kinds: { FE: 1 },
      }),
    );
    const pending = await pendingReceipts(FERRETERIA.id, MONTH);
    expect(pending).toHaveLength(count);

    const jobId = await startMonthBooking(FERRETERIA.id, MONTH, String(new Types.ObjectId()));
    let job = await loadBookingJob(FERRETERIA.id, jobId);
    for (let tries = 0; job?.status === "procesando" && tries < 600; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await loadBookingJob(FERRETERIA.id, jobId);
    }
    expect(job).toMatchObject({ status: "terminada", total: count, done: count, percent: 100 });
    expect(job!.results.map((result) => result.receiptId)).toEqual(pending);
    expect(job!.counts).toEqual({ contabilizado: count });
    expect(job!.results[0]).toMatchObject({ kind: "contabilizado", label: "Contabilizado" });
    expect(job!.results[0].number).toMatch(/^2025-\d{6}$/);
    // Two batches, two result documents: the run's own document does not grow with the month.
    expect(await BookingJobBatch.countDocuments({ jobId: new Types.ObjectId(jobId) })).toBe(2);
    expect(await pendingReceipts(FERRETERIA.id, MONTH)).toEqual([]);
    // Another organization does not see the run.
    expect(await loadBookingJob("CR:3102654321", jobId)).toBeNull();
  });
});
