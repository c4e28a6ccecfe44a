/**
 * What /admin/bank and /admin/bank/:accountID show: the organization's bank accounts and the cash and
 * bank accounts of its catalog they may map to; one account's lines by state, a page at a time, and its
 * latest imports.
 */
import { found, type Result } from "~/domain/refusal";
import { latestBankStatements } from "~models/bank-statement";
import {
  BANK_LINE_STATES,
  countBankLinesByState,
  findBankStatementLines,
  type BankLineState,
} from "~models/bank-statement-line";
import {
  formatDateTime,
  isDateAccepted,
  monthLabel,
  parseCalendarDate,
  todayInCostaRica,
  type CalendarDate,
} from "~/domain/calendar";
import { cents } from "~/domain/money";
import { isSelectable } from "~/domain/catalog";
import {
  formatLabel,
  moneyOf,
  type BankAccountView,
  type BankLineView,
  type BankStatementView,
} from "~/domain/bank/view";
import { dateText } from "~/domain/text";
import type { BankMonthView, ProposalView, ReconciliationView } from "~/domain/bank/view";
import { reconciliationAt } from "./reconciliation.server";
import { bankAccountOf, bankAccountViews, catalogIndex, mappingOf, toBankAccountView } from "./accounts.server";
import { csvMappingValues } from "~/domain/bank/account-form";
import { matchingForPage } from "./matching.server";
import { monthHistoryOf } from "./month-close.server";

/** Proposals shown at once; accepting some shows the next ones. */
export const MAX_PROPOSALS_SHOWN = 100;
/** Lines shown per page of an account. */
export const BANK_LINES_PER_PAGE = 200;
/** The last page a visitor may ask for (200 × 500 = 100 000 lines). */
export const MAX_BANK_LINES_PAGE = 500;
const LATEST_IMPORTS = 10;
// Cash and bank accounts live under «Efectivo y equivalentes de efectivo».
const CASH_AND_BANKS = "10-01-01-";

export interface LedgerOption {
  value: string;
  label: string;
}

export async function bankPage(
  organizationId: string,
): Promise<{ accounts: BankAccountView[]; ledgerOptions: LedgerOption[] }> {
  const [accounts, index] = await Promise.all([bankAccountViews(organizationId), catalogIndex(organizationId)]);
  const ledgerOptions = [...index.values()]
    .filter((node) => node.key.startsWith(CASH_AND_BANKS) && isSelectable(node))
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((node) => ({ value: node.key, label: `${node.key} ${node.label}` }));
  return { accounts, ledgerOptions };
}

export interface BankAccountPage {
  account: BankAccountView;
  state: BankLineState | null;
  counts: Record<BankLineState, number>;
  page: number;
  pages: number;
  lines: BankLineView[];
  imports: BankStatementView[];
  proposals: ProposalView[];
  proposalCount: number;
  /** Proposals against posted lines, which «Aceptar las propuestas contra asientos» takes at once. */
  bookProposalCount: number;
  /** Names the proposals against posted lines shown, for accepting exactly those («» when none). */
  bookProposalsToken: string;
  reconciliation: ReconciliationView;
  /** The months marked reconciled (or reopened since), newest first. */
  months: BankMonthView[];
  /** The generic-CSV column mapping as the edit form's values. */
  mappingValues: Record<string, string>;
}

export function readLineState(text: string | null): BankLineState | null {
  return BANK_LINE_STATES.find((state) => state === text) ?? null;
}

/** The reconciliation's date: a real day within the app's accepted window, else today. */
export function readReconciliationDate(text: string | null, now: Date = new Date()): CalendarDate {
  const date = parseCalendarDate(text);
  return date && isDateAccepted(date) ? date : todayInCostaRica(now);
}

