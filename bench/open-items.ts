/**
 * Customers and suppliers benchmark (issue 28): one organization with 100 000 open and settled
 * receivables of 5 000 customers, inserted directly (the screens read items and settlements; they do
 * not care how they arrived), their kept balances built from them and the control account's balance
 * equal to them, as the books of documents that were booked would have it. Times, as the server does
 * them:
 * - the aging page (/receivables) at a date, with the agreement with the control account (and, for
 *   information, at a past date, which replays what changed after it);
 * - a statement of account of 2 000 lines (1 500 documents and 500 cobros of one customer);
 * - «Registrar cobro» of 50 documents (one entry through the ledger, 50 balances, one settlement).
 * Targets: 200 ms, 200 ms and 100 ms.
 * Run: NODE_ENV=production npx tsx bench/open-items.ts [--items 100000] [--parties 5000] [--rounds 5]
 */
import os from "node:os";
import mongoose, { Types } from "mongoose";
import type { CalendarDate } from "../app/domain/calendar";
import { cents, centsToAmount } from "../app/domain/money";
import { getDefaultAccounts } from "../app/services/default-accounts/default-accounts.server";
import { createAndPost } from "../app/services/ledger/ledger.server";
import { agingPage, partyPage } from "../app/services/open-items/pages.server";
import { registerPayment } from "../app/services/open-items/payments.server";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { Counterparty } from "../models/counterparty";
import { OpenItem, type OpenItemRecord } from "../models/open-item";
import { ensureOrganization } from "../models/organization";
import { rebuildKeptBalances } from "../models/open-item-writes";
import { Settlement, type SettlementRecord } from "../models/settlement";
import { withTransaction } from "../app/utils/db.server";
import { startEmbeddedMongo } from "../packages/embedded-mongo/src/index";
import { useBenchEnvironment } from "./app-environment";

const ORG = "CR:3101999028";
const TARGETS = { agingMs: 200, statementMs: 200, paymentMs: 100 };

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const itemsWanted = flag("--items", 100_000);
const partiesWanted = flag("--parties", 5_000);
const rounds = flag("--rounds", 5);

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** A day of 2024–2025 for the n-th document of a customer. */
function dayOf(n: number): CalendarDate {
  const month = n % 24;
  const year = 2024 + Math.floor(month / 12);
  return `${year}-${String((month % 12) + 1).padStart(2, "0")}-${String((n % 28) + 1).padStart(2, "0")}` as CalendarDate;
}

/**
 * Customer 0 has the long statement (1 500 documents, the first 1 000 paid by 500 cobros of two
 * documents each); customers 1–5 have 100 open documents each (the 50-document cobros); every other
 * customer has its share of the rest, every second document paid by a cobro of its own.
 */
async function seed(): Promise<{ statementParty: string; paymentParties: string[] }> {
  const partyIds = Array.from({ length: partiesWanted }, () => new Types.ObjectId());
  await Counterparty.insertMany(
    partyIds.map((_id, p) => ({
      _id,
      organizationId: ORG,
      cedula: String(3_101_000_000 + p),
      nombre: `Cliente ${String(p).padStart(4, "0")} S.A.`,
      seenAt: new Date("2024-01-01T12:00:00Z"),
    })),
  );
  const counts: number[] = partyIds.map((_, p) => (p === 0 ? 1_500 : p <= 5 ? 100 : 0));
  let rest = itemsWanted - counts.reduce((sum, count) => sum + count, 0);
  for (let p = 6; rest > 0; p = p + 1 >= partiesWanted ? 6 : p + 1, rest--) counts[p]++;

  const now = new Date();
  let items: OpenItemRecord[] = [];
  let settlements: SettlementRecord[] = [];
  let serial = 0;
  const flush = async () => {
    if (items.length > 0) await OpenItem.insertMany(items, { ordered: false });
    if (settlements.length > 0) await Settlement.insertMany(settlements, { ordered: false });
    items = [];
    settlements = [];
  };
  for (let p = 0; p < partiesWanted; p++) {
    const partyId = partyIds[p];
    const made: Array<{ _id: Types.ObjectId; amount: bigint; fecha: CalendarDate }> = [];
    for (let n = 0; n < counts[p]; n++) {
      const amount = BigInt(10_000 + ((serial * 7_919) % 90_000)) * 100n;
      const fecha = dayOf(n);
      const paid = p === 0 ? n < 1_000 : p > 5 && n % 2 === 0;
      const _id = new Types.ObjectId();
      made.push({ _id, amount, fecha });
      items.push({
        _id,
        organizationId: ORG,
        side: "receivable",
        partyId,
        key: String(serial).padStart(50, "0"),
        receiptId: new Types.ObjectId(),
        kind: "FE",
        consecutivo: `0010000101${String(serial).padStart(10, "0")}`,
        fecha,
        dueDate: fecha,
        currency: "CRC",
        amount,
        balance: paid ? 0n : amount,
        settledAtIssue: false,
        condicionVenta: "02",
        createdAt: now,
      });
      serial++;
    }
    const paidGroups =
      p === 0
        ? Array.from({ length: 500 }, (_, g) => [made[2 * g], made[2 * g + 1]])
        : p > 5
          ? made.filter((_, n) => n % 2 === 0).map((item) => [item])
          : [];
    for (const group of paidGroups) {
      const last = group.reduce((date, item) => (item.fecha > date ? item.fecha : date), group[0].fecha);
      settlements.push({
        _id: new Types.ObjectId(),
        organizationId: ORG,
        side: "receivable",
        kind: "cobro",
        partyId,
        date: last,
        lines: group.map((item) => ({ itemId: item._id, delta: -item.amount })),
        received: group.reduce((sum, item) => sum + item.amount, 0n),
        moneyAccount: "10-01-01-03-01",
        entryId: new Types.ObjectId(),
        createdBy: "bench",
        createdAt: now,
      });
    }
    if (items.length >= 5_000) await flush();
  }
  await flush();
  await withTransaction((session) => rebuildKeptBalances(ORG, session));
  let open = 0n;
  for await (const item of OpenItem.find({ organizationId: ORG }, { balance: 1 }).lean().cursor())
    open += BigInt(String(item.balance));
  const accounts = await getDefaultAccounts(ORG);
  const posted = await createAndPost(
    ORG,
    {
      date: "2023-12-31",
      description: "Asiento de apertura",
      lines: [
        { account: accounts.receivable, debit: centsToAmount(cents(open)) },
        { account: "30-01-01-00-00", credit: centsToAmount(cents(open)) },
      ],
    },
    { by: "bench" },
  );
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" "));
  return { statementParty: String(partyIds[0]), paymentParties: partyIds.slice(1, 6).map(String) };
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function verdict(ms: number, target: number): string {
  return `${ms.toFixed(0)} ms (target < ${target} ms${ms < target ? "" : ", MISSED"})`;
}

