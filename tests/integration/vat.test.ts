import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAmount } from "../../app/domain/money";
import { bookMonth } from "../../app/services/booking/booking.server";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { verifyLedger } from "../../app/services/ledger/ledger.server";
import { answerReceipt } from "../../app/services/receipts/receipt-answer.server";
import { reconcileVat } from "../../app/services/vat/vat-reconciliation.server";
import { loadVatMonth, setProrrata } from "../../app/services/vat/vat-return.server";
import { reverseSettlement, settleVat, settlementOf } from "../../app/services/vat/vat-settlement.server";
import { Entry } from "../../models/entry";
import { ensureOrganization } from "../../models/organization";
import { findReceipt, Receipt } from "../../models/receipt";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  generateMensajeHacienda,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { demoReceiptDocuments } from "../../scripts/seed-demo-receipts";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import { strToU8 } from "fflate";
import ExcelJS from "exceljs";
import { formatIvaAmount } from "../../app/domain/iva";
import { vatPdf, vatXlsx } from "../../app/services/vat/vat-export.server";
import { readPdfText } from "../support/pdf-tools";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

const MONTH = "2025-09";
const actor = { by: String(new Types.ObjectId()) };
let environment: AppEnvironment;

// ---------------------------------------------------------------------------------------------
// The month, generated: what each receipt is and how it is answered.

interface Planned {
  document: GeneratedDocument;
  direction: "issued" | "received";
  hacienda?: "aceptado" | "rechazado";
  answer?: { mensaje: "1" | "2" | "3"; condicionImpuesto?: "01" | "02" | "03" | "04" | "05"; partial?: boolean };
}

const day = (n: number) => `${MONTH}-${String(n).padStart(2, "0")}`;
type Options = Partial<Parameters<typeof generateComprobante>[0]>;

/** The first of seed, seed-1, seed-2 … whose CondicionVenta is (deferred) or is not (otherwise) 10. */
function generate(seed: string, options: Options, deferred = false): GeneratedDocument {
  for (let attempt = 0; ; attempt++) {
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency: "CRC",
      ...options,
      seed: `vat-${seed}-${attempt}`,
    });
    if (/<CondicionVenta>10<\/CondicionVenta>/.test(document.xml) === deferred) return document;
  }
}
const issued = (seed: string, n: number, extra: Options = {}, deferred = false) =>
  generate(seed, { date: day(n), ...extra }, deferred);
const received = (seed: string, n: number, extra: Options = {}, deferred = false) =>
  generate(
    seed,
    { date: day(n), emisor: BUSINESS_PARTIES[n % BUSINESS_PARTIES.length], receptor: FERRETERIA_EL_CLAVO, ...extra },
    deferred,
  );

const firstSale = issued("fe-1", 2, { lineCount: 4 });
const PLAN: Planned[] = [
  { direction: "issued", document: firstSale, hacienda: "aceptado" },
  { direction: "issued", document: issued("fe-2", 3, { lineCount: 3 }) },
  { direction: "issued", document: issued("fe-exonerada", 4, { features: { exoneration: true } }) },
  { direction: "issued", document: issued("fe-usd", 5, { currency: "USD", tipoCambio: "507.43", lineCount: 3 }) },
  {
    direction: "issued",
    document: issued("nc", 6, {
      kind: "NC",
      reference: { clave: firstSale.clave, fechaEmision: firstSale.fechaEmision, kind: "FE" },
    }),
  },
  { direction: "issued", document: issued("fe-rechazada", 7), hacienda: "rechazado" },
  { direction: "issued", document: issued("te", 8, { kind: "TE", receptor: null }) },
  { direction: "received", document: received("r-01", 9), answer: { mensaje: "1", condicionImpuesto: "01" } },
  {
    direction: "received",
    document: received("r-02", 10, { lineCount: 3 }),
    answer: { mensaje: "2", condicionImpuesto: "02", partial: true },
  },
  { direction: "received", document: received("r-03", 11), answer: { mensaje: "1", condicionImpuesto: "03" } },
  { direction: "received", document: received("r-04", 12), answer: { mensaje: "1", condicionImpuesto: "04" } },
  {
    direction: "received",
    document: received("r-05", 13, { lineCount: 2 }),
    answer: { mensaje: "1", condicionImpuesto: "05" },
  },
  { direction: "received", document: received("r-rechazada", 14), answer: { mensaje: "3" } },
  { direction: "received", document: received("r-sin-respuesta", 15) },
  {
    direction: "received",
    document: received("r-usd", 16, { currency: "USD", tipoCambio: "512.07" }),
    answer: { mensaje: "1", condicionImpuesto: "01" },
  },
  { direction: "received", document: received("r-nc", 17, { kind: "NC" }) },
  { direction: "issued", document: issued("fe-diferida", 18, {}, true) },
  { direction: "received", document: received("r-diferida", 19, {}, true) },
];
const PRORRATA_BP = 6_000n; // 60 %

