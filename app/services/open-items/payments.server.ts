import { Types, type ClientSession } from "mongoose";
import type { CalendarDate } from "~/domain/calendar";
import type { EntryLineInput } from "~/domain/ledger";
import { cents, type Amount, type Cents } from "~/domain/money";
import { DOLLAR_PAYMENT_MESSAGES, dollarsOpenOf, paymentEntryLines, planPayment, type Side } from "~/domain/open-items";
import { OPENING_KIND } from "~/domain/open-items/opening-import";
import type { Refusal } from "~/domain/refusal";
import { formatReportAmount } from "~/domain/reports";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { loadLedgerContext } from "~/services/ledger/context.server";
import { postOnce, reverse, type Actor } from "~/services/ledger/ledger.server";
import { DOLLAR_PAYMENT_SERVICE_MESSAGES, dollarPaymentParts } from "./dollar-payments.server";
import { findCounterparty } from "~models/counterparty";
import { findOpenItems, type OpenItemRecord } from "~models/open-item";
import { moveItemBalances } from "~models/open-item-writes";
import { repsNaming } from "~models/open-item-sources";
import {
  findSettlement,
  insertSettlement,
  markSettlementReversed,
  usedRepKeys,
  type SettlementRecord,
} from "~models/settlement";
import { settlementIsReconciled } from "~models/bank-match";
import type { EntryRecord } from "~models/entry";

export const PAYMENT_OUTCOME_MESSAGES = {
  partyNotFound: "Contraparte no encontrada.",
  settlementNotFound: "Cobro o pago no encontrado.",
  alreadyReversed: "Ese cobro o pago ya fue deshecho.",
  notAPayment: "Solo se deshacen cobros y pagos registrados aquí.",
  changed:
    "Otro movimiento cambió el saldo de estos documentos mientras se registraba: revise los saldos e intente de nuevo.",
  alreadyPosted: "Ese cobro o pago ya tiene su asiento.",
  undoBeforePayment: "La reversión no puede tener fecha anterior al cobro o pago.",
  moneyIsControl: "La cuenta de banco o caja no puede ser la cuenta de clientes o proveedores.",
  repNotFound: "El recibo electrónico de pago no está entre los comprobantes de esta cuenta.",
  repUsed: "Ese recibo electrónico de pago ya tiene su cobro o pago registrado.",
  repOtherDocument: (label: string) => `El recibo electrónico de pago no menciona ${label}.`,
  repExceeded: (amount: string) => `Lo aplicado supera el monto del recibo electrónico de pago (${amount}).`,
  reconciled:
    "Ese cobro o pago está conciliado con un movimiento del banco: deshaga la conciliación en Conciliación Bancaria.",
} as const;

/**
 * Another feature's state written in the payment's own transaction (the bank line it reconciles): it
 * receives the entry and the settlement's id, and aborts everything by throwing.
 */
export type AlongsidePayment = (
  entry: EntryRecord,
  settlementId: Types.ObjectId,
  session: ClientSession,
) => Promise<void>;

export interface PaymentInput {
  date: CalendarDate;
  moneyAccount: string;
  /**
   * In the items' own currency (céntimos; cents of a dollar for USD items). Blank: what the
   * applications add up to.
   */
  received?: Cents;
  differenceAccount?: string;
  reference?: string;
  /** Blank amount: all the item owes (in its own currency, like `received`). */
  applications: { itemId: string; amount?: Cents }[];
  /** The clave of the REP this cobro / pago is registered from: it must name every item applied. */
  rep?: string;
  /** USD items: colones per dollar of the payment; blank: the day's reference sell rate. */
  rate?: Amount;
}

export type PaymentOutcome =
  { ok: true; settlementId: string; entryNumber?: string } | { ok: false; refusals: Refusal[] };

class BalanceChanged extends Error {}

/** What a planned cobro / pago writes: its entry's lines, its settlement's own fields and the items' moves. */
interface PaymentPosting {
  description: string;
  firstDocument: string;
  lines: EntryLineInput[];
  settlement: Pick<
    SettlementRecord,
    "lines" | "received" | "differenceAccount" | "difference" | "currency" | "dollars" | "rate" | "exchangeDifference"
  >;
  moves: { item: OpenItemRecord; delta: bigint; foreignBalance?: bigint }[];
}

