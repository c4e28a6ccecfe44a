import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "../../app/utils/db.server";
import { ensureOrganization, findOrganization, setOrganizationActive } from "../../models/organization";
import { findReceipt, insertReceipts, setReceptorMessage } from "../../models/receipt";
import { Sequence, currentSequenceValue, nextSequenceValue } from "../../models/sequence";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, receivedReceiptRecord } from "./receipts-fixtures";

const ORGANIZATION = "CR:3101555555";
let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORGANIZATION, name: "Transacciones S.A.", identificationType: "02" });
});

afterAll(async () => {
  await environment?.close();
});

describe("withTransaction", () => {
  it("commits every write made with its session together", async () => {
    const number = await withTransaction(async (session) => {
      await setOrganizationActive(ORGANIZATION, false, session);
      return nextSequenceValue(ORGANIZATION, "asientos", session);
    });
    expect(number).toBe(1);
    expect(await currentSequenceValue(ORGANIZATION, "asientos")).toBe(1);
    expect((await findOrganization(ORGANIZATION))!.active).toBe(false);
  });

  it("rolls every write back when the work throws, and re-throws the error", async () => {
    const failure = new Error("el asiento no cuadra");
    await expect(
      withTransaction(async (session) => {
        await setOrganizationActive(ORGANIZATION, true, session);
        await nextSequenceValue(ORGANIZATION, "asientos", session);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await currentSequenceValue(ORGANIZATION, "asientos")).toBe(1);
    expect((await findOrganization(ORGANIZATION))!.active).toBe(false);
  });

  it("runs the work again after a write conflict with another transaction", async () => {
    const other = await mongoose.connection.startSession();
    other.startTransaction();
    await Sequence.updateOne({ _id: `${ORGANIZATION}|asientos` }, { $inc: { value: 1 } }, { session: other });
    let attempts = 0;
    const number = await withTransaction(async (session) => {
      attempts++;
      try {
        return await nextSequenceValue(ORGANIZATION, "asientos", session);
      } finally {
        // The other transaction finishes while the first attempt fails on its write.
        if (attempts === 1) {
          await other.commitTransaction();
          await other.endSession();
        }
      }
    });
    expect(attempts).toBe(2);
    expect(number).toBe(3);
    expect(await currentSequenceValue(ORGANIZATION, "asientos")).toBe(3);
  });
});

describe("receipt writes join a transaction", () => {
  it("stores a receipt and its answer only when the transaction commits", async () => {
    const rolledBack = "65f0c0ffee00000000000a01";
    await expect(
      withTransaction(async (session) => {
        await insertReceipts([receivedReceiptRecord(rolledBack)], session);
        throw new Error("el asiento del comprobante no cuadra");
      }),
    ).rejects.toThrow("no cuadra");
    expect(await findReceipt(FERRETERIA.id, rolledBack)).toBeNull();

    const committed = "65f0c0ffee00000000000a02";
    await withTransaction(async (session) => {
      await insertReceipts([receivedReceiptRecord(committed)], session);
      const answered = await setReceptorMessage(
        FERRETERIA.id,
        committed,
        {
          mensaje: 1,
          condicionImpuesto: "01",
          totalFactura: 1000000n,
          consecutivo: "00100001050000000001",
          fechaEmisionDoc: "2026-10-31T10:00:00-06:00",
          xml: "<MensajeReceptor/>",
          recordedAt: new Date(),
          recordedBy: String(new mongoose.Types.ObjectId()),
        },
        session,
      );
      expect(answered).toBe(true);
    });
    expect((await findReceipt(FERRETERIA.id, committed))?.receptorMessage?.mensaje).toBe(1);
  });
});
