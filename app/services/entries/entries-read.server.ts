/**
 * The books' read screens (entries list, one entry, movements per account): what each page shows,
 * read through the ledger service's public reads and shaped for the page (text already formatted,
 * nothing the browser would have to compute).
 */
import { Types } from "mongoose";
import { findUserById } from "~models/user";
import { formatCalendarDate, formatDateTime, type CalendarDate } from "~/domain/calendar";
import { indexCatalog, type CatalogNode } from "~/domain/catalog";
import {
  ENTRY_COLUMNS,
  MOVEMENT_COLUMNS,
  entryCredit,
  entryDebit,
  screenCell,
  type EntryRowSource,
} from "~/domain/entries/columns";
import { describeChanges, historyActionLabel } from "~/domain/entries/history";
import { displayStatus, entriesCount, movementsCount, sourceLabel, STATUS_LABELS } from "~/domain/entries/labels";
import { colones, dollarLine, dollars } from "~/domain/entries/money";
import { ENTRY_PAGE_SIZE, MOVEMENT_PAGE_SIZE, type EntryListQuery, type MovementQuery } from "~/domain/entries/query";
import { sourceLink, undoneElsewhere } from "~/domain/entries/source";
import type { EntryHistoryItem, EntryListRow, EntryView, LinkedEntry, MovementView } from "~/domain/entries/view";
export type { EntryHistoryItem, EntryListRow, EntryView, MovementView } from "~/domain/entries/view";
import { ENTRY_NOT_FOUND } from "~/domain/ledger";
import { found, notFoundRefusal, refused, type Refusal, type Result } from "~/domain/refusal";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { accountMovements, getEntry, listEntries, type EntryFilters } from "~/services/ledger/ledger.server";
import type { OrganizationSummary } from "~/utils/account.server";

/** The largest page the ledger reads hand out: downloads walk the filtered list in pages of this size. */
export const EXPORT_PAGE_SIZE = 500;

export function unknownAccount(code: string): string {
  return `La cuenta ${code} no existe en el catálogo de este cliente.`;
}

