import { randomUUID } from "node:crypto";
import { Types } from "mongoose";
import { addDays, type CalendarDate, type MonthKey } from "../app/domain/calendar";
import { declaredFiguresOf } from "../app/domain/iva/declaration";
import { loadVatMonth } from "../app/services/vat/vat-return.server";
import { verifyLedger } from "../app/services/ledger/verify.server";
import { BalancesRevision } from "../models/balances-revision";
import { EntryCounter } from "../models/entry-number";
import { Entry } from "../models/entry";
import { PeriodBalance } from "../models/period-balance";
import { PostedLine, type PostedLineRecord } from "../models/posted-line";
import { Receipt } from "../models/receipt";
import { ReceiptBooking } from "../models/receipt-booking";
import { VatDeclaration } from "../models/vat-declaration";
import { createRandom } from "../scripts/hacienda-samples/src/random";
import { BUSY_ACCOUNT, GENERATED_LEAVES } from "./generated-entries";

/**
 * The board benchmark's full size (issue 26): per organization, posted entries over ten fiscal years
 * with the documents the ledger service writes for them — the entry with its lines, one posted-line
 * copy per line, the period balances they fold into, the entry counters and the balances revision
 * tokens — inserted in large unordered batches; the month's receipts get their states (answered,
 * booked); the months before the board's month are declared from their own returns, as «Liquidar IVA»
 * records them. Deterministic per organization (seeded random), so two runs build the same books.
 */

export const FULL_YEARS = Array.from({ length: 10 }, (_, i) => 2016 + i);
const BATCH = 10_000;
/** Accounts the board reads, moved by a share of the generated entries besides the random leaves. */
const BOARD_ACCOUNTS = ["10-01-01-01-00", BUSY_ACCOUNT, "70-01-01-00-00"];

interface Fold {
  account: string;
  period: string;
  debit: bigint;
  credit: bigint;
  lineCount: number;
}

/** Entry i of `count`: its fiscal year, date and three lines (cash, banks or 70 on every other one). */
function fullEntry(i: number, count: number, random: ReturnType<typeof createRandom>) {
  const perYear = Math.ceil(count / FULL_YEARS.length);
  const year = FULL_YEARS[Math.floor(i / perYear)];
  const inYear = i % perYear;
  // The last year ends with the board's month (October): its entries stop at the end of it.
  const days = year === FULL_YEARS[FULL_YEARS.length - 1] ? 304 : 365;
  const date = addDays(`${year}-01-01` as CalendarDate, Math.floor((inYear / perYear) * days));
  const pick = () => GENERATED_LEAVES[Math.floor(random.next() * GENERATED_LEAVES.length)];
  const a = BigInt(1 + Math.floor(random.next() * 5_000_000)) * 1000n;
  const b = BigInt(1 + Math.floor(random.next() * 5_000_000)) * 1000n;
  const first = i % 2 === 0 ? BOARD_ACCOUNTS[(i / 2) % BOARD_ACCOUNTS.length] : pick();
  return {
    year,
    date,
    lines: [
      { account: first, description: "cargo", debit: a + b, credit: 0n },
      { account: pick(), description: "", debit: 0n, credit: a },
      { account: pick(), description: "", debit: 0n, credit: b },
    ],
  };
}

/**
 * `count` posted entries of the organization folded into its period balances, with counters and
 * revision tokens; the first `stored` of them are also written as entries with their posted lines (all
 * of them: a complete book the ledger's verify accepts). Returns the ids of the first stored entries
 * (the receipts' bookings point at them).
 */
