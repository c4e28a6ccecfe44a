import fc from "fast-check";
import { strToU8 } from "fflate";
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { centsToAmount, cents } from "../../app/domain/money";
import { shiftMonth } from "../../app/domain/calendar";
import { bookMonth } from "../../app/services/booking/booking.server";
import { recomputeBoardRow, verifyBoard } from "../../app/services/board/board-verify.server";
import { loadBoard } from "../../app/services/board/board.server";
import { createAndPost, deleteDraft, getEntry, reverse } from "../../app/services/ledger/ledger.server";
import { answerReceipt } from "../../app/services/receipts/receipt-answer.server";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { loadMonthView } from "../../app/services/receipts/receipts.server";
import { loadVatPage } from "../../app/services/vat/vat-page.server";
import { rectifyVat, reverseSettlement, settleVat } from "../../app/services/vat/vat-settlement.server";
import type { BoardRow } from "../../app/domain/board/row";
import { nextPartialPayment } from "../../app/domain/board/partial-payments";
import { prepareData } from "../../app/boot/prepare-data.server";
import { incomeTaxReport } from "../../app/services/income-tax/income-tax.server";
import { computeMonthFigures } from "../../app/services/board/month-figures.server";
import {
  currentKeptFigures,
  rebuildBoardSummaries,
  summaryDifferences,
} from "../../app/services/board/month-summaries.server";
import { setProrrata } from "../../app/services/vat/vat-return.server";
import { changeCatalog } from "../../app/services/catalog/catalog.server";
import { createDraft } from "../../app/services/invoicing/drafts.server";
import { issueInvoice } from "../../app/services/invoicing/issue-invoice.server";
import {
  computeBoardBalances,
  computeBoardIva,
  currentKeptBalances,
  currentKeptIva,
} from "../../app/services/board/month-summaries.server";
import {
  HaciendaSubmission,
  insertSubmission,
  requeueSubmission,
  updateLeasedSubmission,
} from "../../models/hacienda-submission";
import { findIssuerSettings } from "../../models/issuer-settings";
import { configureDemoIssuer } from "../../scripts/seed-demo-issuer";
import { createTestUser } from "../support/users";
import { facturaForm } from "../support/invoice-form";
import { ensureOrganization, setTaxpayerKind } from "../../models/organization";
import { ReceiptBooking } from "../../models/receipt-booking";
import { addHaciendaAnswer, findReceipt, Receipt, type ReceiptRecord } from "../../models/receipt";
import { BUSINESS_PARTIES, generateComprobante } from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

// The board against a recomputation from the documents, and against each client's own screens (the
// month view's counts, the IVA page's declaration), after random sequences of the events that change
// it: imports (also late ones into a declared month), booking runs, receptor answers, postings to 70
// and to cash, the IVA settlement, its rectification and reversal, documents Hacienda rejected (on
// the sending queue and as its answer to a received document), sendings that failed and were queued
// again, invoices issued here and a new IVA prorrata.

const MONTH = "2025-10";
const PREVIOUS = "2025-09";
const actor = { by: String(new Types.ObjectId()) };
let environment: AppEnvironment;
let run = 0;

type Event =
  | { kind: "import"; org: number; direction: "issued" | "received"; day: number; supplier: number; previous: boolean }
  | { kind: "book"; org: number }
  | { kind: "unbook"; org: number; pick: number }
  | { kind: "answer"; org: number; pick: number }
  | { kind: "post"; org: number; account: "70-01-01-00-00" | "10-01-01-01-00"; amount: number; debit: boolean }
  | { kind: "settle"; org: number }
  | { kind: "rectify"; org: number }
  | { kind: "reverse"; org: number }
  | { kind: "queue"; org: number; pick: number; state: "rechazado" | "error" }
  | { kind: "requeue"; org: number; pick: number }
  | { kind: "rejected"; org: number; pick: number; previous: boolean }
  | { kind: "invoice"; org: number }
  | { kind: "prorrata"; org: number; basisPoints: number };

