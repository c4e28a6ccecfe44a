import { Types } from "mongoose";
import { calendarDateOf, type CalendarDate } from "~/domain/calendar";
import { amountToCents, cents } from "~/domain/money";
import {
  creditNoteApplication,
  creditNoteLines,
  dollarsAfterColonesMove,
  dueDateOf,
  readTermDays,
  type Side,
} from "~/domain/open-items";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { withTransaction } from "~/utils/db.server";
import { listCounterparties, recordSeenParties } from "~models/counterparty";
import { isDuplicateKeyError } from "~models/mongo-errors";
import {
  existingItemKeys,
  findItemByKey,
  markNoteApplied,
  openItemKeys,
  unappliedNotes,
  type OpenItemRecord,
} from "~models/open-item";
import { insertItems, moveItemBalances } from "~models/open-item-writes";
import {
  openItemSourceClaves,
  organizationsWithOpenItemSources,
  receiptsForOpenItems,
  type ReceiptForOpenItem,
} from "~models/open-item-sources";
import { insertSettlement } from "~models/settlement";
import { withdrawRejectedItems } from "./rejected.server";

/** The cédula under which documents without the other party's identification are grouped. */
export const UNIDENTIFIED = "";

function partyOf(receipt: ReceiptForOpenItem) {
  const party = receipt.direction === "issued" ? receipt.receptor : receipt.emisor;
  return {
    cedula: party?.numero ?? UNIDENTIFIED,
    nombre: party?.numero ? party.nombre : "Sin identificación",
    ...(party?.tipo ? { tipo: party.tipo } : {}),
    ...(party?.correo ? { correo: party.correo } : {}),
    seenAt: receipt.fechaEmision,
  };
}

/**
 * The side a document is booked on, as the booking does: purchases (received documents, and the
 * FEC the organization issues as buyer) credit proveedores; sales debit clientes. A credit note
 * follows the document it names.
 */
function sideOf(receipt: ReceiptForOpenItem, referencedSide: Side | undefined): Side {
  if (receipt.kind === "NC" && referencedSide) return referencedSide;
  return receipt.kind === "FEC" || receipt.direction === "received" ? "payable" : "receivable";
}

/**
 * Takes out the items of those receipts that were rejected meanwhile, makes the open items of the
 * organization's receipts that have none yet — all of them, or those among `receiptIds` — (idempotent:
 * an item's key is its receipt's clave), then applies the credit notes whose documents are now known. The receipts import path and the invoice issuing call it
 * once the documents are stored; the screens only read
 * (docs/decisions/258-open-items-made-where-receipts-arrive.md).
 */
export async function syncOpenItems(organizationId: string, receiptIds?: readonly string[]): Promise<number> {
  if (receiptIds && receiptIds.length === 0) return 0;
  await withdrawRejectedItems(organizationId, receiptIds);
  const claves = await openItemSourceClaves(organizationId, receiptIds);
  const known = await openItemKeys(organizationId, receiptIds ? claves : undefined);
  const missing = claves.filter((clave) => !known.has(clave));
  if (missing.length > 0) await deriveItems(organizationId, missing);
  await applyCreditNotes(organizationId);
  return missing.length;
}

/**
 * At every start: the items of receipts stored before items were made on import, or whose import
 * stopped between storing and deriving. Returns how many items were made.
 */
export async function syncAllOpenItems(): Promise<number> {
  let made = 0;
  for (const organizationId of await organizationsWithOpenItemSources()) made += await syncOpenItems(organizationId);
  return made;
}

