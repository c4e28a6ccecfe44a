import { strToU8 } from "fflate";
import { Types } from "mongoose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { BoardRow } from "../../app/domain/board/row";
import { centsToAmount, cents } from "../../app/domain/money";
import { prepareData } from "../../app/boot/prepare-data.server";
import { backgroundBuildsSettled } from "../../app/services/board/board-builds.server";
import { verifyBoard } from "../../app/services/board/board-verify.server";
import { loadBoard } from "../../app/services/board/board.server";
import * as incomeTax from "../../app/services/income-tax/income-tax.server";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import { boardBuildKey, claimBoardBuild, releaseBoardBuild } from "../../models/board-build";
import { BoardMonthSummary } from "../../models/board-month-summary";
import { BoardPartialPaymentInputs } from "../../models/board-partial-payment-inputs";
import { ensureOrganization } from "../../models/organization";
import { BUSINESS_PARTIES, generateComprobante } from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

// The board with nothing kept (after a deploy that changed the summary's format, or a database
// restored from a backup): a request builds a few clients and answers, the rest are built once each in
// the background, and the board they leave equals a recomputation (decision 311). Each client's
// pago-parcial inputs are kept in the database, so a new process computes none (decision 312).
vi.mock("../../app/services/income-tax/income-tax.server", async (importOriginal) => {
  const real = await importOriginal<typeof incomeTax>();
  return { ...real, partialPaymentInputsOf: vi.fn(real.partialPaymentInputsOf) };
});

const MONTH = "2026-10";
const actor = { by: String(new Types.ObjectId()) };
const organizations = Array.from({ length: 5 }, (_, index) => {
  const cedula = `31019940${String(index).padStart(2, "0")}`;
  return { id: `CR:${cedula}`, cedula, name: `Cliente en frío ${index}` };
});
const ids = organizations.map((organization) => organization.id);
let environment: AppEnvironment;
let reference: BoardRow[];

const computedInputs = () => vi.mocked(incomeTax.partialPaymentInputsOf).mock.calls.length;
const computedFor = (id: string) =>
  vi.mocked(incomeTax.partialPaymentInputsOf).mock.calls.filter(([organizationId]) => organizationId === id).length;
const pendingOf = (rows: BoardRow[]) => rows.filter((row) => row.calculation === "pending").map((row) => row.name);

async function forgetEverything() {
  await BoardMonthSummary.deleteMany({});
  await BoardPartialPaymentInputs.deleteMany({});
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await prepareData({ log: () => undefined });
  for (const [index, organization] of organizations.entries()) {
    await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
    // Last year's sales give this year its pagos parciales; the month has receipts and 70 moves.
    const amount = (value: bigint) => centsToAmount(cents(value));
    for (const [date, debit, credit, value] of [
      ["2025-06-10", "10-01-01-01-00", "40-01-01-01-00", 900_000_000n * BigInt(index + 1)],
      [`${MONTH}-12`, "70-01-01-00-00", "10-01-01-01-00", 1_500_00n],
    ] as const) {
      const posted = await createAndPost(
        organization.id,
        {
          date,
          description: "Movimiento de prueba",
          lines: [
            { account: debit, debit: amount(value) },
            { account: credit, credit: amount(value) },
          ],
        },
        actor,
      );
      expect(posted.ok).toBe(true);
    }
    const self = { nombre: organization.name, identificacion: { tipo: "02" as const, numero: organization.cedula } };
    const files = [0, 1, 2].map((receipt) => {
      const document = generateComprobante({
        kind: "FE",
        version: "4.4",
        currency: "CRC",
        seed: `board-cold-${index}-${receipt}`,
        date: `${MONTH}-${String(receipt + 3).padStart(2, "0")}`,
        emisor: BUSINESS_PARTIES[receipt % BUSINESS_PARTIES.length],
        receptor: self,
      });
      return { name: document.fileName, bytes: strToU8(document.xml) };
    });
    await importFiles(files, organization);
  }
  reference = await loadBoard(organizations, MONTH);
}, 180_000);

afterAll(async () => {
  await environment?.close();
});

beforeEach(async () => {
  await backgroundBuildsSettled();
  await forgetEverything();
  vi.mocked(incomeTax.partialPaymentInputsOf).mockClear();
});