const org = fc.integer({ min: 0, max: 1 });
const eventArbitrary: fc.Arbitrary<Event> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("import" as const),
      org,
      direction: fc.constantFrom("issued" as const, "received" as const),
      day: fc.integer({ min: 1, max: 28 }),
      supplier: fc.integer({ min: 0, max: BUSINESS_PARTIES.length - 1 }),
      previous: fc.integer({ min: 0, max: 2 }).map((pick) => pick === 0),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant("book" as const), org }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("unbook" as const), org, pick: fc.nat(50) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("answer" as const), org, pick: fc.nat(50) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant("post" as const),
      org,
      account: fc.constantFrom("70-01-01-00-00" as const, "10-01-01-01-00" as const),
      amount: fc.integer({ min: 1, max: 5_000_000 }),
      debit: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("settle" as const), org }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("rectify" as const), org }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("reverse" as const), org }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("queue" as const),
      org,
      pick: fc.nat(50),
      state: fc.constantFrom("rechazado" as const, "error" as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("requeue" as const), org, pick: fc.nat(50) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("rejected" as const),
      org,
      pick: fc.nat(50),
      previous: fc.boolean(),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("invoice" as const), org }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("prorrata" as const),
      org,
      basisPoints: fc.integer({ min: 1_000, max: 10_000 }),
    }),
    weight: 1,
  },
);

/** Queues the receipt's comprobante as the app does, then writes what the sending worker says of it. */
async function queueAndAnswer(
  organizationId: string,
  receipt: ReceiptRecord,
  state: "rechazado" | "error",
  owner: string,
) {
  const submission = { organizationId, receiptId: String(receipt._id), document: "comprobante" as const };
  await insertSubmission({ ...submission, clave: receipt.clave });
  const held = await HaciendaSubmission.findOneAndUpdate(
    submission,
    { $set: { lease: { owner, until: new Date(Date.now() + 60_000) } } },
    { projection: { _id: 1 } },
  ).lean<{ _id: Types.ObjectId }>();
  expect(await updateLeasedSubmission(held!._id, owner, { set: { state }, unset: ["lease"] })).toBe(true);
}

let issuerAuthor: string | null = null;

/** The organization ready to issue invoices (the demo issuer's settings), once. */
async function readyToIssue(organizationId: string): Promise<string> {
  issuerAuthor ??= (await createTestUser({ persona: "admin" })).id;
  if (!(await findIssuerSettings(organizationId))) await configureDemoIssuer({ organizationId, userId: issuerAuthor });
  return issuerAuthor;
}

function organizationsOf(runNumber: number) {
  return [0, 1].map((index) => {
    const cedula = `31019${String(runNumber).padStart(2, "0")}${String(index).padStart(3, "0")}`;
    return { id: `CR:${cedula}`, cedula, name: `Cliente ${runNumber}-${index}` };
  });
}