async function deriveItems(organizationId: string, claves: readonly string[]): Promise<void> {
  const receipts = await receiptsForOpenItems(organizationId, claves);
  const accounts = await getDefaultAccounts(organizationId);
  const partyIds = await recordSeenParties(organizationId, receipts.map(partyOf));
  const parties = await listCounterparties(organizationId, [...partyIds.values()]);
  const termOf = new Map(parties.map((party) => [String(party._id), party.paymentTermDays]));
  const sides = new Map<string, Side>();
  const now = new Date();
  const records: Omit<OpenItemRecord, "_id">[] = [];
  for (const receipt of receipts) {
    const referencedKey = receipt.kind === "NC" ? receipt.referencedClaves[0] : undefined;
    const referenced = referencedKey
      ? (sides.get(referencedKey) ?? (await findItemByKey(organizationId, referencedKey))?.side)
      : undefined;
    const side = sideOf(receipt, referenced);
    sides.set(receipt.clave, side);
    const partyId = partyIds.get(partyOf(receipt).cedula)!;
    const fecha = calendarDateOf(receipt.fechaEmision);
    const plazoCredito = readTermDays(receipt.plazoCredito);
    const { dueDate, settledAtIssue } = dueDateOf({
      fecha,
      ...(receipt.condicionVenta ? { condicionVenta: receipt.condicionVenta } : {}),
      ...(plazoCredito === undefined ? {} : { plazoCredito }),
      ...(termOf.get(String(partyId)) === undefined ? {} : { partyTermDays: termOf.get(String(partyId))! }),
      bookedToCash: side === "receivable" && receipt.condicionVenta === "01" && !!accounts.cash,
    });
    const magnitude = amountToCents(receipt.totalColones);
    const amount = receipt.kind === "NC" ? -magnitude : magnitude;
    records.push({
      organizationId,
      side,
      partyId,
      key: receipt.clave,
      receiptId: receipt._id,
      kind: receipt.kind,
      consecutivo: receipt.consecutivo,
      fecha,
      dueDate,
      currency: receipt.moneda,
      ...(receipt.moneda === "CRC" ? {} : { foreignAmount: receipt.totalComprobante }),
      ...(receipt.moneda === "USD"
        ? {
            foreignBalance: settledAtIssue ? 0n : amount < 0n ? -receipt.totalComprobante : receipt.totalComprobante,
            rate: receipt.tipoCambio,
          }
        : {}),
      amount,
      balance: settledAtIssue ? 0n : amount,
      settledAtIssue,
      ...(receipt.condicionVenta ? { condicionVenta: receipt.condicionVenta } : {}),
      ...(plazoCredito === undefined ? {} : { plazoCredito }),
      ...(referencedKey ? { referencedKey, noteApplied: false } : {}),
      createdAt: now,
    });
  }
  // Two imports deriving the same receipts at once: the retry finds the other one's items and skips them.
  await withTransaction(
    async (session) => {
      const taken = await existingItemKeys(
        organizationId,
        records.map((record) => record.key),
        session,
      );
      await insertItems(
        records.filter((record) => !taken.has(record.key)),
        session,
      );
    },
    { retryOn: isDuplicateKeyError },
  );
}

function later(a: string, b: string): CalendarDate {
  return (a > b ? a : b) as CalendarDate;
}

/** Each unapplied credit note whose document is known is applied to it, each in its own transaction. */
async function applyCreditNotes(organizationId: string): Promise<void> {
  for (const pending of await unappliedNotes(organizationId)) {
    await applyCreditNote(organizationId, pending).catch((error: unknown) => {
      // Another request changed one of the two balances meanwhile: the next screen applies it.
      if (!(error instanceof BalanceChanged)) throw error;
    });
  }
}

class BalanceChanged extends Error {}

/** A USD item's open dollars follow a move of its colones (decision 299). */
function dollarsAfter(item: OpenItemRecord, newBalance: bigint): { foreignBalance?: bigint } {
  return item.currency === "USD" ? { foreignBalance: dollarsAfterColonesMove(item, newBalance) } : {};
}

function applyCreditNote(organizationId: string, pending: OpenItemRecord): Promise<void> {
  return withTransaction(async (session) => {
    const note = await findItemByKey(organizationId, pending.key, session);
    const document = await findItemByKey(organizationId, pending.referencedKey!, session);
    if (!note || note.noteApplied || !document) return;
    await markNoteApplied(organizationId, note._id, session);
    if (note.settledAtIssue || document.side !== note.side || !document.partyId.equals(note.partyId)) return;
    const applied = creditNoteApplication(cents(document.balance), cents(note.balance));
    if (applied === 0n) return;
    const lines = creditNoteLines(String(document._id), String(note._id), applied);
    await insertSettlement(
      {
        _id: new Types.ObjectId(),
        organizationId,
        side: note.side,
        kind: "nota",
        partyId: note.partyId,
        date: later(note.fecha, document.fecha),
        lines: lines.map((line) => ({ itemId: new Types.ObjectId(line.itemId), delta: line.delta })),
        reference: note.consecutivo,
        createdBy: "sistema",
        createdAt: new Date(),
      },
      session,
    );
    const moved = await moveItemBalances(
      organizationId,
      [
        { item: document, delta: -applied, ...dollarsAfter(document, document.balance - applied) },
        { item: note, delta: applied, ...dollarsAfter(note, note.balance + applied) },
      ],
      session,
    );
    if (!moved) throw new BalanceChanged();
  });
}