describe("the board with nothing kept", () => {
  it("answers after building a few clients, builds the rest once in the background, and then equals a recomputation", async () => {
    const first = await loadBoard(organizations, MONTH, new Date(), { clients: 2 });
    // Only the two built within the request: the background has not computed anything yet.
    expect(computedInputs()).toBe(2);
    expect(pendingOf(first)).toHaveLength(3);
    for (const row of first.filter((shown) => shown.calculation === "done"))
      expect(row).toEqual(reference.find((expected) => expected.organizationId === row.organizationId));

    await backgroundBuildsSettled();
    expect(ids.map(computedFor)).toEqual([1, 1, 1, 1, 1]);
    const after = await loadBoard(organizations, MONTH, new Date(), { clients: 0 });
    expect(pendingOf(after)).toEqual([]);
    expect(after).toEqual(reference);
    expect(await verifyBoard(organizations, MONTH)).toEqual([]);
    // Everything is kept: the next board computes nothing.
    await loadBoard(organizations, MONTH);
    expect(computedInputs()).toBe(5);
  }, 120_000);

  it("never builds a client twice at once: boards read together share the background's work", async () => {
    const boards = await Promise.all([1, 2, 3].map(() => loadBoard(organizations, MONTH, new Date(), { clients: 0 })));
    for (const rows of boards) expect(pendingOf(rows)).toHaveLength(5);
    await backgroundBuildsSettled();
    expect(ids.map(computedFor)).toEqual([1, 1, 1, 1, 1]);
    expect(await loadBoard(organizations, MONTH, new Date(), { clients: 0 })).toEqual(reference);
  }, 120_000);

  it("leaves to its holder a client another process is building, and builds it once the lease is gone", async () => {
    const key = boardBuildKey(ids[0], MONTH);
    expect(await claimBoardBuild(key, "otro-proceso", new Date(), 60_000)).toBe(true);
    const rows = await loadBoard(organizations, MONTH, new Date(), { clients: 5 });
    expect(pendingOf(rows)).toEqual([organizations[0].name]);
    await backgroundBuildsSettled();
    expect(computedFor(ids[0])).toBe(0);
    await releaseBoardBuild(key, "otro-proceso");
    expect(await loadBoard(organizations, MONTH, new Date(), { clients: 5 })).toEqual(reference);
    expect(computedFor(ids[0])).toBe(1);
  }, 120_000);

  it("shows a client whose build failed as such, logs it, and builds the others", async () => {
    const failing = ids[3];
    const real = vi.mocked(incomeTax.partialPaymentInputsOf).getMockImplementation()!;
    vi.mocked(incomeTax.partialPaymentInputsOf).mockImplementation((id, year, now) =>
      id === failing ? Promise.reject(new Error("lectura fallida de prueba")) : real(id, year, now),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(pendingOf(await loadBoard(organizations, MONTH, new Date(), { clients: 0 }))).toHaveLength(5);
      await backgroundBuildsSettled();
      const rows = await loadBoard(organizations, MONTH, new Date(), { clients: 0 });
      expect(rows.filter((row) => row.calculation === "failed").map((row) => row.organizationId)).toEqual([failing]);
      expect(rows.filter((row) => row.calculation === "done")).toEqual(
        reference.filter((row) => row.organizationId !== failing),
      );
      expect(logged.mock.calls.some(([line]) => String(line).includes(failing))).toBe(true);
      // Within a minute of its failure a request does not try it again (it would fail every refresh).
      const attempts = computedFor(failing);
      const again = await loadBoard(organizations, MONTH, new Date(), { clients: 5 });
      expect(again.find((row) => row.organizationId === failing)?.calculation).toBe("failed");
      await backgroundBuildsSettled();
      expect(computedFor(failing)).toBe(attempts);
    } finally {
      logged.mockRestore();
      vi.mocked(incomeTax.partialPaymentInputsOf).mockImplementation(real);
    }
    // Without a budget (the verification) it is built, the failure forgotten.
    expect(await loadBoard(organizations, MONTH)).toEqual(reference);
  }, 120_000);
});

describe("the pago-parcial inputs kept in the database", () => {
  it("serve a new process without computing, are recomputed when their key moves, and the verification checks them", async () => {
    await loadBoard(organizations, MONTH);
    expect(computedInputs()).toBe(5);
    // A new process has no memory of its own: what it reads is the database.
    expect(await BoardPartialPaymentInputs.countDocuments({ _id: { $in: ids.map((id) => `${id}|2026`) } })).toBe(5);
    await loadBoard(organizations, MONTH);
    expect(computedInputs()).toBe(5);

    // A payment of the year moves the year's token: that client alone is computed again.
    const paid = await createAndPost(
      ids[1],
      {
        date: `${MONTH}-20`,
        description: "Pago parcial",
        lines: [
          { account: "10-01-03-03-00", debit: centsToAmount(cents(1_000_00n)) },
          { account: "10-01-01-01-00", credit: centsToAmount(cents(1_000_00n)) },
        ],
      },
      actor,
    );
    expect(paid.ok).toBe(true);
    reference = await loadBoard(organizations, MONTH);
    expect(ids.map(computedFor)).toEqual([1, 2, 1, 1, 1]);
    expect(await verifyBoard(organizations, MONTH)).toEqual([]);

    // Kept inputs that do not match what they are computed from show in the verification.
    await BoardPartialPaymentInputs.updateOne(
      { _id: `${ids[2]}|2026` },
      { $set: { "inputs.paidInYear": "999999999999999" } },
    );
    const differences = await verifyBoard(organizations, MONTH);
    expect(differences.map((difference) => difference.organizationId)).toContain(ids[2]);
    expect(differences.every((difference) => difference.field.startsWith("partialPayment"))).toBe(true);
  }, 120_000);
});