async function apply(event: Event, organizations: ReturnType<typeof organizationsOf>, step: number) {
  const organization = organizations[event.org];
  const receiptsOf = () =>
    Receipt.find({ organizationId: organization.id, month: MONTH }).sort({ _id: 1 }).lean<ReceiptRecord[]>();
  switch (event.kind) {
    case "import": {
      const self = { nombre: organization.name, identificacion: { tipo: "02" as const, numero: organization.cedula } };
      const other = BUSINESS_PARTIES[event.supplier];
      const document = generateComprobante({
        kind: "FE",
        version: "4.4",
        currency: "CRC",
        seed: `board-${run}-${step}`,
        date: `${event.previous ? PREVIOUS : MONTH}-${String(event.day).padStart(2, "0")}`,
        emisor: event.direction === "issued" ? self : other,
        receptor: event.direction === "issued" ? other : self,
      });
      await importFiles([{ name: document.fileName, bytes: strToU8(document.xml) }], organization);
      return;
    }
    case "book":
      await bookMonth(organization.id, MONTH, actor);
      return;
    case "unbook": {
      // The entry of a booked receipt reversed (posted) or deleted (draft): the receipt is free again.
      // With nothing booked yet, the month is booked first (else the event would rarely find a link),
      // and the board read, so that the unbooking meets a kept summary.
      const linksOf = () => ReceiptBooking.find({ organizationId: organization.id }).sort({ _id: 1 }).lean();
      let links = await linksOf();
      if (links.length === 0) {
        await bookMonth(organization.id, MONTH, actor);
        await loadBoard(organizations, MONTH);
        links = await linksOf();
      }
      if (links.length === 0) return;
      const entryId = String(links[event.pick % links.length].entryId);
      const entry = await getEntry(organization.id, entryId);
      const outcome =
        entry?.status === "borrador"
          ? await deleteDraft(organization.id, entryId)
          : await reverse(organization.id, entryId, { ...actor, date: `${MONTH}-28` });
      expect(outcome.ok).toBe(true);
      return "unbook";
    }
    case "answer": {
      // A document Hacienda rejected is not answered («rejected» events). One answer in three is for a
      // document of the declared month, and one in two credits its IVA by the prorrata (condición 05),
      // so that a later prorrata changes that month's return.
      const month = event.pick % 3 === 0 ? PREVIOUS : MONTH;
      const received = (
        await Receipt.find({ organizationId: organization.id, month }).sort({ _id: 1 }).lean<ReceiptRecord[]>()
      ).filter((r) => r.direction === "received" && !r.receptorMessage && r.hacienda?.estado !== "rechazado");
      if (received.length === 0) return;
      const stored = await findReceipt(organization.id, String(received[event.pick % received.length]._id));
      const answered = await answerReceipt(
        organization,
        stored!,
        { mensaje: "1", condicionImpuesto: event.pick % 2 === 0 ? "01" : "05", detalleMensaje: "" },
        actor.by,
      );
      expect(answered.ok).toBe(true);
      return "answer";
    }
    case "post": {
      const amount = centsToAmount(cents(BigInt(event.amount)));
      const [first, second] = event.debit
        ? [{ debit: amount }, { credit: amount }]
        : [{ credit: amount }, { debit: amount }];
      await createAndPost(
        organization.id,
        {
          date: `${MONTH}-15`,
          description: "Movimiento de prueba",
          lines: [
            { account: event.account, ...first },
            { account: "30-01-01-00-00", ...second },
          ],
        },
        actor,
      );
      return;
    }
    case "settle":
    case "rectify": {
      // The IVA page's own choices: confirm a month not ended, adjust the IVA accounts to the return.
      // A month without documents has no IVA to settle: one is issued in it first, so that settlements
      // (and the later events that put them out of date) happen often enough.
      if (event.kind === "settle" && !(await Receipt.exists({ organizationId: organization.id, month: PREVIOUS })))
        await apply(
          { kind: "import", org: event.org, direction: "issued", day: 5, supplier: step % 3, previous: true },
          organizations,
          step + 1_000,
        );
      const adjustmentAccount = (await getDefaultAccounts(organization.id)).ivaNonCreditableExpense;
      const settle = event.kind === "settle" ? settleVat : rectifyVat;
      await settle(organization.id, PREVIOUS, actor, { confirmEarly: true, adjustmentAccount });
      return;
    }
    case "reverse":
      await reverseSettlement(organization.id, PREVIOUS, actor);
      return;
    case "queue": {
      // Queued as the app queues a document, then the sending worker's own write of what Hacienda said.
      const receipts = await receiptsOf();
      if (receipts.length === 0) return;
      const receipt = receipts[event.pick % receipts.length];
      await queueAndAnswer(organization.id, receipt, event.state, `board-test-${run}-${step}`);
      return "queue";
    }
    case "requeue": {
      // «Reintentar» on a failed sending; with none failed yet, one fails first (and the board is read).
      const failedOf = () =>
        HaciendaSubmission.find({ organizationId: organization.id, state: "error" }).sort({ _id: 1 }).lean();
      let failed = await failedOf();
      if (failed.length === 0) {
        const free = [];
        for (const receipt of await receiptsOf())
          if (!(await HaciendaSubmission.exists({ organizationId: organization.id, receiptId: String(receipt._id) })))
            free.push(receipt);
        if (free.length === 0) return;
        await queueAndAnswer(organization.id, free[event.pick % free.length], "error", `board-test-${run}-${step}`);
        await loadBoard(organizations, MONTH);
        failed = await failedOf();
      }
      const submission = failed[event.pick % failed.length];
      const requeued = await requeueSubmission(organization.id, submission.receiptId, submission.document, {
        at: new Date(),
        step: "reintento",
        message: "Reintento pedido por la prueba",
      });
      expect(requeued).toBe(true);
      return "requeue";
    }
    case "rejected": {
      // Hacienda's answer to a received document: rejected, it leaves its month's IVA return.
      const month = event.previous ? PREVIOUS : MONTH;
      const received = await Receipt.find({
        organizationId: organization.id,
        month,
        direction: "received",
        hacienda: { $exists: false },
      })
        .sort({ _id: 1 })
        .lean<ReceiptRecord[]>();
      if (received.length === 0) return;
      const receipt = received[event.pick % received.length];
      const xml = `<MensajeHacienda><Clave>${receipt.clave}</Clave><EstadoMensaje>rechazado</EstadoMensaje></MensajeHacienda>`;
      const outcome = await addHaciendaAnswer(organization.id, receipt.clave, {
        estado: "rechazado",
        mensaje: "3",
        detalle: "Rechazado por la prueba",
        xml: Buffer.from(xml),
        xmlSha256: `${run}-${step}`.padEnd(64, "0"),
        fileName: `${receipt.clave}_respuesta.xml`,
        receivedAt: new Date(),
      });
      expect(outcome).toBe("attached");
      return "rejected";
    }
    case "invoice": {
      // An invoice issued here: stored as an issued receipt through the importer's own insert.
      const author = await readyToIssue(organization.id);
      const draft = await createDraft(organization.id, author, facturaForm({ hammers: 1 + (step % 3), rice: 2 }));
      if (!draft.ok) throw new Error(draft.refusals.map((refusal) => refusal.message).join(" "));
      const issued = await issueInvoice(organization.id, draft.draft.id, author, {
        organizationCedula: organization.cedula,
      });
      expect(issued.ok).toBe(true);
      return "invoice";
    }
    case "prorrata":
      await setProrrata(organization.id, 2025, BigInt(event.basisPoints), actor.by);
      return "prorrata";
  }
}

