/** What the books' read screens show, shaped by the entries services and read by the components. */
import type { CalendarDate } from "~/domain/calendar";
import type { CatalogNode } from "~/domain/catalog";
import type { Refusal } from "~/domain/refusal";
import type { HistoryChange } from "./history";
import type { EntryDisplayStatus } from "./labels";
import type { MovementQuery } from "./query";

export interface EntryListRow {
  id: string;
  date: string;
  number: string;
  description: string;
  reference: string;
  source: string;
  status: EntryDisplayStatus;
  statusLabel: string;
  debit: string;
  credit: string;
}

export interface EntryHistoryItem {
  at: string;
  by: string;
  action: string;
  changes: HistoryChange[];
}

export interface EntryLineView {
  position: number;
  account: string;
  label: string;
  description: string;
  debit: string;
  credit: string;
  /** A line with dollars: «USD 1 000,00 × ₡510,00» (decision 282). */
  dollars: string;
}

/** One entry's page: the entry with its lines, totals, source and history, and what the user may do. */
export interface EntryView {
  organization: { cedula: string; name: string };
  entry: {
    id: string;
    number: string | null;
    date: CalendarDate;
    dateText: string;
    description: string;
    reference: string;
    status: EntryDisplayStatus;
    statusLabel: string;
    source: { label: string; kind: string; to: string | null };
    reversalOf: LinkedEntry | null;
    reversedBy: LinkedEntry | null;
    lines: EntryLineView[];
    totals: { debit: string; credit: string; difference: string | null };
    history: EntryHistoryItem[];
  };
  /** Where a feature's entry is undone instead of «Revertir» (admins only), or null. */
  undoneElsewhere: string | null;
  can: { edit: boolean; reverse: boolean; deleteDraft: boolean };
}

/** The entry an entry reverses or is reversed by. */
export interface LinkedEntry {
  id: string;
  number: string;
}

export interface MovementRowView {
  key: string;
  entryId: string;
  date: string;
  number: string;
  account: string;
  accountLabel: string;
  description: string;
  lineDescription: string;
  debit: string;
  credit: string;
  balance: string;
  /** A line with dollars: «USD 1 000,00 × ₡510,00». */
  dollars: string;
}

/** The movement list: the account's opening balance, one page of movements with running balances, the closing balance. */
export interface MovementView {
  organization: { cedula: string; name: string };
  problems: Refusal[];
  catalog: CatalogNode[];
  rangeLabel: string;
  query: Omit<MovementQuery, "account"> & { account: string | null };
  account: { code: string; label: string; parent: boolean } | null;
  movements: {
    opening: string;
    closing: string;
    totalDebit: string;
    totalCredit: string;
    /** An account kept in dollars: its dollar balances beside the colones (decision 282). */
    dollars: { opening: string; closing: string } | null;
    count: number;
    countText: string;
    page: number;
    pageCount: number;
    pageSize: number;
    rows: MovementRowView[];
  } | null;
}
