/**
 * Proposals for reconciling bank lines (docs/spec/bank.md §4): each proposal ties bank lines to posted
 * lines of the mapped account or to open items of customers and suppliers, with equal totals. Pure and
 * deterministic; every bank line, posted line and open item is used by at most one proposal.
 *
 * - One bank line ↔ one posted line: same amount, dates within the window; a shared reference ranks first.
 * - Two or three bank lines ↔ one posted line (a deposit the bank split), within the window.
 * - One bank line ↔ one or several open items: a cédula or name in the bank's text picks the
 *   counterparty; its oldest items in order, or up to three of them, summing to the amount.
 * - Two bank lines ↔ one open item (a payment in two parts) of the same named counterparty.
 */
import type { CalendarDate } from "../calendar";
import { searchText } from "../text";

export interface MatchBankLine {
  id: string;
  date: CalendarDate;
  /** Signed céntimos, positive = money into the account. */
  amount: bigint;
  reference: string;
  description: string;
}

export interface MatchBookLine {
  id: string;
  date: CalendarDate;
  /** Signed céntimos as the bank sees it: a debit to the bank account is positive. */
  amount: bigint;
  reference: string;
}

export interface MatchOpenItem {
  id: string;
  side: "receivable" | "payable";
  /** What is still open, positive céntimos. */
  balance: bigint;
  cedula: string;
  name: string;
  /** The document's consecutivo or number. */
  reference: string;
  dueDate: CalendarDate;
}