// ---------------------------------------------------------------------------------------------
// Independent arithmetic straight from the XML text (no parser of the app): Σ Impuesto/Monto and
// MontoExoneracion by CodigoTarifaIVA, × TipoCambio, rounded once per receipt and rate to céntimos.

const amountOf = (text: string) => parseAmount(text)!;
function roundedCents(amount: bigint, tipoCambio: bigint): bigint {
  return halfUp(amount * tipoCambio, 100_000n * 1_000n);
}

/** numerator ÷ denominator rounded half away from zero. */
function halfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let q = n / denominator;
  if ((n % denominator) * 2n >= denominator) q += 1n;
  return negative ? -q : q;
}

/** A 4.3 line may state only the Tarifa. */
const RATE_CODES: Record<string, string> = { "13": "08", "4": "04", "2": "03", "1": "02", "0.5": "09", "0": "10" };
const tarifaOf = (block: string) => String(Number(/<Tarifa>([\d.]+)<\/Tarifa>/.exec(block)?.[1] ?? "0"));

function xmlTaxes(xml: string): {
  tipoCambio: bigint;
  condicionVenta: string;
  byCode: Map<string, { tax: bigint; exo: bigint }>;
} {
  const tipoCambio = amountOf(/<TipoCambio>([\d.]+)<\/TipoCambio>/.exec(xml)?.[1] ?? "1");
  const condicionVenta = /<CondicionVenta>(\d+)<\/CondicionVenta>/.exec(xml)?.[1] ?? "";
  const byCode = new Map<string, { tax: bigint; exo: bigint }>();
  for (const [, block] of xml.matchAll(/<Impuesto>([\s\S]*?)<\/Impuesto>/g)) {
    if (!/<Codigo>0[178]<\/Codigo>/.test(block)) continue;
    const code = /<CodigoTarifa(?:IVA)?>(\d+)<\/CodigoTarifa(?:IVA)?>/.exec(block)?.[1] ?? RATE_CODES[tarifaOf(block)];
    const tax = amountOf(/<Monto>([\d.]+)<\/Monto>/.exec(block)![1]);
    const exo = amountOf(/<MontoExoneracion>([\d.]+)<\/MontoExoneracion>/.exec(block)?.[1] ?? "0");
    const current = byCode.get(code) ?? { tax: 0n, exo: 0n };
    byCode.set(code, { tax: current.tax + tax, exo: current.exo + exo });
  }
  return { tipoCambio, condicionVenta, byCode };
}

function expectedFigures() {
  const debit = new Map<string, bigint>();
  const exonerated = new Map<string, bigint>();
  let credit = 0n;
  let nonCreditable = 0n;
  for (const planned of PLAN) {
    const { document } = planned;
    const { tipoCambio, condicionVenta, byCode } = xmlTaxes(document.xml);
    const sign = document.kind === "NC" ? -1n : 1n;
    if (planned.hacienda === "rechazado" || condicionVenta === "10") continue;
    if (planned.direction === "issued") {
      for (const [code, { tax, exo }] of byCode) {
        const net = roundedCents(tax, tipoCambio) - roundedCents(exo, tipoCambio);
        debit.set(code, (debit.get(code) ?? 0n) + sign * net);
        exonerated.set(code, (exonerated.get(code) ?? 0n) + sign * roundedCents(exo, tipoCambio));
      }
      continue;
    }
    if (document.kind === "TE" || planned.answer?.mensaje === "3") continue;
    const paidByCode = [...byCode.values()].map(
      ({ tax, exo }) => roundedCents(tax, tipoCambio) - roundedCents(exo, tipoCambio),
    );
    const paid = paidByCode.reduce((a, b) => a + b, 0n);
    let creditable = paid;
    switch (planned.answer?.condicionImpuesto) {
      case "04":
        creditable = 0n;
        break;
      case "05":
        creditable = paidByCode.reduce((total, tax) => total + halfUp(tax * PRORRATA_BP, 10_000n), 0n);
        break;
      case "02":
        creditable = partialAmount(paid);
        break;
    }
    credit += sign * creditable;
    nonCreditable += sign * (paid - creditable);
  }
  return { debit, exonerated, credit, nonCreditable };
}