export function readPage(text: string | null): number {
  const page = Number(text ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= MAX_BANK_LINES_PAGE ? page : 1;
}

export async function bankAccountPage(
  organizationId: string,
  accountId: string,
  query: { state: BankLineState | null; page: number; at: CalendarDate },
): Promise<Result<BankAccountPage>> {
  const account = await bankAccountOf(organizationId, accountId);
  if (!account.ok) return account;
  const record = account.value;
  const filter = { organizationId, bankAccountId: record._id, ...(query.state ? { state: query.state } : {}) };
  const [index, counts, rows, statements, matching] = await Promise.all([
    catalogIndex(organizationId),
    countBankLinesByState(organizationId, record._id),
    findBankStatementLines(filter, { skip: (query.page - 1) * BANK_LINES_PER_PAGE, limit: BANK_LINES_PER_PAGE }),
    latestBankStatements(organizationId, record._id, LATEST_IMPORTS),
    matchingForPage(record),
  ]);
  const [reconciliation, months] = await Promise.all([reconciliationAt(record, query.at), monthHistoryOf(record)]);
  const money = (value: bigint) => moneyOf(cents(value), record.currency);
  const item = (entry: { count: number; amount: bigint }) => ({ count: entry.count, amount: money(entry.amount) });
  const proposals = matching.proposals.slice(0, MAX_PROPOSALS_SHOWN).map((proposal): ProposalView => {
    const bankLines = proposal.bankLineIds.map((id) => matching.bank.get(id)!);
    const amount = bankLines.reduce((total, line) => total + line.amount, 0n);
    const bankText = bankLines
      .map((line) => `${dateText(line.date)} ${line.description || line.reference}`)
      .join(" + ");
    const matchedText =
      proposal.kind === "book"
        ? proposal.bookLineIds
            .map((id) => matching.book.get(id)!)
            .map((line) => `Asiento ${line.number} del ${dateText(line.date)}: ${line.description}`)
            .join(" + ")
        : proposal.items
            .map((entry) => matching.items.get(entry.id)!)
            .map((item) => `${item.label} de ${item.name}`)
            .join(" + ");
    return {
      lineId: proposal.bankLineIds[0],
      kind: proposal.kind,
      moneyIn: amount > 0n,
      bankText,
      matchedText,
      amount: moneyOf(cents(amount), record.currency),
    };
  });
  const total = query.state ? counts[query.state] : counts.pendiente + counts.conciliado + counts.excluido;
  return found({
    account: toBankAccountView(record, index),
    state: query.state,
    counts,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / BANK_LINES_PER_PAGE)),
    lines: rows.map((row) => ({
      id: String(row._id),
      date: row.date as CalendarDate,
      amount: moneyOf(cents(row.amount), record.currency),
      moneyIn: row.amount > 0n,
      description: row.description,
      reference: row.reference,
      balance: row.balance === undefined ? "" : moneyOf(cents(row.balance), record.currency),
      state: row.state,
    })),
    imports: statements.map((statement) => ({
      id: String(statement._id),
      fileName: statement.fileName,
      formatLabel: formatLabel(statement.format),
      from: statement.from as CalendarDate,
      to: statement.to as CalendarDate,
      lineCount: statement.lineCount,
      newCount: statement.newCount,
      importedAt: statement.importedAt.toISOString(),
    })),
    proposals,
    proposalCount: matching.proposals.length,
    bookProposalCount: matching.proposals.filter((proposal) => proposal.kind === "book").length,
    bookProposalsToken: matching.bookToken ?? "",
    reconciliation: {
      date: reconciliation.date,
      bankBalance: reconciliation.bankBalance === null ? null : money(reconciliation.bankBalance),
      bookBalance: money(reconciliation.bookBalance),
      depositsInTransit: item(reconciliation.depositsInTransit),
      outstandingPayments: item(reconciliation.outstandingPayments),
      unrecorded: item(reconciliation.unrecorded),
      excluded: item(reconciliation.excluded),
      difference: reconciliation.difference === null ? null : money(reconciliation.difference),
      balanced: reconciliation.difference === 0n,
    },
    mappingValues: csvMappingValues(mappingOf(record)),
    months: months.map((month) => {
      const last = month.history[month.history.length - 1];
      return {
        month: month.month,
        label: monthLabel(month.month),
        closed: month.closed,
        lastEvent: last
          ? `${last.action === "conciliado" ? "Conciliado" : "Reabierto"} el ${formatDateTime(last.at)}`
          : "",
      };
    }),
  });
}