/**
 * What the board would show without recomputing (each organization's kept summary that is current)
 * against the same figures recomputed from the documents now: a write that changes a figure without
 * renewing its organization's board token leaves a current summary that differs.
 */
async function expectKeptSummariesCurrent(organizations: ReadonlyArray<{ id: string }>) {
  const ids = organizations.map((organization) => organization.id);
  const kept = await currentKeptFigures(ids, MONTH);
  const recomputed = await computeMonthFigures(ids, MONTH);
  const differences = [...kept].flatMap(([id, figures]) => summaryDifferences(id, MONTH, figures, recomputed.get(id)!));
  expect(differences).toEqual([]);
  // The balances kept under the ledger's year tokens against the period balances read now.
  const keptBalances = await currentKeptBalances(ids, MONTH);
  const balances = await computeBoardBalances(ids, MONTH);
  for (const [id, list] of keptBalances) expect(list, id).toEqual(balances.get(id));
  // The previous month's IVA state kept under its months' tokens against the IVA page's comparison now.
  const keptIva = await currentKeptIva(ids, MONTH);
  const iva = await computeBoardIva(ids, MONTH);
  for (const [id, state] of keptIva) expect(state, id).toEqual(iva.get(id));
  return kept.size + keptBalances.size + keptIva.size;
}

type Organization = ReturnType<typeof organizationsOf>[number];

/** What the client's own screens show for the board's figures: the month view's tabs, the IVA page's declaration. */
async function screensOf(organization: Organization, month = MONTH, now = new Date()) {
  const count = async (tab: "recibidos" | "emitidos") =>
    (await loadMonthView(organization, { month, tab, q: "", page: 1 })).count;
  const vat = await loadVatPage(organization.id, shiftMonth(month, -1), null);
  const year = Number(month.slice(0, 4));
  return {
    received: await count("recibidos"),
    issued: await count("emitidos"),
    ivaState: !vat.declaration ? "sin-declarar" : vat.declaration.stale ? "desactualizado" : "declarado",
    partialPayment: nextPartialPayment(year, (await incomeTaxReport(organization.id, year, now)).schedule),
  };
}

const boardFigures = (row: BoardRow) => ({
  received: row.received,
  issued: row.issued,
  ivaState: row.iva.state,
  partialPayment: row.partialPayment,
});