/** The organization's accounts kept in dollars (decision 282). */
async function accountsKeptInDollars(organizationId: string): Promise<Set<string>> {
  const context = await loadLedgerContext(organizationId);
  const nodes = [...(context?.accounts.values() ?? [])].filter((node) => node.currency === "USD");
  return new Set(nodes.map((node) => node.key));
}

/** «FE 00100001010000000123»: how an item is named on screens and in messages. */
export function itemLabel(item: Pick<OpenItemRecord, "kind" | "consecutivo">): string {
  if (item.kind === OPENING_KIND) return `Saldo inicial ${item.consecutivo}`;
  return `${item.kind} ${item.consecutivo}`.trim();
}

function controlAccountOf(side: Side, accounts: { receivable: string; payable: string }): string {
  return side === "receivable" ? accounts.receivable : accounts.payable;
}

function refused(message: string, notFound = false): PaymentOutcome {
  return { ok: false, refusals: [{ message, ...(notFound ? { kind: "not-found" as const } : {}) }] };
}

/**
 * «Registrar cobro» / «Registrar pago»: one entry through the ledger service (Dr banco / Cr clientes,
 * or Dr proveedores / Cr banco, the difference to its account) and, in the same transaction, the
 * settlement and the items' new balances. A balance another request changed meanwhile aborts all.
 */
