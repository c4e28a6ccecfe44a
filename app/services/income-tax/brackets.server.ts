import { refusal, refused, type Refused, type RefusalKind } from "~/domain/refusal";
import {
  DECREE_TABLES,
  canEditBrackets,
  duplicateTables,
  isBracketKind,
  validateTable,
  type BracketTable,
} from "~/domain/income-tax";
import { cents } from "~/domain/money";
import type { RoleFlags } from "~/domain/roles";
import {
  findIncomeBracket,
  insertIncomeBracket,
  listIncomeBrackets,
  replaceIncomeBracket,
  type BracketChange,
  type BracketFields,
  type IncomeBracketRecord,
} from "~models/income-bracket";
import { withTransaction } from "~/utils/db.server";

/** A stored table with what the screen needs to edit it safely and show its changes. */
export interface StoredTable extends BracketTable {
  revision: number;
  history: { at: Date; by: string; action: BracketChange["action"] }[];
}

// The driver hands 64-bit integers back as numbers or Longs on a lean read: céntimos are read back exactly.
const exact = (value: unknown): bigint => (typeof value === "bigint" ? value : BigInt(String(value)));
const orNull = (value: unknown) => (value === null || value === undefined ? null : cents(exact(value)));

function toTable(record: IncomeBracketRecord): StoredTable | null {
  if (!isBracketKind(record.kind)) return null;
  return {
    year: record.year,
    kind: record.kind,
    brackets: record.brackets.map((bracket) => ({
      from: cents(exact(bracket.from)),
      to: orNull(bracket.to),
      rate: bracket.rate,
    })),
    grossIncomeThreshold: orNull(record.grossIncomeThreshold),
    childCredit: orNull(record.childCredit),
    spouseCredit: orNull(record.spouseCredit),
    decree: record.decree,
    source: record.source,
    unconfirmed: record.unconfirmed,
    revision: record.revision,
    history: (record.history ?? []).map(({ at, by, action }) => ({ at, by, action })),
  };
}

function fieldsOf(table: BracketTable): BracketFields {
  return {
    year: table.year,
    kind: table.kind,
    brackets: table.brackets.map((bracket) => ({ from: bracket.from, to: bracket.to, rate: bracket.rate })),
    grossIncomeThreshold: table.grossIncomeThreshold,
    childCredit: table.childCredit,
    spouseCredit: table.spouseCredit,
    decree: table.decree.trim(),
    source: table.source.trim(),
    unconfirmed: table.unconfirmed,
  };
}

/** The table as the audit keeps it: JSON with céntimos as text. */
function snapshot(table: BracketTable | null): string {
  if (!table) return "";
  return JSON.stringify(fieldsOf(table), (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

function change(by: string, action: BracketChange["action"], before: BracketTable | null, after: BracketTable) {
  return { at: new Date(), by, action, before: snapshot(before), after: snapshot(after) } satisfies BracketChange;
}

/** Every stored table, newest year first; only one year's when given. */
export async function listBracketTables(year?: number): Promise<StoredTable[]> {
  const records = await listIncomeBrackets(year === undefined ? {} : { year });
  return records.map(toTable).filter((table): table is StoredTable => table !== null);
}

export async function findBracketTable(year: number, kind: string): Promise<StoredTable | null> {
  const record = await findIncomeBracket(year, kind);
  return record ? toTable(record) : null;
}

/** The seeded decree tables that are missing (an edited table is never overwritten): how many were created. */
export async function seedDecreeTables(by = "seed"): Promise<number> {
  const duplicates = duplicateTables(DECREE_TABLES);
  if (duplicates.length > 0) throw new Error(`duplicate decree tables: ${duplicates.join(", ")}`);
  let created = 0;
  for (const table of DECREE_TABLES) {
    const problems = validateTable(table);
    if (problems.length > 0) throw new Error(`decree table ${table.year} ${table.kind}: ${problems[0].message}`);
    if (await insertIncomeBracket(fieldsOf(table), change(by, "seed", null, table))) created++;
  }
  return created;
}

export const BRACKET_MESSAGES = {
  forbidden: "Solo un superadministrador puede cambiar los tramos del impuesto de renta.",
  exists: (year: number) => `Ya existe una tabla de ese tipo para ${year}; edítela en lugar de crear otra.`,
  stale: "Otra persona cambió esta tabla mientras usted la editaba. Revise los montos actuales y vuelva a guardar.",
  notFound: "No existe esa tabla de tramos.",
  nothingToCopy: (year: number) => `No hay tablas de ${year} para copiar.`,
} as const;

export type SaveOutcome = { ok: true } | Refused;

const refusedAs = (kind: RefusalKind, message: string, field?: string): Refused =>
  refused({ message, kind, ...(field ? { field } : {}) });

/**
 * Creates (revision null) or replaces (revision as read) one table, after validation; the change,
 * with the table before and after, goes into the table's history. Only super admins and root.
 */
export async function saveBracketTable(
  user: RoleFlags & { email: string },
  table: BracketTable,
  revision: number | null,
): Promise<SaveOutcome> {
  if (!canEditBrackets(user)) return refusedAs("forbidden", BRACKET_MESSAGES.forbidden);
  const problems = validateTable(table);
  if (problems.length > 0) return refused(...problems);
  if (revision === null) {
    const created = await insertIncomeBracket(fieldsOf(table), change(user.email, "create", null, table));
    return created ? { ok: true } : refusedAs("conflict", BRACKET_MESSAGES.exists(table.year), "year");
  }
  return withTransaction(async (session) => {
    const stored = await findIncomeBracket(table.year, table.kind, session);
    if (!stored) return refusedAs("not-found", BRACKET_MESSAGES.notFound);
    const before = toTable(stored);
    const saved = await replaceIncomeBracket(
      fieldsOf(table),
      revision,
      change(user.email, "update", before, table),
      session,
    );
    return saved ? ({ ok: true } as const) : refusedAs("conflict", BRACKET_MESSAGES.stale);
  });
}

export type CopyOutcome = { ok: true; copied: number; skipped: number } | Refused;

/**
 * Copies every table of `year` to `year + 1` as a starting point, marked «sin confirmar» until someone
 * enters the next decree; tables the next year already has are left alone.
 */
export async function copyBracketYear(user: RoleFlags & { email: string }, year: number): Promise<CopyOutcome> {
  if (!canEditBrackets(user)) return refusedAs("forbidden", BRACKET_MESSAGES.forbidden);
  const tables = await listBracketTables(year);
  if (tables.length === 0) return refused(refusal(BRACKET_MESSAGES.nothingToCopy(year)));
  let copied = 0;
  for (const { revision: _revision, history: _history, ...table } of tables) {
    const next: BracketTable = {
      ...table,
      year: year + 1,
      decree: `Copia de ${year} (${table.decree})`,
      source: `Copiada de la tabla ${year} como punto de partida; actualice con el decreto de ${year + 1}. ${table.source}`,
      unconfirmed: true,
    };
    if (validateTable(next).length > 0) continue;
    if (await insertIncomeBracket(fieldsOf(next), change(user.email, "copy", null, next))) copied++;
  }
  return { ok: true, copied, skipped: tables.length - copied };
}