/** The partial answer states a third of the IVA, in colones (the receipt is in CRC). */
const partialAmount = (paid: bigint) => paid / 3n;

// ---------------------------------------------------------------------------------------------

async function idOf(document: GeneratedDocument): Promise<string> {
  const receipt = await Receipt.findOne({ organizationId: FERRETERIA.id, clave: document.clave }, { _id: 1 }).lean();
  return String(receipt!._id);
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const answers = PLAN.flatMap((planned) =>
    planned.hacienda ? [generateMensajeHacienda({ document: planned.document, estado: planned.hacienda })] : [],
  );
  const report = await importDocuments([...PLAN.map((planned) => planned.document), ...answers]);
  expect(report.counts.rechazado).toBe(0);
  expect(report.counts.importado).toBeGreaterThanOrEqual(PLAN.length);
  for (const planned of PLAN) {
    if (!planned.answer) continue;
    const stored = await findReceipt(FERRETERIA.id, await idOf(planned.document));
    const { tipoCambio, byCode } = xmlTaxes(planned.document.xml);
    const paid = [...byCode.values()].reduce((total, { tax, exo }) => total + tax - exo, 0n);
    if (planned.answer.partial) expect(tipoCambio).toBe(100_000n);
    const outcome = await answerReceipt(
      FERRETERIA,
      stored!,
      {
        mensaje: planned.answer.mensaje,
        condicionImpuesto: planned.answer.condicionImpuesto,
        detalleMensaje: planned.answer.mensaje === "3" ? "No corresponde a una compra nuestra" : "",
        // A third of the IVA, exact in céntimos (Amount units of 0.00001).
        ...(planned.answer.partial
          ? { montoTotalImpuestoAcreditar: partialAmount(roundedCents(paid, 100_000n)) * 1_000n }
          : {}),
      },
      actor.by,
    );
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  }
  await setProrrata(FERRETERIA.id, 2025, PRORRATA_BP, actor.by);
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("the IVA return of a generated month", () => {
  it("has the débito by CodigoTarifaIVA that the XML adds up to (NC, USD, exoneration, Hacienda's rejection)", async () => {
    const { ivaReturn, receiptCount } = await loadVatMonth(FERRETERIA.id, MONTH);
    expect(receiptCount).toBe(PLAN.length);
    const expected = expectedFigures();
    expect(
      new Map(ivaReturn.debit.filter((row) => row.rate !== "sin-iva").map((row) => [row.rate, BigInt(row.debit)])),
    ).toEqual(expected.debit);
    expect(ivaReturn.totals.exonerated).toBe([...expected.exonerated.values()].reduce((a, b) => a + b, 0n));
    expect(ivaReturn.totals.exonerated).toBeGreaterThan(0n);
    expect(
      ivaReturn.debit.some((row) => row.receipts.some((receipt) => receipt.kind === "NC" && receipt.tax < 0n)),
    ).toBe(true);
    expect(ivaReturn.debit.some((row) => row.receipts.some((receipt) => receipt.moneda === "USD"))).toBe(true);
  });

  it("has the crédito per condición (partial, prorrata, none) and leaves out the rejected receipts", async () => {
    const { ivaReturn } = await loadVatMonth(FERRETERIA.id, MONTH);
    const expected = expectedFigures();
    expect(ivaReturn.totals.credit).toBe(expected.credit);
    expect(ivaReturn.totals.nonCreditable).toBe(expected.nonCreditable);
    const excluded = ivaReturn.excluded.map((row) => row.reason);
    expect(excluded).toContain("Rechazado por Hacienda");
    expect(excluded).toContain("Rechazado por el receptor");
    expect(excluded.filter((reason) => reason.includes("condición 10"))).toHaveLength(2);
    expect(ivaReturn.conditions.map((row) => row.condition).sort()).toEqual([
      "01",
      "02",
      "03",
      "04",
      "05",
      "sin-respuesta",
    ]);
    expect(ivaReturn.totals.balance).toBe(ivaReturn.totals.debit - ivaReturn.totals.credit);
  });
});

describe("reconciliation and settlement", () => {
  let reconciledBeforeSettlement: unknown[] = [];

  it("lists every receipt of the return as not booked until the month is booked", async () => {
    const { ivaReturn } = await loadVatMonth(FERRETERIA.id, MONTH);
    const accounts = await getDefaultAccounts(FERRETERIA.id);
    const before = await reconcileVat(FERRETERIA.id, MONTH, ivaReturn, accounts);
    const inReturn = new Set(
      [...ivaReturn.debit, ...ivaReturn.conditions].flatMap((row) => row.receipts.map((r) => r.receiptId)),
    );
    expect(before.unbooked.length).toBe(inReturn.size);
    expect(before.rows.every((row) => row.fromBooks === 0n)).toBe(true);

    await bookMonth(FERRETERIA.id, MONTH, actor);
    const after = await reconcileVat(FERRETERIA.id, MONTH, ivaReturn, accounts);
    // Booking puts each issued receipt's IVA in the débito account of its rate at once; the return
    // leaves the condición-10 sale for its payment receipt, so that sale's IVA is the whole difference.
    const debitRows = after.rows.filter((row) => row.side === "debito");
    expect(debitRows.length).toBeGreaterThan(0);
    const deferredSale = ivaReturn.excluded.find(
      (receipt) => receipt.direction === "issued" && receipt.reason.includes("condición 10"),
    )!;
    expect(deferredSale.tax).toBeGreaterThan(0n);
    expect(debitRows.reduce((total, row) => total + row.difference, 0n)).toBe(-deferredSale.tax);
    expect(after.rows.some((row) => row.fromBooks !== 0n)).toBe(true);
    expect(after.unbooked).toEqual([]);
    reconciledBeforeSettlement = after.rows;
  });

  it("posts the settlement once, even when asked twice at the same time, and again after its reversal", async () => {
    // The condición-10 sale booked at once differs from the return: liquidating asks where that goes.
    const accounts = await getDefaultAccounts(FERRETERIA.id);
    expect(await settleVat(FERRETERIA.id, MONTH, actor)).toMatchObject({ ok: false, needsAdjustment: true });
    const adjusted = { adjustmentAccount: accounts.ivaNonCreditableExpense };
    const [first, second] = await Promise.all([
      settleVat(FERRETERIA.id, MONTH, actor, adjusted),
      settleVat(FERRETERIA.id, MONTH, actor, adjusted),
    ]);
    const outcomes = [first, second];
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const refused = outcomes.find((outcome) => !outcome.ok)!;
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.message).toBe("El IVA de septiembre de 2025 ya está liquidado; no se registró otro asiento.");
    const standing = await Entry.find({
      organizationId: FERRETERIA.id,
      "source.kind": "iva",
      "source.id": MONTH,
      reversedBy: { $exists: false },
    }).lean();
    expect(standing).toHaveLength(1);
    expect(standing[0].date).toBe("2025-09-30");
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);

    // The settlement empties the month's IVA accounts on purpose: the reconciliation reads them without it.
    const { ivaReturn } = await loadVatMonth(FERRETERIA.id, MONTH);
    const reconciled = await reconcileVat(FERRETERIA.id, MONTH, ivaReturn, accounts);
    expect(reconciled.rows).toEqual(reconciledBeforeSettlement);

    const again = await settleVat(FERRETERIA.id, MONTH, actor, adjusted);
    expect(again.ok).toBe(false);
    const reversed = await reverseSettlement(FERRETERIA.id, MONTH, actor);
    expect(reversed.ok).toBe(true);
    expect(await settlementOf(FERRETERIA.id, MONTH)).toBeNull();
    const resettled = await settleVat(FERRETERIA.id, MONTH, actor, adjusted);
    expect(resettled.ok).toBe(true);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });
});