const server = await startEmbeddedMongo({ port: 0 });
try {
  useBenchEnvironment(`${server.uri}/bench_open_items`);
  await connectDatabase(process.env.MONGODB_URI);
  await mongoose.connection.dropDatabase();
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  await ensureOrganization({ _id: ORG, name: "Cuentas por Cobrar S.A.", identificationType: "02" });
  console.log(
    `open items: ${itemsWanted} receivables of ${partiesWanted} customers, NODE_ENV=${process.env.NODE_ENV ?? ""}; load ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" / ")} (${os.cpus().length} cores)`,
  );
  const seedStarted = performance.now();
  const { statementParty, paymentParties } = await seed();
  console.log(
    `seeded ${await OpenItem.countDocuments({ organizationId: ORG })} items, ${await Settlement.countDocuments({
      organizationId: ORG,
    })} cobros in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const aging: number[] = [];
  let rows = 0;
  for (let round = 0; round < rounds; round++)
    aging.push(
      await time(async () => {
        const page = await agingPage(ORG, "receivable", new URLSearchParams({ at: "2025-12-31" }));
        if (!page.agreement.agrees) throw new Error("the bench's items should agree with the control account");
        rows = page.partyCount;
      }),
    );
  console.log(
    `aging page at 31/12/2025, ${rows} customers with a balance: median ${verdict(median(aging), TARGETS.agingMs)}`,
  );

  const past: number[] = [];
  for (let round = 0; round < rounds; round++)
    past.push(
      await time(async () => {
        rows = (await agingPage(ORG, "receivable", new URLSearchParams({ at: "2025-06-30" }))).partyCount;
      }),
    );
  console.log(
    `aging page at 30/06/2025 (a past date), ${rows} customers with a balance: median ${median(past).toFixed(0)} ms`,
  );

  const statement: number[] = [];
  let lines = 0;
  for (let round = 0; round < rounds; round++)
    statement.push(
      await time(async () => {
        const page = await partyPage(
          ORG,
          "receivable",
          statementParty,
          new URLSearchParams({ from: "2024-01-01", to: "2025-12-31" }),
        );
        lines = page?.statement.lines.length ?? 0;
      }),
    );
  console.log(`statement of account, ${lines} lines: median ${verdict(median(statement), TARGETS.statementMs)}`);

  const accounts = await getDefaultAccounts(ORG);
  const payments: number[] = [];
  for (const partyId of paymentParties.slice(0, Math.max(1, Math.min(rounds, paymentParties.length)))) {
    const open = await OpenItem.find({ organizationId: ORG, partyId: new Types.ObjectId(partyId) }, { _id: 1 })
      .sort({ fecha: 1 })
      .limit(50)
      .lean<Array<{ _id: Types.ObjectId }>>();
    payments.push(
      await time(async () => {
        const outcome = await registerPayment(
          ORG,
          "receivable",
          partyId,
          {
            date: "2025-12-31" as CalendarDate,
            moneyAccount: accounts.cash ?? "10-01-01-03-01",
            applications: open.map((item) => ({ itemId: String(item._id), amount: cents(100n) })),
          },
          { by: "bench" },
        );
        if (!outcome.ok) throw new Error(outcome.refusals.map((refusal) => refusal.message).join(" "));
      }),
    );
  }
  console.log(`«Registrar cobro» of 50 documents: median ${verdict(median(payments), TARGETS.paymentMs)}`);
} finally {
  await disconnectDatabase();
  await server.close();
}