/** An integer read back from MongoDB (bigint, Long, or a safe number) as an exact bigint. */
export function asBigInt(value: unknown): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Monto inexacto leído de la base de datos: ${value}`);
    return BigInt(value);
  }
  return BigInt(String(value));
}

interface StoredEntry {
  _id: unknown;
  date: string;
  number?: string;
  description: string;
  reference?: string;
  source: { kind: string; id?: string };
  status: "borrador" | "contabilizado";
  reversedBy?: unknown;
  reversalOf?: unknown;
  /** Closed bank reconciliations that hold it (it can be neither edited nor reversed). */
  bankLocks?: string[];
  lines: Array<{
    account: string;
    description?: string;
    debit: unknown;
    credit: unknown;
    currency?: string;
    foreignAmount?: unknown;
    rate?: unknown;
  }>;
}

/** A stored entry as the shared columns read it (exact amounts). */
export function rowSource(entry: StoredEntry): EntryRowSource {
  return {
    date: entry.date,
    number: entry.number,
    description: entry.description,
    reference: entry.reference ?? "",
    source: entry.source,
    status: entry.status,
    reversedBy: entry.reversedBy,
    lines: entry.lines.map((line) => ({ debit: asBigInt(line.debit), credit: asBigInt(line.credit) })),
  };
}

/** The catalog and the account a filter names (a parent stands for its children), or why it is refused. */
async function catalogWithAccount(organizationId: string, account: string | null) {
  const { tree } = await loadCatalog(organizationId);
  const index = indexCatalog(tree);
  if (account === null) return { tree, index, node: null, problem: null };
  const node = index.get(account) ?? null;
  return {
    tree,
    index,
    node,
    problem: node ? null : ({ field: "account", message: unknownAccount(account) } satisfies Refusal),
  };
}

function filtersOf(query: Omit<EntryListQuery, "page">): EntryFilters {
  return {
    from: query.from,
    to: query.to,
    ...(query.q ? { text: query.q } : {}),
    ...(query.account ? { account: query.account } : {}),
    ...(query.source ? { source: query.source } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
}

/** Every entry of the filter, page after page, in the list's order (newest first). */
export async function* filteredEntries(
  organizationId: string,
  query: Omit<EntryListQuery, "page">,
): AsyncGenerator<StoredEntry> {
  const filters = filtersOf(query);
  for (let page = 1; ; page++) {
    const list = await listEntries(organizationId, filters, { page, pageSize: EXPORT_PAGE_SIZE });
    yield* list.rows as unknown as StoredEntry[];
    if (page >= list.pageCount) return;
  }
}

/**
 * Σ debits and Σ credits of the whole filter. The ledger sums the debits; credits equal them for
 * every posted entry, so only the drafts of the filter (few, and possibly unbalanced) are read.
 */
async function filterTotals(organizationId: string, query: Omit<EntryListQuery, "page">, totalDebit: bigint) {
  if (query.status === "contabilizado" || query.status === "revertido")
    return { debit: totalDebit, credit: totalDebit };
  let draftDebit = 0n;
  let draftCredit = 0n;
  for await (const draft of filteredEntries(organizationId, { ...query, status: "borrador" })) {
    const source = rowSource(draft);
    draftDebit += entryDebit(source);
    draftCredit += entryCredit(source);
  }
  return { debit: totalDebit, credit: totalDebit - draftDebit + draftCredit };
}

function listRow(entry: StoredEntry): EntryListRow {
  const source = rowSource(entry);
  const status = displayStatus(source);
  return {
    id: String(entry._id),
    date: screenCell(ENTRY_COLUMNS.fecha, source),
    number: source.number ?? "",
    description: source.description,
    reference: source.reference,
    source: sourceLabel(source.source.kind),
    status,
    statusLabel: STATUS_LABELS[status],
    debit: screenCell(ENTRY_COLUMNS.debitos, source),
    credit: screenCell(ENTRY_COLUMNS.creditos, source),
  };
}

/** The entries list: one page of the filter, its count and the totals of the whole filter. */
export async function entryListView(organization: OrganizationSummary, query: EntryListQuery, problems: Refusal[]) {
  const catalog = await catalogWithAccount(organization.id, query.account);
  const effective: EntryListQuery = catalog.problem ? { ...query, account: null } : query;
  const list = await listEntries(organization.id, filtersOf(effective), {
    page: effective.page,
    pageSize: ENTRY_PAGE_SIZE,
  });
  const debit = asBigInt(list.totalDebit);
  const totals = await filterTotals(organization.id, effective, debit);
  return {
    organization: { cedula: organization.cedula, name: organization.name },
    query: { ...effective, page: list.page },
    problems: catalog.problem ? [...problems, catalog.problem] : problems,
    rangeLabel: `${formatCalendarDate(effective.from)} – ${formatCalendarDate(effective.to)}`,
    catalog: catalog.tree,
    accountLabel: catalog.node ? `${catalog.node.key} ${catalog.node.label}` : null,
    rows: (list.rows as unknown as StoredEntry[]).map(listRow),
    count: list.count,
    countText: entriesCount(list.count),
    page: list.page,
    pageCount: list.pageCount,
    pageSize: list.pageSize,
    totals: {
      debit: colones(totals.debit),
      credit: colones(totals.credit),
      difference: totals.debit === totals.credit ? null : colones(totals.debit - totals.credit),
    },
  };
}

export type EntryListView = Awaited<ReturnType<typeof entryListView>>;

async function authorNames(ids: Iterable<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    const user = Types.ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id) ? await findUserById(id) : null;
    names.set(id, user?.email ?? id);
  }
  return names;
}

async function linkedEntry(organizationId: string, id: unknown): Promise<LinkedEntry | null> {
  if (!id) return null;
  const entry = await getEntry(organizationId, String(id));
  return entry ? { id: String(entry._id), number: entry.number ?? "borrador" } : null;
}

function lineLabel(index: ReadonlyMap<string, CatalogNode>, code: string): string {
  return index.get(code)?.label ?? "Cuenta fuera del catálogo";
}

/**
 * One entry of the organization, read-only, with its lines (labels from the merged catalog), totals,
 * source, links to its reversal both ways and its history. Unknown ids and other organizations'
 * entries are 404 «Asiento no encontrado».
 */
export async function entryView(
  organization: OrganizationSummary,
  id: string | undefined,
  admin: boolean,
): Promise<Result<EntryView>> {
  const entry = id
    ? ((await getEntry(organization.id, id)) as unknown as
        | (StoredEntry & {
            history?: Array<{ at: Date; by: string; action: string; before?: unknown; after?: unknown }>;
            createdAt?: Date;
            createdBy?: string;
            postedAt?: Date;
          })
        | null)
    : null;
  if (!entry) return refused(notFoundRefusal(ENTRY_NOT_FOUND));
  const { tree } = await loadCatalog(organization.id);
  const index = indexCatalog(tree);
  const source = rowSource(entry);
  const status = displayStatus(source);
  const history = entry.history ?? [];
  const names = await authorNames(history.map((item) => item.by));
  const [reversalOf, reversedBy] = await Promise.all([
    linkedEntry(organization.id, entry.reversalOf),
    linkedEntry(organization.id, entry.reversedBy),
  ]);
  const link = sourceLink(entry.source);
  const debit = entryDebit(source);
  const credit = entryCredit(source);
  return found({
    organization: { cedula: organization.cedula, name: organization.name },
    entry: {
      id: String(entry._id),
      number: entry.number ?? null,
      date: entry.date as CalendarDate,
      dateText: formatCalendarDate(entry.date as CalendarDate),
      description: entry.description,
      reference: entry.reference ?? "",
      status,
      statusLabel: STATUS_LABELS[status],
      source: {
        label: link.label,
        kind: sourceLabel(entry.source.kind),
        // Clients do not open admin screens (templates, rules, invoices): the label stays, the link goes.
        to: link.to && (admin || !link.to.startsWith("/admin/")) ? link.to : null,
      },
      reversalOf,
      reversedBy,
      lines: entry.lines.map((line, position) => ({
        position: position + 1,
        account: line.account,
        label: lineLabel(index, line.account),
        description: line.description ?? "",
        debit: asBigInt(line.debit) > 0n ? colones(asBigInt(line.debit)) : "",
        credit: asBigInt(line.credit) > 0n ? colones(asBigInt(line.credit)) : "",
        dollars:
          line.currency === "USD" && asBigInt(line.foreignAmount) > 0n
            ? dollarLine(asBigInt(line.foreignAmount), line.rate == null ? undefined : asBigInt(line.rate))
            : "",
      })),
      totals: {
        debit: colones(debit),
        credit: colones(credit),
        difference: debit === credit ? null : colones(debit - credit),
      },
      history: history.map((item): EntryHistoryItem => ({
        at: formatDateTime(item.at),
        by: names.get(item.by) ?? item.by,
        action: historyActionLabel(item.action),
        changes: describeChanges(item.before, item.after),
      })),
    },
    undoneElsewhere:
      admin && entry.status === "contabilizado" && !entry.reversedBy ? undoneElsewhere(entry.source.kind) : null,
    can: {
      edit: admin && !entry.reversedBy && !entry.reversalOf && !entry.bankLocks?.length,
      reverse:
        admin &&
        entry.status === "contabilizado" &&
        !entry.reversedBy &&
        !entry.reversalOf &&
        !entry.bankLocks?.length &&
        !undoneElsewhere(entry.source.kind),
      deleteDraft: admin && entry.status === "borrador",
    },
  });
}

/** The movement list: the account's opening balance, one page of movements with running balances, the closing balance. */
export async function movementView(
  organization: OrganizationSummary,
  query: MovementQuery,
  problems: Refusal[],
): Promise<MovementView> {
  const catalog = await catalogWithAccount(organization.id, query.account);
  const base = {
    organization: { cedula: organization.cedula, name: organization.name },
    problems: catalog.problem ? [...problems, catalog.problem] : problems,
    catalog: catalog.tree,
    rangeLabel: `${formatCalendarDate(query.from)} – ${formatCalendarDate(query.to)}`,
  };
  if (!catalog.node) return { ...base, query: { ...query, account: null }, account: null, movements: null };
  const movements = await accountMovements(organization.id, {
    account: catalog.node.key,
    from: query.from,
    to: query.to,
    page: query.page,
    pageSize: MOVEMENT_PAGE_SIZE,
  });
  return {
    ...base,
    query: { ...query, page: movements.page },
    account: { code: catalog.node.key, label: catalog.node.label, parent: catalog.node.children.length > 0 },
    movements: {
      opening: colones(asBigInt(movements.openingBalance)),
      closing: colones(asBigInt(movements.closingBalance)),
      totalDebit: colones(asBigInt(movements.totalDebit)),
      totalCredit: colones(asBigInt(movements.totalCredit)),
      dollars:
        catalog.node.currency === "USD"
          ? { opening: dollars(movements.openingDollars), closing: dollars(movements.closingDollars) }
          : null,
      count: movements.count,
      countText: movementsCount(movements.count),
      page: movements.page,
      pageCount: movements.pageCount,
      pageSize: movements.pageSize,
      rows: movements.rows.map((row, position) => {
        const source = {
          ...row,
          debit: asBigInt(row.debit),
          credit: asBigInt(row.credit),
          balance: asBigInt(row.balance),
        };
        return {
          key: `${row.entryId}-${position}`,
          entryId: row.entryId,
          date: screenCell(MOVEMENT_COLUMNS.fecha, source),
          number: row.number,
          account: row.account,
          accountLabel: lineLabel(catalog.index, row.account),
          description: row.description,
          lineDescription: row.lineDescription,
          debit: source.debit > 0n ? colones(source.debit) : "",
          credit: source.credit > 0n ? colones(source.credit) : "",
          balance: colones(source.balance),
          dollars: row.dollars ? dollarLine(row.dollars, row.rate) : "",
        };
      }),
    },
  };
}