describe("the IVA return of the demo month with both Hacienda versions (June 2025)", () => {
  const organization = DEMO_ORGANIZATIONS[1];
  const cedula = organization._id.slice(3);
  const all = demoReceiptDocuments(organization, new Date("2025-08-15T12:00:00-06:00"));
  const june = new Set(all.filter((d) => d.kind !== "MH" && d.fechaEmision.startsWith("2025-06")).map((d) => d.clave));
  const documents = all.filter((document) => june.has(document.clave));

  it("has the débito and crédito by CodigoTarifaIVA that the XML adds up to", async () => {
    const report = await importFiles(
      documents.map((document) => ({ name: document.fileName, bytes: strToU8(document.xml) })),
      { id: organization._id, cedula, name: organization.name },
    );
    expect(report.counts.rechazado).toBe(0);
    const rejected = new Set(
      documents
        .filter((document) => document.kind === "MH" && /<Mensaje>3<\/Mensaje>/.test(document.xml))
        .map((d) => d.clave),
    );
    const debit = new Map<string, bigint>();
    let credit = 0n;
    for (const document of documents) {
      if (document.kind === "MH" || rejected.has(document.clave)) continue;
      const { tipoCambio, condicionVenta, byCode } = xmlTaxes(document.xml);
      if (condicionVenta === "10" && document.kind !== "REP") continue;
      const sign = document.kind === "NC" ? -1n : 1n;
      if (document.emisor.identificacion.numero === cedula) {
        if (!["FE", "TE", "ND", "NC", "FEE", "REP"].includes(document.kind)) continue;
        for (const [code, { tax, exo }] of byCode)
          debit.set(
            code,
            (debit.get(code) ?? 0n) + sign * (roundedCents(tax, tipoCambio) - roundedCents(exo, tipoCambio)),
          );
      } else {
        if (!["FE", "ND", "NC", "REP"].includes(document.kind)) continue;
        for (const { tax, exo } of byCode.values())
          credit += sign * (roundedCents(tax, tipoCambio) - roundedCents(exo, tipoCambio));
      }
    }
    const { ivaReturn } = await loadVatMonth(organization._id, "2025-06");
    expect(new Set(documents.map((document) => document.version))).toEqual(new Set(["4.3", "4.4"]));
    expect(ivaReturn.debit.length).toBeGreaterThan(0);
    const nonZero = (figures: Map<string, bigint>) => new Map([...figures].filter(([, amount]) => amount !== 0n));
    expect(nonZero(new Map(ivaReturn.debit.map((row) => [row.rate, BigInt(row.debit)])))).toEqual(nonZero(debit));
    expect(nonZero(debit).size).toBeGreaterThan(0);
    expect(ivaReturn.totals.credit).toBe(credit);
  });
});

describe("exports", () => {
  it("writes the return as XLSX with numbers and as a PDF with the page's figures", async () => {
    const { ivaReturn } = await loadVatMonth(FERRETERIA.id, MONTH);
    const organization = { ...FERRETERIA, active: true } as Parameters<typeof vatXlsx>[0];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await vatXlsx(organization, MONTH, ivaReturn));
    const sheet = workbook.getWorksheet("Declaración")!;
    let totalDebit: unknown = null;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === "Total débito fiscal") totalDebit = row.getCell(5).value;
    });
    expect(totalDebit).toBe(Number(ivaReturn.totals.debit) / 100);
    const detail = workbook.getWorksheet("Comprobantes")!;
    expect(detail.rowCount - 1).toBe(
      [...ivaReturn.debit, ...ivaReturn.credit].reduce((count, row) => count + row.receipts.length, 0),
    );

    const text = readPdfText(await vatPdf(organization, MONTH, ivaReturn)).replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain("Declaración del IVA de septiembre de 2025");
    expect(text).toContain(formatIvaAmount(ivaReturn.totals.debit).replace(/[\u00a0\u202f]/g, " "));
  });
});
