import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RuleInput } from "../../app/domain/rules/form";
import { bookMonth } from "../../app/services/booking/booking.server";
import { getEntry } from "../../app/services/ledger/ledger.server";
import { answerReceipt } from "../../app/services/receipts/receipt-answer.server";
import { createRule } from "../../app/services/rules/rules.server";
import { HaciendaSubmission } from "../../models/hacienda-submission";
import { ensureOrganization } from "../../models/organization";
import { findReceipt, Receipt } from "../../models/receipt";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
} from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

const by = String(new Types.ObjectId());
let environment: AppEnvironment;
const MONTH = "2025-05";
const supplier = BUSINESS_PARTIES[4];

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
});

afterAll(async () => {
  await environment?.close();
});

const received = (kind: "FE" | "FEC", seed: string, day: string) =>
  generateComprobante({
    kind,
    version: "4.4",
    seed,
    ...(kind === "FE" ? { emisor: supplier, receptor: FERRETERIA_EL_CLAVO } : {}),
    date: `${MONTH}-${day}`,
    features: { exoneration: false, otrosCargos: false },
  });

async function receiptOf(clave: string) {
  const stored = await Receipt.findOne({ organizationId: FERRETERIA.id, clave }, { _id: 1 }).lean();
  return (await findReceipt(FERRETERIA.id, String(stored!._id)))!;
}

describe("a rule's automatic receptor answer", () => {
  it("accepts each booked receipt the rule matched, through the one answer path, and skips those already answered", async () => {
    const rule: RuleInput = {
      name: "Aceptar compras de un proveedor",
      mode: "all",
      conditions: [{ field: "emisorCedula", operator: "equals", value: supplier.identificacion!.numero }],
      action: {
        scope: "document",
        account: "60-02-08-00-00",
        ivaTreatment: "acreditable",
        post: true,
        autoAnswer: "04",
      },
    };
    const created = await createRule(FERRETERIA.id, { userId: by }, rule);
    expect(created.ok).toBe(true);

    const fresh = received("FE", "auto-answer-fresh", "06");
    const answered = received("FE", "auto-answer-answered", "07");
    const unmatched = received("FEC", "auto-answer-fec", "08");
    await importDocuments([fresh, answered, unmatched]);
    // Answered by a person before booking: the rule must not answer it again.
    const before = await answerReceipt(
      FERRETERIA,
      await receiptOf(answered.clave),
      { mensaje: "1", condicionImpuesto: "01", detalleMensaje: "" },
      by,
    );
    expect(before.ok).toBe(true);

    const results = await bookMonth(FERRETERIA.id, MONTH, { by });
    expect(results.every((result) => result.kind === "contabilizado")).toBe(true);

    const freshReceipt = await receiptOf(fresh.clave);
    expect(freshReceipt.receptorMessage).toMatchObject({
      mensaje: 1,
      condicionImpuesto: "04",
      recordedBy: new Types.ObjectId(by),
    });
    expect(freshReceipt.receptorMessage!.xml).toContain("<CondicionImpuesto>04</CondicionImpuesto>");
    const freshResult = results.find((result) => result.receiptId === String(freshReceipt._id))!;
    expect(freshResult.message).toBe(
      `Aceptado automáticamente por la regla (mensaje del receptor ${freshReceipt.receptorMessage!.consecutivo}).`,
    );
    // The entry follows the same condition: IVA 04 goes to the non-creditable expense, none to IVA crédito.
    const entry = await getEntry(FERRETERIA.id, freshResult.entryId!);
    expect(entry!.lines.some((line) => line.account.startsWith("10-01-03"))).toBe(false);
    // Queued for sending like every answer.
    expect(await HaciendaSubmission.countDocuments({ receiptId: String(freshReceipt._id) })).toBeGreaterThanOrEqual(1);

    const answeredReceipt = await receiptOf(answered.clave);
    expect(answeredReceipt.receptorMessage).toMatchObject({ mensaje: 1, condicionImpuesto: "01" });
    expect(results.find((result) => result.receiptId === String(answeredReceipt._id))!.message).toBeUndefined();

    // The FEC is the organization's own document (not matched, not answerable): no answer.
    expect((await receiptOf(unmatched.clave)).receptorMessage).toBeUndefined();
  });
});