export async function seedFullLedger(
  organizationId: string,
  count: number,
  o: number,
  stored = count,
): Promise<Types.ObjectId[]> {
  const random = createRandom(`bench-board-full-${o}`);
  const folded = new Map<string, Fold>();
  const counters = new Map<number, number>();
  const firstIds: Types.ObjectId[] = [];
  const now = new Date();
  for (let start = 0; start < count; start += BATCH) {
    const entries = [];
    const postedLines: PostedLineRecord[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const { year, date, lines } = fullEntry(i, count, random);
      const keep = i < stored;
      const sequence = (counters.get(year) ?? 0) + 1;
      counters.set(year, sequence);
      const number = `${year}-${String(sequence).padStart(6, "0")}`;
      const _id = new Types.ObjectId();
      if (firstIds.length < 5_000) firstIds.push(_id);
      const description = `Movimiento ${i + 1}`;
      const period = date.slice(0, 7);
      lines.forEach((line, index) => {
        const key = `${line.account}|${period}`;
        const sum = folded.get(key) ?? { account: line.account, period, debit: 0n, credit: 0n, lineCount: 0 };
        sum.debit += line.debit;
        sum.credit += line.credit;
        sum.lineCount += 1;
        folded.set(key, sum);
        if (keep)
          postedLines.push({
            organizationId,
            account: line.account,
            date,
            number,
            line: index,
            entryId: _id,
            description,
            lineDescription: line.description,
            debit: line.debit,
            credit: line.credit,
          });
      });
      if (keep)
        entries.push({
          _id,
          organizationId,
          number,
          fiscalYear: year,
          date,
          description,
          reference: "",
          lines,
          totalDebit: lines[0].debit,
          source: { kind: "manual" },
          status: "contabilizado",
          createdBy: "bench",
          createdAt: now,
          updatedBy: "bench",
          updatedAt: now,
          postedAt: now,
          history: [],
        });
    }
    if (entries.length > 0)
      await Promise.all([
        Entry.collection.insertMany(entries, { ordered: false }),
        PostedLine.collection.insertMany(postedLines, { ordered: false }),
      ]);
  }
  const balances = [...folded.values()].map((sum) => ({ organizationId, ...sum }));
  for (let start = 0; start < balances.length; start += BATCH)
    await PeriodBalance.collection.insertMany(balances.slice(start, start + BATCH), { ordered: false });
  await EntryCounter.collection.insertMany(
    [...counters].map(([fiscalYear, value]) => ({
      _id: `${organizationId}|${fiscalYear}`,
      organizationId,
      fiscalYear,
      value,
    })) as never[],
    { ordered: false },
  );
  await BalancesRevision.collection.insertOne({
    _id: organizationId,
    token: randomUUID(),
    years: Object.fromEntries([...counters.keys()].map((year) => [String(year), randomUUID()])),
  } as never);
  return firstIds;
}

/**
 * The states of the organization's receipts: every fifth received one answered (accepted), every
 * other receipt booked to one of the organization's entries.
 */
export async function seedReceiptStates(organizationId: string, entryIds: readonly Types.ObjectId[]): Promise<void> {
  const receipts = await Receipt.find(
    { organizationId },
    { _id: 1, direction: 1, "totals.totalComprobante": 1, consecutivo: 1, fechaEmision: 1 },
  )
    .sort({ _id: 1 })
    .lean<
      Array<{
        _id: Types.ObjectId;
        direction: string;
        totals?: { totalComprobante?: unknown };
        consecutivo?: string;
        fechaEmision: Date;
      }>
    >();
  const now = new Date();
  const answered = receipts.filter((receipt, index) => receipt.direction === "received" && index % 5 === 0);
  for (let start = 0; start < answered.length; start += BATCH)
    await Receipt.collection.bulkWrite(
      answered.slice(start, start + BATCH).map((receipt) => ({
        updateOne: {
          filter: { _id: receipt._id },
          update: {
            $set: {
              receptorMessage: {
                mensaje: 1,
                totalFactura: BigInt(String(receipt.totals?.totalComprobante ?? 0)),
                consecutivo: receipt.consecutivo ?? "",
                fechaEmisionDoc: receipt.fechaEmision.toISOString(),
                xml: "",
                recordedBy: new Types.ObjectId(),
                recordedAt: now,
              },
            },
          },
        },
      })),
      { ordered: false },
    );
  const booked = receipts.filter((_, index) => index % 2 === 0 && index / 2 < entryIds.length);
  for (let start = 0; start < booked.length; start += BATCH)
    await ReceiptBooking.collection.insertMany(
      booked.slice(start, start + BATCH).map((receipt, index) => ({
        _id: new Types.ObjectId(),
        organizationId,
        receiptId: receipt._id,
        entryId: entryIds[start + index],
        unclassified: false,
        bookedBy: "bench",
        bookedAt: now,
      })),
      { ordered: false },
    );
}

/** Declares `months` in order, each from its own return as «Liquidar IVA» records it (no entry). */
export async function declareMonths(organizationId: string, months: readonly MonthKey[]): Promise<void> {
  for (const month of months) {
    const vat = await loadVatMonth(organizationId, month);
    const figures = declaredFiguresOf(vat.ivaReturn);
    const now = new Date();
    await VatDeclaration.collection.insertOne({
      organizationId,
      month,
      version: 1,
      status: "vigente",
      totals: {
        debit: String(figures.totals.debit),
        credit: String(figures.totals.credit),
        previousCreditBalance: String(figures.totals.previousCreditBalance),
        payable: String(figures.totals.payable),
        creditBalance: String(figures.totals.creditBalance),
      },
      lines: figures.lines.map((line) => ({ label: line.label, amount: String(line.amount) })),
      accounts: [],
      receipts: figures.receiptIds.map((id) => ({ id, clave: vat.claves.get(id) ?? "" })),
      entryId: null,
      entryNumber: null,
      fromEntry: false,
      by: "bench",
      at: now,
      history: [{ at: now, by: "bench", status: "vigente" }],
    } as never);
  }
}

/** The ledger's own verification on one organization: the kept balances equal a rebuild from the lines. */
export async function verifySampledBook(organizationId: string): Promise<void> {
  const differences = await verifyLedger(organizationId);
  if (differences.length > 0)
    throw new Error(`the seeded book of ${organizationId} does not verify: ${differences.length} differences`);
}