export async function registerPayment(
  organizationId: string,
  side: Side,
  partyId: string,
  input: PaymentInput,
  actor: Actor,
  alongside?: AlongsidePayment,
): Promise<PaymentOutcome> {
  const party = await findCounterparty(organizationId, partyId);
  if (!party) return refused(PAYMENT_OUTCOME_MESSAGES.partyNotFound, true);
  const items = await findOpenItems({ organizationId, side, partyId: party._id });
  const byId = new Map(items.map((item) => [String(item._id), item]));
  const accounts = await getDefaultAccounts(organizationId);
  const control = controlAccountOf(side, accounts);
  if (input.moneyAccount === control) return refused(PAYMENT_OUTCOME_MESSAGES.moneyIsControl);
  const inDollars = await accountsKeptInDollars(organizationId);
  const kind = side === "receivable" ? "cobro" : "pago";
  const chosen = input.applications.flatMap((application) => byId.get(application.itemId) ?? []);
  const dollarItems = chosen.filter((item) => item.currency === "USD");
  const describe = (itemIds: readonly string[]) => {
    const documents = itemIds.map((id) => itemLabel(byId.get(id)!));
    const text = `${kind === "cobro" ? "Cobro a" : "Pago a"} ${party.nombre}: ${documents.slice(0, 3).join(", ")}${
      documents.length > 3 ? ` y ${documents.length - 3} más` : ""
    }`.slice(0, 200);
    return { text, first: documents[0] };
  };
  let posting: PaymentPosting;
  if (dollarItems.length > 0) {
    if (dollarItems.length !== chosen.length) return refused(DOLLAR_PAYMENT_MESSAGES.mixedCurrencies);
    if (input.rep) return refused(DOLLAR_PAYMENT_SERVICE_MESSAGES.rep);
    if (input.differenceAccount) return refused(DOLLAR_PAYMENT_SERVICE_MESSAGES.differenceAccount);
    const { text, first } = describe(input.applications.map((application) => application.itemId));
    const labels = new Map(dollarItems.map((item) => [String(item._id), itemLabel(item)]));
    const parts = await dollarPaymentParts(
      side,
      items.filter((item) => item.currency === "USD"),
      labels,
      inDollars,
      {
        date: input.date,
        moneyAccount: input.moneyAccount,
        control,
        applications: input.applications,
        ...(input.received === undefined ? {} : { received: input.received }),
        ...(input.rate === undefined ? {} : { rate: input.rate }),
        description: text,
      },
    );
    if (!parts.ok) return refused(parts.message);
    const { plan } = parts;
    posting = {
      description: text,
      firstDocument: first,
      lines: parts.lines,
      settlement: {
        lines: plan.lines.map((line) => ({
          itemId: new Types.ObjectId(line.itemId),
          delta: line.delta,
          foreignDelta: line.dollarDelta,
        })),
        received: plan.money,
        currency: "USD",
        dollars: plan.dollars,
        rate: plan.rate,
        exchangeDifference: plan.difference,
      },
      moves: plan.lines.map((line) => {
        const item = byId.get(line.itemId)!;
        return { item, delta: line.delta, foreignBalance: dollarsOpenOf(item) + line.dollarDelta };
      }),
    };
  } else {
    if (inDollars.has(input.moneyAccount))
      return refused(DOLLAR_PAYMENT_SERVICE_MESSAGES.moneyInDollars(input.moneyAccount));
    const openOf = new Map(items.map((item) => [String(item._id), cents(item.balance)]));
    const applications = input.applications.map((application) => ({
      itemId: application.itemId,
      amount: application.amount ?? openOf.get(application.itemId) ?? cents(0n),
    }));
    const received = input.received ?? cents(applications.reduce((sum, application) => sum + application.amount, 0n));
    if (input.rep) {
      const refusal = await repRefusal(organizationId, side, input.rep, applications, byId);
      if (refusal) return refused(refusal);
    }
    const planned = planPayment(
      items.map((item) => ({
        id: String(item._id),
        label: itemLabel(item),
        open: cents(item.balance),
        fecha: item.fecha,
      })),
      {
        date: input.date,
        applications,
        received,
        ...(input.differenceAccount ? { differenceAccount: input.differenceAccount } : {}),
      },
    );
    if (!planned.ok) return refused(planned.message);
    const { plan } = planned;
    const { text, first } = describe(plan.lines.map((line) => line.itemId));
    posting = {
      description: text,
      firstDocument: first,
      lines: paymentEntryLines(
        side,
        {
          money: input.moneyAccount,
          control,
          ...(input.differenceAccount ? { difference: input.differenceAccount } : {}),
        },
        plan,
        received,
        text,
      ),
      settlement: {
        lines: plan.lines.map((line) => ({ itemId: new Types.ObjectId(line.itemId), delta: line.delta })),
        received,
        ...(plan.difference !== 0n && input.differenceAccount
          ? { differenceAccount: input.differenceAccount, difference: plan.difference }
          : {}),
      },
      moves: plan.lines.map((line) => ({ item: byId.get(line.itemId)!, delta: line.delta })),
    };
  }
  const settlementId = new Types.ObjectId();
  const { description, lines } = posting;
  const withState = async (entry: EntryRecord, session: ClientSession) => {
    await insertSettlement(
      {
        _id: settlementId,
        organizationId,
        side,
        kind,
        partyId: party._id,
        date: input.date,
        ...posting.settlement,
        moneyAccount: input.moneyAccount,
        ...(input.reference ? { reference: input.reference } : {}),
        ...(input.rep ? { repKey: input.rep } : {}),
        entryId: entry._id,
        ...(entry.number ? { entryNumber: entry.number } : {}),
        createdBy: actor.by,
        createdAt: actor.now ?? new Date(),
      },
      session,
    );
    if (!(await moveItemBalances(organizationId, posting.moves, session))) throw new BalanceChanged();
    if (alongside) await alongside(entry, settlementId, session);
  };
  try {
    const outcome = await postOnce(
      organizationId,
      { date: input.date, description, reference: (input.reference || posting.firstDocument).slice(0, 100), lines },
      actor,
      { kind, id: String(settlementId) },
      PAYMENT_OUTCOME_MESSAGES.alreadyPosted,
      withState,
    );
    if (!outcome.ok) return { ok: false, refusals: outcome.refusals };
    return {
      ok: true,
      settlementId: String(settlementId),
      ...(outcome.entry.number ? { entryNumber: outcome.entry.number } : {}),
    };
  } catch (error) {
    if (error instanceof BalanceChanged) return refused(PAYMENT_OUTCOME_MESSAGES.changed);
    throw error;
  }
}