beforeAll(async () => {
  environment = await startAppEnvironment();
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("the practice board", () => {
  it("equals a recomputation from the documents after random events", async () => {
    let sawFigures = 0;
    let keptChecked = 0;
    const effectiveKinds = new Set<string>();
    const ivaStates = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(eventArbitrary, { minLength: 10, maxLength: 30 }), async (events) => {
        run += 1;
        const organizations = organizationsOf(run);
        for (const organization of organizations)
          await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
        for (const [step, event] of events.entries()) {
          const effective = await apply(event, organizations, step);
          if (effective) effectiveKinds.add(effective);
          keptChecked += await expectKeptSummariesCurrent(organizations);
          // The board after every event (it keeps the summaries it recomputes), against the touched
          // client's own screens.
          const rows = await loadBoard(organizations, MONTH);
          expect(boardFigures(rows[event.org]), rows[event.org].name).toEqual(
            await screensOf(organizations[event.org]),
          );
          ivaStates.add(rows[event.org].iva.state);
        }
        const differences = await verifyBoard(organizations, MONTH);
        expect(differences).toEqual([]);
        const rows = await loadBoard(organizations, MONTH);
        for (const [index, row] of rows.entries()) {
          expect(boardFigures(row), row.name).toEqual(await screensOf(organizations[index]));
          ivaStates.add(row.iva.state);
        }
        if (rows.some((row) => row.received + row.issued > 0 || row.unclassified !== "0")) sawFigures += 1;
      }),
      { numRuns: 12, seed: 2026, endOnFailure: true },
    );
    expect(sawFigures).toBeGreaterThan(0);
    // Kept summaries were in place when the next events came, so each write site was put to the test.
    expect(keptChecked).toBeGreaterThan(100);
    // Each kind of write met a kept summary: answers, queue states, requeues, Hacienda's rejections,
    // issued invoices, prorratas and unbookings did happen.
    expect([...effectiveKinds].sort()).toEqual([
      "answer",
      "invoice",
      "prorrata",
      "queue",
      "rejected",
      "requeue",
      "unbook",
    ]);
    // The sequences reached every state the IVA page can show (each compared with the page as it came).
    expect([...ivaStates].sort()).toEqual(["declarado", "desactualizado", "sin-declarar"]);
  }, 600_000);

  it("rebuilds every kept summary and reports one a write left current without renewing its token", async () => {
    const [organization] = organizationsOf(93);
    await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
    run = 93;
    const imports: Event[] = [
      { kind: "import", org: 0, direction: "received", day: 3, supplier: 0, previous: false },
      { kind: "import", org: 0, direction: "received", day: 9, supplier: 1, previous: false },
    ];
    for (const [step, event] of imports.entries()) await apply(event, [organization], step);
    const [before] = await loadBoard([organization], MONTH);
    expect(before.pendingAnswers).toBe(2);

    const clean = await rebuildBoardSummaries();
    expect(clean.differences).toEqual([]);
    expect(clean.compared).toBeGreaterThan(0);

    // An answer recorded behind the service's back: the figure changes, the token does not.
    const later = await Receipt.findOne({ organizationId: organization.id, month: MONTH, direction: "received" })
      .sort({ fechaEmision: -1 })
      .lean<ReceiptRecord>();
    await Receipt.updateOne(
      { _id: later!._id },
      { $set: { receptorMessage: { mensaje: "1", recordedBy: new Types.ObjectId(), recordedAt: new Date() } } },
    );
    const found = await rebuildBoardSummaries();
    expect(found.differences).toEqual([
      { organizationId: organization.id, month: MONTH, field: "pendingAnswers", kept: "2", recomputed: "1" },
    ]);
    // The rebuild stored the recomputation: the board shows it, and a second rebuild finds nothing.
    const [after] = await loadBoard([organization], MONTH);
    expect(after.pendingAnswers).toBe(1);
    expect((await rebuildBoardSummaries()).differences).toEqual([]);
  }, 120_000);

  it("shows the figures of a known month", async () => {
    const [organization] = organizationsOf(90);
    await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
    const events: Event[] = [
      { kind: "import", org: 0, direction: "received", day: 3, supplier: 0, previous: false },
      { kind: "import", org: 0, direction: "received", day: 6, supplier: 1, previous: false },
      { kind: "import", org: 0, direction: "issued", day: 7, supplier: 2, previous: false },
      { kind: "post", org: 0, account: "70-01-01-00-00", amount: 12_345, debit: true },
      { kind: "post", org: 0, account: "10-01-01-01-00", amount: 500, debit: false },
      { kind: "queue", org: 0, pick: 2, state: "rechazado" },
    ];
    run = 90;
    for (const [step, event] of events.entries()) await apply(event, [organization], step);
    const [row] = await loadBoard([organization], MONTH);
    expect(row).toMatchObject({
      received: 2,
      issued: 1,
      notBooked: 3,
      pendingAnswers: 2,
      nearestAnswerDeadline: "2025-11-12",
      unclassified: "12345",
      rejected: 1,
      stuck: 0,
      iva: { month: PREVIOUS, state: "sin-declarar", amount: null, dueDate: "2025-10-15" },
    });
    expect(row.checks.unclassified).toBe(1);
    expect(row.checks.negativeCash).toBe(1);
    expect(await recomputeBoardRow(organization, MONTH)).toEqual(row);
  }, 120_000);

  it("reads the balances of an account the client added to its chart under banks, and keeps them until a post", async () => {
    const [organization] = organizationsOf(95);
    await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
    const bank = "10-01-01-03-42";
    expect(
      await changeCatalog(organization.id, {
        kind: "add",
        parent: "10-01-01-03-00",
        code: bank,
        label: "Banco propio",
      }),
    ).toEqual({ code: bank });
    const post = (amount: bigint) =>
      createAndPost(
        organization.id,
        {
          date: `${MONTH}-10`,
          description: "Pago desde el banco propio",
          lines: [
            { account: "60-02-08-00-00", debit: centsToAmount(cents(amount)) },
            { account: bank, credit: centsToAmount(cents(amount)) },
          ],
        },
        actor,
      );
    expect((await post(75_000n)).ok).toBe(true);
    const [first] = await loadBoard([organization], MONTH);
    expect(first.checks.negativeCash).toBe(1);
    expect(await currentKeptBalances([organization.id], MONTH)).toEqual(
      new Map([[organization.id, [{ account: bank, balance: -75_000n }]]]),
    );
    expect(await recomputeBoardRow(organization, MONTH)).toEqual(first);
    // A post renews the year's ledger token: the next board reads the balances again.
    expect((await post(5_000n)).ok).toBe(true);
    expect(await currentKeptBalances([organization.id], MONTH)).toEqual(new Map());
    const [second] = await loadBoard([organization], MONTH);
    expect(await currentKeptBalances([organization.id], MONTH)).toEqual(
      new Map([[organization.id, [{ account: bank, balance: -80_000n }]]]),
    );
    expect(await recomputeBoardRow(organization, MONTH)).toEqual(second);
  }, 120_000);

  it("says what the IVA page says: declared, out of date after a late document, declared again after «Rectificar»", async () => {
    const [organization] = organizationsOf(91);
    await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
    run = 91;
    const late: Event = { kind: "import", org: 0, direction: "issued", day: 20, supplier: 1, previous: true };
    const states: string[] = [];
    const step = async (event: Event, index: number) => {
      await apply(event, [organization], index);
      const [row] = await loadBoard([organization], MONTH);
      expect(boardFigures(row)).toEqual(await screensOf(organization));
      states.push(row.iva.state);
      return row;
    };
    await step({ kind: "import", org: 0, direction: "issued", day: 5, supplier: 0, previous: true }, 0);
    const declared = await step({ kind: "settle", org: 0 }, 1);
    expect(declared.iva.amount).not.toBeNull();
    await step(late, 2);
    await step({ kind: "rectify", org: 0 }, 3);
    await step({ kind: "reverse", org: 0 }, 4);
    expect(states).toEqual(["sin-declarar", "declarado", "desactualizado", "declarado", "sin-declarar"]);
  }, 120_000);

  it("keeps the IVA state while nothing it reads changes, and follows a new prorrata and Hacienda's rejection", async () => {
    const [organization] = organizationsOf(94);
    await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
    run = 94;
    const states: string[] = [];
    const step = async (event: Event, index: number) => {
      await apply(event, [organization], index);
      const [row] = await loadBoard([organization], MONTH);
      expect(boardFigures(row)).toEqual(await screensOf(organization));
      await expectKeptSummariesCurrent([organization]);
      states.push(row.iva.state);
    };
    // A purchase of the declared month whose IVA is credited by the prorrata (answer in that month, condición 05).
    await step({ kind: "import", org: 0, direction: "received", day: 3, supplier: 0, previous: true }, 0);
    await step({ kind: "answer", org: 0, pick: 3 }, 1);
    await step({ kind: "settle", org: 0 }, 2);
    await step({ kind: "prorrata", org: 0, basisPoints: 5_000 }, 3);
    await step({ kind: "rectify", org: 0 }, 4);
    await step({ kind: "rejected", org: 0, pick: 0, previous: true }, 5);
    expect(states).toEqual([
      "sin-declarar",
      "sin-declarar",
      "declarado",
      "desactualizado",
      "declarado",
      "desactualizado",
    ]);
  }, 120_000);

  it("shows the next pago parcial as the income-tax page computes it", async () => {
    await prepareData({ log: () => undefined });
    const [organization] = organizationsOf(92);
    await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
    const now = new Date("2026-10-15T18:00:00Z");
    const post = (date: string, lines: Array<{ account: string; debit?: bigint; credit?: bigint }>) =>
      createAndPost(
        organization.id,
        {
          date,
          description: "Movimiento de prueba",
          lines: lines.map((line) => ({
            account: line.account,
            ...(line.debit ? { debit: centsToAmount(cents(line.debit)) } : {}),
            ...(line.credit ? { credit: centsToAmount(cents(line.credit)) } : {}),
          })),
        },
        { ...actor, now },
      );
    // 2025's sales give 2026 its cuotas; one payment in June 2026 covers part of them.
    const sales = await post("2025-06-10", [
      { account: "10-01-01-01-00", debit: 900_000_000n },
      { account: "40-01-01-01-00", credit: 900_000_000n },
    ]);
    const payment = await post("2026-06-29", [
      { account: "10-01-03-03-00", debit: 1_000_000n },
      { account: "10-01-01-01-00", credit: 1_000_000n },
    ]);
    expect([sales, payment].map((outcome) => (outcome.ok ? [] : outcome.refusals))).toEqual([[], []]);
    const [row] = await loadBoard([organization], "2026-10", now);
    expect(row.partialPayment).toMatchObject({ kind: "cuota", year: 2026, state: "vencida" });
    expect(boardFigures(row)).toEqual(await screensOf(organization, "2026-10", now));
    expect(await recomputeBoardRow(organization, "2026-10", now)).toEqual(row);

    // The board keeps each schedule while nothing it is computed from changes: a second payment, a
    // sale in the year the cuotas come from and another taxpayer kind each show on the next load.
    const changes = [
      () =>
        post("2026-07-15", [
          { account: "10-01-03-03-00", debit: 60_000_000n },
          { account: "10-01-01-01-00", credit: 60_000_000n },
        ]),
      () =>
        post("2025-08-10", [
          { account: "10-01-01-01-00", debit: 300_000_000n },
          { account: "40-01-01-01-00", credit: 300_000_000n },
        ]),
      () => setTaxpayerKind(organization.id, "persona-fisica", "test"),
    ];
    const seen = [row.partialPayment];
    for (const change of changes) {
      await change();
      const [again] = await loadBoard([organization], "2026-10", now);
      expect(boardFigures(again)).toEqual(await screensOf(organization, "2026-10", now));
      seen.push(again.partialPayment);
    }
    expect(new Set(seen.map((payment) => JSON.stringify(payment))).size).toBe(seen.length);
    await setTaxpayerKind(organization.id, "persona-juridica", "test");

    // 2025's cuotas come from 2024, which moved and has no table: the page says so, and so does the board.
    const [before] = await loadBoard([organization], "2025-10", now);
    await post("2024-03-10", [
      { account: "10-01-01-01-00", debit: 500_000_000n },
      { account: "40-01-01-01-00", credit: 500_000_000n },
    ]);
    const [after] = await loadBoard([organization], "2025-10", now);
    expect([before.partialPayment.kind, after.partialPayment.kind]).toEqual(["none", "no-table"]);
    expect(boardFigures(after)).toEqual(await screensOf(organization, "2025-10", now));
  }, 120_000);
});
