/**
 * An entry's history as people read it: who, when, what happened and, for a change, each field
 * before and after. The ledger service stores the snapshots (dates AAAA-MM-DD, amounts "1234.56");
 * this turns them into dd/mm/aaaa and ₡1 234,56.
 */
import { formatCalendarDate, parseCalendarDate } from "../calendar";
import { parseDecimal } from "../money";
import { HISTORY_ACTION_LABELS } from "./labels";
import { colones } from "./money";

export interface HistoryChange {
  field: string;
  before: string;
  after: string;
}

interface SnapshotLine {
  account?: unknown;
  description?: unknown;
  debit?: unknown;
  credit?: unknown;
}

const FIELD_LABELS: Record<string, string> = {
  date: "Fecha",
  description: "Descripción",
  reference: "Referencia",
  lines: "Líneas",
  number: "Número",
  reversal: "Reversión",
};

const FIELD_ORDER = ["number", "reversal", "date", "description", "reference", "lines"];

function money(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const centimos = parseDecimal(text, 2);
  return centimos === null || centimos === 0n ? null : colones(centimos);
}

/** "10-01-01-01-00 débito ₡1 000,00 (Depósito)" for each line, one per row. */
export function describeLines(lines: unknown): string {
  if (!Array.isArray(lines) || lines.length === 0) return "—";
  return (lines as SnapshotLine[])
    .map((line) => {
      const debit = money(line.debit);
      const credit = money(line.credit);
      const side = debit ? `débito ${debit}` : credit ? `crédito ${credit}` : "sin monto";
      const description = typeof line.description === "string" && line.description ? ` (${line.description})` : "";
      return `${String(line.account ?? "")} ${side}${description}`;
    })
    .join("\n");
}

function describeValue(field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (field === "lines") return describeLines(value);
  if (field === "date" && typeof value === "string") {
    const date = parseCalendarDate(value);
    return date ? formatCalendarDate(date) : value;
  }
  return typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The fields a history record changed, in a stable order, before and after. */
export function describeChanges(before: unknown, after: unknown): HistoryChange[] {
  const [old, now] = [asRecord(before), asRecord(after)];
  const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])].sort((a, b) => rank(a) - rank(b));
  return fields.map((field) => ({
    field: FIELD_LABELS[field] ?? field,
    before: describeValue(field, old[field]),
    after: describeValue(field, now[field]),
  }));
}

export function historyActionLabel(action: string): string {
  return HISTORY_ACTION_LABELS[action] ?? action;
}
