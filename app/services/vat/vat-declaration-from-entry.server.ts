import { notFoundRefusal, refused, type Refused } from "~/domain/refusal";
import { monthLabel, type MonthKey } from "~/domain/calendar";
import {
  countedReceipts,
  declaredFiguresFromEntry,
  declaredTotalsFromEntry,
  SETTLEMENT_SOURCE_KIND,
} from "~/domain/iva";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { linesOf, standingEntryOf, type Actor } from "~/services/ledger/ledger.server";
import { withTransaction } from "~/utils/db.server";
import { currentDeclaration, insertDeclaration, nextDeclarationVersion } from "~models/vat-declaration";
import { monthReceiptIdsStoredBy } from "./receipts-iva.server";
import { loadVatMonth } from "./vat-return.server";
import { isDuplicateKeyError } from "~models/mongo-errors";

/**
 * «Registrar declaración» for a month liquidated before the app kept declarations (decision 239): its
 * settlement entry stands but no declaration says what was declared. The declaration is recorded from
 * that entry (what it moved on each account, the totals it stands for) and the documents the month had
 * when the entry was posted; what changed since then shows as «desactualizada», to be rectified.
 */
export type RecordOutcome = { ok: true; version: number } | Refused;

export async function recordDeclarationFromEntry(
  organizationId: string,
  month: MonthKey,
  actor: Actor,
): Promise<RecordOutcome> {
  const label = monthLabel(month);
  const entry = await standingEntryOf(organizationId, { kind: SETTLEMENT_SOURCE_KIND, id: month });
  if (!entry) return refused(notFoundRefusal(`El IVA de ${label} no está liquidado.`));
  const already = `La declaración de ${label} ya está registrada.`;
  if (await currentDeclaration(organizationId, month)) return refused({ message: already, kind: "conflict" });
  const [vat, accounts, stored] = await Promise.all([
    loadVatMonth(organizationId, month),
    getDefaultAccounts(organizationId),
    monthReceiptIdsStoredBy(organizationId, month, entry.postedAt ?? entry.createdAt),
  ]);
  const net = new Map<string, bigint>();
  for (const line of linesOf(entry)) net.set(line.account, (net.get(line.account) ?? 0n) + line.debit - line.credit);
  const totals = declaredTotalsFromEntry(net, accounts, vat.ivaReturn.totals.previousCreditBalance);
  const receipts = countedReceipts(vat.ivaReturn)
    .map((receipt) => receipt.receiptId)
    .filter((id) => stored.has(id));
  const figures = declaredFiguresFromEntry(totals, receipts);
  const version = await nextDeclarationVersion(organizationId, month);
  const now = actor.now ?? new Date();
  try {
    await withTransaction((session) =>
      insertDeclaration(
        {
          organizationId,
          month,
          version,
          status: "vigente",
          totals: {
            debit: String(totals.debit),
            credit: String(totals.credit),
            previousCreditBalance: String(totals.previousCreditBalance),
            payable: String(totals.payable),
            creditBalance: String(totals.creditBalance),
          },
          lines: figures.lines.map((line) => ({ label: line.label, amount: String(line.amount) })),
          accounts: [...net]
            .filter(([, amount]) => amount !== 0n)
            .map(([account, amount]) => ({ account, amount: String(amount) })),
          receipts: receipts.map((id) => ({ id, clave: vat.claves.get(id) ?? "" })),
          entryId: String(entry._id),
          entryNumber: entry.number ?? null,
          fromEntry: true,
          by: actor.by,
          at: now,
          history: [{ at: now, by: actor.by, status: "vigente" }],
        },
        session,
      ),
    );
  } catch (error) {
    // Two «Registrar declaración» at once: the unique (month, version) index lets one through.
    if (isDuplicateKeyError(error)) return refused({ message: already, kind: "conflict" });
    throw error;
  }
  return { ok: true, version };
}
