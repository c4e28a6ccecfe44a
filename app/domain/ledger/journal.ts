import { levelOf } from "../catalog";
import { centimosText } from "./format";
import { cents, formatAmount, type Amount, type Cents } from "../money";
import { signedDollars } from "./dollar-lines";

/**
 * The plain-text journal that hledger and ledger read unchanged (docs/design/books.md §7): accounts declared
 * first, then each posted entry with one posting per line, amounts in CRC, credits negative.
 */
export interface JournalAccount {
  code: string;
  label: string;
}

export interface JournalEntry {
  date: string;
  number: string;
  description: string;
  lines: ReadonlyArray<{
    account: string;
    description?: string;
    debit: Cents;
    credit: Cents;
    currency?: string;
    foreignAmount?: Amount;
    rate?: Amount;
  }>;
}

/**
 * `10-01-02-01-00` → `10:01:02:01`: the significant segments, so an hledger account depth equals
 * the catalog level.
 */
export function journalAccountName(code: string): string {
  return code.split("-").slice(0, levelOf(code)).join(":");
}

// A newline would end the transaction and a `;` would start a comment: neither may reach the file.
function oneLine(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, " ")
    .replace(/;/g, ",")
    .trim();
}

export function journalAmount(value: Cents): string {
  return `${centimosText(value)} CRC`;
}

export function accountDirective(account: JournalAccount): string {
  const label = oneLine(account.label);
  return `account ${journalAccountName(account.code)}${label ? `  ; ${label}` : ""}\n`;
}

export function journalTransaction(entry: JournalEntry): string {
  let text = `${entry.date} (${entry.number}) ${oneLine(entry.description)}\n`;
  for (const line of entry.lines) {
    const amount = line.debit > 0n ? line.debit : cents(-line.credit);
    const note = [line.description ? oneLine(line.description) : "", dollarTags(line)].filter(Boolean).join(", ");
    text += `    ${journalAccountName(line.account)}  ${journalAmount(amount)}${note ? `  ; ${note}` : ""}\n`;
  }
  return `${text}\n`;
}

/** «1000.00» from Amount units: the five decimals trimmed to what matters, at least two. */
function decimalText(value: Amount): string {
  return formatAmount(value).replace(/0{1,3}$/, "");
}

/**
 * A line's dollars as hledger tags (decision 283): `usd:-800.00, rate:498.00`, signed like the posting.
 * Tags, not a priced posting, so the amounts hledger sums stay the colones the books hold.
 */
function dollarTags(line: JournalEntry["lines"][number]): string {
  const dollars = signedDollars(line);
  if (dollars === 0n) return "";
  return `usd:${decimalText(dollars)}${line.rate ? `, rate:${decimalText(line.rate)}` : ""}`;
}

const CHUNK_CHARS = 64 * 1024;

/** The journal as chunks of text, so a year of entries streams without being held in memory. */
export async function* writeJournal(
  accounts: Iterable<JournalAccount>,
  entries: AsyncIterable<JournalEntry> | Iterable<JournalEntry>,
): AsyncGenerator<string> {
  let chunk = "";
  for (const account of accounts) chunk += accountDirective(account);
  chunk += "\n";
  for await (const entry of entries) {
    chunk += journalTransaction(entry);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}