export interface MatchOptions {
  /** Days a bank line may be apart from the posted line it matches (0–90). */
  windowDays: number;
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = { windowDays: 7 };
export const MAX_WINDOW_DAYS = 90;
// Bounds of the searches, so a statement of 10 000 lines stays linear.
const MAX_CANDIDATES_PER_LINE = 20;
const MAX_NEIGHBOURS = 12;
const MAX_PARTY_ITEMS = 12;

export type Proposal =
  | { kind: "book"; bankLineIds: string[]; bookLineIds: string[]; score: number }
  | { kind: "items"; bankLineIds: string[]; items: Array<{ id: string; amount: bigint }>; score: number };

const DAY_MS = 86_400_000;

const dayNumbers = new Map<string, number>();

/** Days since 1970 of a calendar day; a statement has few distinct days, so each is parsed once. */
function dayNumber(date: CalendarDate): number {
  let day = dayNumbers.get(date);
  if (day === undefined) {
    day = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
    if (dayNumbers.size > 50_000) dayNumbers.clear();
    dayNumbers.set(date, day);
  }
  return day;
}

function compactReference(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** Digit runs of three or more, without leading zeros («CHEQUE 004512» → 4512). */
function numbers(text: string): string[] {
  return (text.match(/\d{3,}/g) ?? []).map((run) => run.replace(/^0+/, "")).filter((run) => run.length >= 3);
}

/**
 * Whether two references name the same thing: one contains the other (4 characters at least), or they
 * share a number of three digits or more once leading zeros are dropped.
 */
export function sameReference(a: string, b: string): boolean {
  const left = compactReference(a);
  const right = compactReference(b);
  if (left.length >= 4 && right.length >= 4 && (left.includes(right) || right.includes(left))) return true;
  const theirs = new Set(numbers(b));
  return numbers(a).some((run) => theirs.has(run));
}

/** The digit runs of a text with dashes and spaces between digits removed («3-101-123456» → 3101123456). */
function digitRuns(text: string): string[] {
  return text.replace(/(\d)[\s-](?=\d)/g, "$1").match(/\d{9,12}/g) ?? [];
}

const COMPANY_SUFFIX = new Set(["s", "a", "sa", "r", "l", "srl", "ltda", "sociedad", "anonima", "limitada"]);

/** Folded words without punctuation and without a trailing company form («S.A.», «Ltda.»). */
function words(text: string): string[] {
  const list = searchText(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter((word) => word !== "");
  while (list.length > 0 && COMPANY_SUFFIX.has(list[list.length - 1])) list.pop();
  return list;
}

/** Whether the bank's text names this counterparty: its cédula, or its whole name (two words at least). */
export function namesParty(bankText: string, party: { cedula: string; name: string }): boolean {
  if (party.cedula && digitRuns(bankText).includes(party.cedula)) return true;
  const name = words(party.name);
  return name.length >= 2 && ` ${words(bankText).join(" ")} `.includes(` ${name.join(" ")} `);
}

function sum(values: readonly bigint[]): bigint {
  return values.reduce((total, value) => total + value, 0n);
}

interface Used {
  bank: Set<string>;
  book: Set<string>;
  items: Set<string>;
}

function free(used: Used, proposal: Proposal): boolean {
  if (proposal.bankLineIds.some((id) => used.bank.has(id))) return false;
  if (proposal.kind === "book") return !proposal.bookLineIds.some((id) => used.book.has(id));
  return !proposal.items.some((item) => used.items.has(item.id));
}

function take(used: Used, proposal: Proposal): void {
  for (const id of proposal.bankLineIds) used.bank.add(id);
  if (proposal.kind === "book") for (const id of proposal.bookLineIds) used.book.add(id);
  else for (const item of proposal.items) used.items.add(item.id);
}

/** Highest score first; ties broken by ids so the result never depends on input order. */
function byScore(a: Proposal, b: Proposal): number {
  if (a.score !== b.score) return b.score - a.score;
  const keyA = [...a.bankLineIds, ...(a.kind === "book" ? a.bookLineIds : a.items.map((item) => item.id))].join(",");
  const keyB = [...b.bankLineIds, ...(b.kind === "book" ? b.bookLineIds : b.items.map((item) => item.id))].join(",");
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}

function accept(candidates: Proposal[], used: Used, into: Proposal[]): void {
  candidates.sort(byScore);
  for (const candidate of candidates) {
    if (!free(used, candidate)) continue;
    take(used, candidate);
    into.push(candidate);
  }
}

function bookCandidates(
  bank: readonly MatchBankLine[],
  book: readonly MatchBookLine[],
  options: MatchOptions,
  used: Used,
): Proposal[] {
  const byAmount = new Map<bigint, MatchBookLine[]>();
  for (const line of book) {
    if (used.book.has(line.id) || line.amount === 0n) continue;
    const list = byAmount.get(line.amount) ?? [];
    list.push(line);
    byAmount.set(line.amount, list);
  }
  const candidates: Proposal[] = [];
  const within = (a: CalendarDate, b: CalendarDate) => Math.abs(dayNumber(a) - dayNumber(b)) <= options.windowDays;

  for (const line of bank) {
    if (used.bank.has(line.id)) continue;
    const near = (byAmount.get(line.amount) ?? [])
      .filter((other) => within(line.date, other.date))
      .sort(
        (a, b) =>
          Math.abs(dayNumber(a.date) - dayNumber(line.date)) - Math.abs(dayNumber(b.date) - dayNumber(line.date)),
      )
      .slice(0, MAX_CANDIDATES_PER_LINE);
    for (const other of near) {
      const days = Math.abs(dayNumber(other.date) - dayNumber(line.date));
      const score = 100 - days + (sameReference(line.reference, other.reference) ? 50 : 0);
      candidates.push({ kind: "book", bankLineIds: [line.id], bookLineIds: [other.id], score });
    }
  }

  // Two or three bank lines of one sign, near in date, that together are one posted line.
  const open = bank
    .filter((line) => !used.bank.has(line.id) && line.amount !== 0n)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  for (let i = 0; i < open.length; i += 1) {
    const neighbours: MatchBankLine[] = [];
    for (let j = i + 1; j < open.length && neighbours.length < MAX_NEIGHBOURS; j += 1) {
      if (!within(open[i].date, open[j].date)) break;
      if (open[j].amount > 0n === open[i].amount > 0n) neighbours.push(open[j]);
    }
    // Pairs and triples in order; only a total some posted line has becomes a group.
    const propose = (group: MatchBankLine[], total: bigint) => {
      const last = group[group.length - 1].date;
      for (const other of byAmount.get(total) ?? []) {
        if (!within(open[i].date, other.date) || !within(last, other.date)) continue;
        candidates.push({
          kind: "book",
          bankLineIds: group.map((line) => line.id),
          bookLineIds: [other.id],
          score: 60 - group.length,
        });
      }
    };
    for (let a = 0; a < neighbours.length; a += 1) {
      const pair = open[i].amount + neighbours[a].amount;
      if (byAmount.has(pair)) propose([open[i], neighbours[a]], pair);
      for (let b = a + 1; b < neighbours.length; b += 1) {
        const triple = pair + neighbours[b].amount;
        if (byAmount.has(triple)) propose([open[i], neighbours[a], neighbours[b]], triple);
      }
    }
  }
  return candidates;
}

function itemCandidates(bank: readonly MatchBankLine[], items: readonly MatchOpenItem[], used: Used): Proposal[] {
  const candidates: Proposal[] = [];
  const openItems = items.filter((item) => item.balance > 0n && !used.items.has(item.id));
  const byBalance = new Map<string, MatchOpenItem[]>();
  for (const item of openItems) {
    const key = `${item.side}|${item.balance}`;
    byBalance.set(key, [...(byBalance.get(key) ?? []), item]);
  }
  const parties = new Map<string, MatchOpenItem[]>();
  for (const item of openItems) {
    const key = `${item.side}|${item.cedula}|${item.name}`;
    parties.set(key, [...(parties.get(key) ?? []), item]);
  }
  const partyOf = new Map<string, string[]>();

  for (const line of bank) {
    if (used.bank.has(line.id) || line.amount === 0n) continue;
    const side = line.amount > 0n ? "receivable" : "payable";
    const wanted = line.amount > 0n ? line.amount : -line.amount;
    const text = `${line.description} ${line.reference}`;
    // Exactly one open item of that amount, with a bonus when the text names its party or document.
    for (const item of byBalance.get(`${side}|${wanted}`) ?? []) {
      const named = namesParty(text, item);
      const referenced =
        sameReference(text, item.reference) ||
        (item.reference.length >= 4 && compactReference(text).includes(compactReference(item.reference).slice(-6)));
      candidates.push({
        kind: "items",
        bankLineIds: [line.id],
        items: [{ id: item.id, amount: wanted }],
        score: 40 + (named ? 30 : 0) + (referenced ? 30 : 0),
      });
    }
    // Several items of the counterparty the text names.
    const named = [...parties.entries()].filter(
      ([key, list]) => key.startsWith(`${side}|`) && namesParty(text, list[0]),
    );
    partyOf.set(
      line.id,
      named.map(([key]) => key),
    );
    for (const [, list] of named) {
      const ordered = [...list]
        .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id < b.id ? -1 : 1))
        .slice(0, MAX_PARTY_ITEMS);
      let running = 0n;
      for (let count = 0; count < ordered.length; count += 1) {
        running += ordered[count].balance;
        if (running > wanted) break;
        if (running === wanted && count > 0)
          candidates.push({
            kind: "items",
            bankLineIds: [line.id],
            items: ordered.slice(0, count + 1).map((item) => ({ id: item.id, amount: item.balance })),
            score: 50,
          });
      }
      for (let a = 0; a < ordered.length; a += 1)
        for (let b = a + 1; b < ordered.length; b += 1) {
          const pair = ordered[a].balance + ordered[b].balance;
          if (pair === wanted)
            candidates.push({
              kind: "items",
              bankLineIds: [line.id],
              items: [ordered[a], ordered[b]].map((item) => ({ id: item.id, amount: item.balance })),
              score: 45,
            });
          for (let c = b + 1; c < ordered.length; c += 1)
            if (pair + ordered[c].balance === wanted)
              candidates.push({
                kind: "items",
                bankLineIds: [line.id],
                items: [ordered[a], ordered[b], ordered[c]].map((item) => ({ id: item.id, amount: item.balance })),
                score: 44,
              });
        }
    }
  }

  // Two bank lines naming the same counterparty that together settle one of its items.
  const named = bank.filter((line) => !used.bank.has(line.id) && (partyOf.get(line.id)?.length ?? 0) > 0);
  for (let i = 0; i < named.length; i += 1)
    for (let j = i + 1; j < named.length && j <= i + MAX_NEIGHBOURS; j += 1) {
      const [first, second] = [named[i], named[j]];
      if (first.amount > 0n !== second.amount > 0n) continue;
      const shared = partyOf.get(first.id)!.filter((key) => partyOf.get(second.id)!.includes(key));
      const total = first.amount + second.amount;
      const wanted = total > 0n ? total : -total;
      for (const key of shared)
        for (const item of parties.get(key)!)
          if (item.balance === wanted)
            candidates.push({
              kind: "items",
              bankLineIds: [first.id, second.id],
              items: [{ id: item.id, amount: wanted }],
              score: 35,
            });
    }
  return candidates;
}

/** The proposals for the bank lines, best first per line, none sharing a line or an item. */
export function proposeMatches(
  bank: readonly MatchBankLine[],
  book: readonly MatchBookLine[],
  items: readonly MatchOpenItem[],
  options: MatchOptions = DEFAULT_MATCH_OPTIONS,
): Proposal[] {
  const windowDays = Math.max(0, Math.min(MAX_WINDOW_DAYS, Math.trunc(options.windowDays)));
  const used: Used = { bank: new Set(), book: new Set(), items: new Set() };
  const proposals: Proposal[] = [];
  accept(bookCandidates(bank, book, { windowDays }, used), used, proposals);
  accept(itemCandidates(bank, items, used), used, proposals);
  const dateOf = new Map(bank.map((line) => [line.id, line.date]));
  return proposals.sort((a, b) => {
    const dateA = dateOf.get(a.bankLineIds[0])!;
    const dateB = dateOf.get(b.bankLineIds[0])!;
    return dateA < dateB ? -1 : dateA > dateB ? 1 : byScore(a, b);
  });
}

/** The bank side and the matched side of a proposal, both as the bank sees them; equal by construction. */
export function proposalTotals(
  proposal: Proposal,
  bank: ReadonlyMap<string, MatchBankLine>,
  book: ReadonlyMap<string, MatchBookLine>,
  items: ReadonlyMap<string, MatchOpenItem>,
): { bank: bigint; matched: bigint } {
  const bankTotal = sum(proposal.bankLineIds.map((id) => bank.get(id)!.amount));
  if (proposal.kind === "book")
    return { bank: bankTotal, matched: sum(proposal.bookLineIds.map((id) => book.get(id)!.amount)) };
  const matched = sum(
    proposal.items.map((item) => (items.get(item.id)!.side === "receivable" ? item.amount : -item.amount)),
  );
  return { bank: bankTotal, matched };
}
