import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consecutiveCounters } from "../../app/services/issuer/consecutive.server";
import { ANSWERED_MEANWHILE_MESSAGE, answerReceipt } from "../../app/services/receipts/receipt-answer.server";
import { HaciendaSubmission } from "../../models/hacienda-submission";
import { ensureOrganization } from "../../models/organization";
import { findReceipt, insertReceipts } from "../../models/receipt";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, receivedReceiptRecord } from "../integration/receipts-fixtures";

/**
 * Issue 25, finding 6: 25 concurrent answers to one receipt recorded one answer but moved the
 * MensajeReceptor counter from 0 to 25, because the number was taken before the transaction that
 * stores the answer. It is taken inside it now (decision 162): the losers roll their number back.
 */
let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
});

afterAll(async () => {
  await environment?.close();
});

const nextAcceptance = async () =>
  (await consecutiveCounters(FERRETERIA.id)).find((counter) => counter.series === "MR-05")!.next;

describe("receptor answers take their number inside their transaction (issue 25, finding 6)", () => {
  it("records one of 25 concurrent answers and moves the series by exactly one", async () => {
    const id = String(new Types.ObjectId());
    await insertReceipts([receivedReceiptRecord(id)]);
    const receipt = (await findReceipt(FERRETERIA.id, id))!;
    expect(await nextAcceptance()).toBe(1);

    const outcomes = await Promise.all(
      Array.from({ length: 25 }, () =>
        answerReceipt(
          FERRETERIA,
          receipt,
          { mensaje: "1", condicionImpuesto: "01", detalleMensaje: "" },
          String(new Types.ObjectId()),
        ),
      ),
    );

    const accepted = outcomes.filter((outcome) => outcome.ok);
    expect(accepted).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => !candidate.ok))
      expect(outcome).toEqual({ ok: false, refusals: [{ message: ANSWERED_MEANWHILE_MESSAGE, kind: "conflict" }] });
    expect(await nextAcceptance()).toBe(2);
    const stored = await findReceipt(FERRETERIA.id, id);
    expect(stored?.receptorMessage?.consecutivo).toMatch(/^\d{8}05\d{10}$/);
    expect(stored?.receptorMessage?.consecutivo.endsWith("0000000001")).toBe(true);
    expect(await HaciendaSubmission.countDocuments({ receiptId: id })).toBe(1);
  });
});