/**
 * Why a cobro / pago cannot be registered from this REP: not one of the side's (an issued REP
 * documents a cobro, a received one a pago), already used by a cobro / pago not undone, not naming
 * an applied document, or applying more than it says was paid. Null when it can.
 */
async function repRefusal(
  organizationId: string,
  side: Side,
  clave: string,
  applications: readonly { itemId: string; amount: bigint }[],
  byId: ReadonlyMap<string, OpenItemRecord>,
): Promise<string | null> {
  const [rep] = await repsNaming(organizationId, { clave });
  if (!rep || rep.direction !== (side === "receivable" ? "issued" : "received"))
    return PAYMENT_OUTCOME_MESSAGES.repNotFound;
  if ((await usedRepKeys(organizationId, [rep.clave])).size > 0) return PAYMENT_OUTCOME_MESSAGES.repUsed;
  const named = new Set(rep.referencedClaves);
  for (const application of applications) {
    const item = byId.get(application.itemId);
    // An item not of this counterparty: the plan refuses it.
    if (item && !named.has(item.key)) return PAYMENT_OUTCOME_MESSAGES.repOtherDocument(itemLabel(item));
  }
  const applied = applications.reduce((sum, application) => sum + application.amount, 0n);
  if (applied > rep.totalColones) return PAYMENT_OUTCOME_MESSAGES.repExceeded(formatReportAmount(rep.totalColones));
  return null;
}

/**
 * Undoes a cobro / pago: the ledger service reverses its entry on `date` and, in the same
 * transaction, the settlement is marked undone and the items get back what it applied.
 */
export async function undoPayment(
  organizationId: string,
  settlementId: string,
  date: CalendarDate,
  actor: Actor,
  /** The bank reconciliation undone with it, in the same transaction. */
  alongside?: (session: ClientSession) => Promise<void>,
): Promise<PaymentOutcome> {
  const settlement = await findSettlement(organizationId, settlementId);
  if (!settlement) return refused(PAYMENT_OUTCOME_MESSAGES.settlementNotFound, true);
  if (settlement.kind === "nota" || !settlement.entryId) return refused(PAYMENT_OUTCOME_MESSAGES.notAPayment);
  if (settlement.reversedOn) return refused(PAYMENT_OUTCOME_MESSAGES.alreadyReversed);
  if (date < settlement.date) return refused(PAYMENT_OUTCOME_MESSAGES.undoBeforePayment);
  if (!alongside && (await settlementIsReconciled(organizationId, settlement._id)))
    return refused(PAYMENT_OUTCOME_MESSAGES.reconciled);
  try {
    const outcome = await reverse(
      organizationId,
      String(settlement.entryId),
      { ...actor, date },
      async (reversal, session) => {
        const marked = await markSettlementReversed(
          organizationId,
          settlement._id,
          { date, entryId: reversal._id, ...(reversal.number ? { entryNumber: reversal.number } : {}) },
          session,
        );
        if (!marked) throw new BalanceChanged();
        const items = await findOpenItems(
          { organizationId, ids: settlement.lines.map((line) => line.itemId) },
          session,
        );
        const byId = new Map(items.map((item) => [String(item._id), item]));
        const moves = settlement.lines.map((line) => ({
          item: byId.get(String(line.itemId)),
          delta: -line.delta,
          foreignDelta: line.foreignDelta,
        }));
        // A dollar payment gives the items back their dollars with their colones.
        const found = moves.flatMap(({ item, delta, foreignDelta }) =>
          item
            ? [
                {
                  item,
                  delta,
                  ...(foreignDelta === undefined ? {} : { foreignBalance: dollarsOpenOf(item) - foreignDelta }),
                },
              ]
            : [],
        );
        if (found.length !== moves.length || !(await moveItemBalances(organizationId, found, session)))
          throw new BalanceChanged();
        if (alongside) await alongside(session);
      },
    );
    if (!outcome.ok) return { ok: false, refusals: outcome.refusals };
    return { ok: true, settlementId };
  } catch (error) {
    if (error instanceof BalanceChanged) return refused(PAYMENT_OUTCOME_MESSAGES.changed);
    throw error;
  }
}
