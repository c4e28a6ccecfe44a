/**
 * The entry form (/entries/detail/new and /entries/detail/:accountEntryID): one zod schema read by the
 * page (conform, live checks) and by the action, and the pure mappings between the form and the ledger
 * service's input. Browser-safe: no Remix, no mongoose, no React.
 */
import { z } from "zod";
import { type CalendarDate } from "../calendar";
import { dateInputSchema } from "../calendar-schema";
import {
  DESCRIPTION_MAX,
  DESCRIPTION_REQUIRED,
  DESCRIPTION_TOO_LONG,
  MAX_LINES,
  REFERENCE_TOO_LONG,
  TOO_MANY_LINES,
} from "../ledger/messages";
import type { EntryInput } from "../ledger/types";
import { foreignToColones } from "../exchange-rates/rate";
import { readTypedRate } from "../exchange-rates/rate-input";
import {
  cents,
  centsToAmount,
  formatColones,
  formatMoneyInput,
  readMoneyInput,
  type Amount,
  type Cents,
} from "../money";

/** The two ways to save: keep it as a draft, or post it (for a posted entry: the audited edit). */
export const ENTRY_FORM_INTENTS = ["draft", "post"] as const;
export type EntryFormIntent = (typeof ENTRY_FORM_INTENTS)[number];

/** Empty rows a new form starts with, and the spare rows added after the lines of a stored entry. */
export const NEW_ENTRY_ROWS = 4;
export const SPARE_ROWS = 2;

/** A form submission's one-time token as the page writes it (a random UUID). */
export const SUBMISSION_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const SUBMISSION_TOKEN_MESSAGE = "El formulario enviado no es válido. Recargue la página e intente de nuevo.";

export const INTENT_REQUIRED = "Elija «Guardar borrador» o «Contabilizar».";
export const LINE_DESCRIPTION_TOO_LONG = `La descripción de la línea admite como máximo ${DESCRIPTION_MAX} caracteres.`;

/** A debit or credit typed by a person: 1234,56 / 1 234,56 / 1234.56; «1.234» is ambiguous; céntimos at most. */
const amountField = z
  .string()
  .optional()
  .transform((text, context): Amount | null => {
    if (text === undefined || text.trim() === "") return null;
    const read = readMoneyInput(text, 2);
    if (!read.ok) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: read.message });
      return z.NEVER;
    }
    return read.amount;
  });

/** Colones per dollar as people type them (readTypedRate). */
const rateField = z
  .string()
  .optional()
  .transform((text, context): Amount | null => {
    if (text === undefined || text.trim() === "") return null;
    const read = readTypedRate(text);
    if (!read.ok) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: read.message });
      return z.NEVER;
    }
    return read.rate;
  });

const lineSchema = z
  .object({
    account: z.string().trim().optional(),
    description: z.string().trim().max(DESCRIPTION_MAX, LINE_DESCRIPTION_TOO_LONG).optional(),
    debit: amountField,
    credit: amountField,
    /** US$ of a line to an account kept in dollars (decision 282). */
    foreignAmount: amountField,
    rate: rateField,
  })
  // A row left blank (the form's spare rows) arrives as nothing at all.
  .optional()
  .transform(
    (line) =>
      line ?? {
        account: undefined,
        description: undefined,
        debit: null,
        credit: null,
        foreignAmount: null,
        rate: null,
      },
  );

export const entryFormSchema = z.object({
  intent: z.enum(ENTRY_FORM_INTENTS, { errorMap: () => ({ message: INTENT_REQUIRED }) }),
  date: dateInputSchema,
  description: z
    .string({ required_error: DESCRIPTION_REQUIRED })
    .trim()
    .min(1, DESCRIPTION_REQUIRED)
    .max(DESCRIPTION_MAX, DESCRIPTION_TOO_LONG),
  reference: z.string().trim().max(DESCRIPTION_MAX, REFERENCE_TOO_LONG).optional(),
  lines: z.array(lineSchema).max(MAX_LINES, TOO_MANY_LINES).default([]),
  /** The new-entry form's one-time token (decision 198); absent on the edit forms. */
  submissionToken: z.string().regex(SUBMISSION_TOKEN, SUBMISSION_TOKEN_MESSAGE).optional(),
});

export type EntryFormValue = z.output<typeof entryFormSchema>;

/** The rows the entry form accepts before parsing (decision 197): one past the schema's, so it can say «máximo». */
export const ENTRY_FORM_MAX_ROWS = MAX_LINES + 1;

/** The checked form as the ledger service's input (blank rows included: the service skips them and counts lines as shown). */
export function entryInputOf(value: EntryFormValue): EntryInput {
  return {
    date: value.date,
    description: value.description,
    reference: value.reference ?? "",
    lines: value.lines.map((line) => ({
      account: line.account ?? "",
      description: line.description ?? "",
      debit: line.debit,
      credit: line.credit,
      ...(line.foreignAmount !== null ? { currency: "USD", foreignAmount: line.foreignAmount } : {}),
      ...(line.rate !== null ? { rate: line.rate } : {}),
    })),
  };
}

/** One row of the form as text, the way the inputs hold it. */
export interface EntryFormLine {
  account: string;
  description: string;
  debit: string;
  credit: string;
  /** Only lines to an account kept in dollars show these two. */
  foreignAmount?: string;
  rate?: string;
}

export interface EntryFormDefaults {
  date: string;
  description: string;
  reference: string;
  lines: EntryFormLine[];
}

const BLANK_LINE: EntryFormLine = { account: "", description: "", debit: "", credit: "" };

function rows(lines: EntryFormLine[], spare: number): EntryFormLine[] {
  return [...lines, ...Array.from({ length: spare }, () => ({ ...BLANK_LINE }))];
}

/** A new entry: dated today in Costa Rica, with empty rows (2 lines + 2 spare, for pages without JavaScript). */
export function newEntryDefaults(today: CalendarDate): EntryFormDefaults {
  return { date: today, description: "", reference: "", lines: rows([], NEW_ENTRY_ROWS) };
}

/** A stored entry's values in the form, amounts as people type them ("1234,56"), plus spare rows. */
export function storedEntryDefaults(entry: {
  date: string;
  description: string;
  reference?: string;
  lines: Array<{
    account: string;
    description?: string;
    debit: Cents;
    credit: Cents;
    currency?: string;
    foreignAmount?: Amount;
    rate?: Amount;
  }>;
}): EntryFormDefaults {
  const text = (value: Cents) => (value > 0n ? formatMoneyInput(centsToAmount(value)) : "");
  return {
    date: entry.date,
    description: entry.description,
    reference: entry.reference ?? "",
    lines: rows(
      entry.lines.map((line) => ({
        account: line.account,
        description: line.description ?? "",
        debit: text(line.debit),
        credit: text(line.credit),
        ...(line.currency === "USD" && line.foreignAmount !== undefined
          ? { foreignAmount: formatMoneyInput(line.foreignAmount) }
          : {}),
        ...(line.rate !== undefined ? { rate: formatRateInput(line.rate) } : {}),
      })),
      SPARE_ROWS,
    ),
  };
}

/** A rate for people to edit: «510,25» (five decimals trimmed to what matters, at least two). */
export function formatRateInput(rate: Amount): string {
  return formatMoneyInput(rate, 5).replace(/0{1,3}$/, "");
}

/**
 * The colones of a dollar line while a person types (the form fills the side they chose): null until
 * both the dollars and the rate can be read. The ledger's check (dollarLineProblem) decides.
 */
export function typedDollarColones(foreignAmount: unknown, rate: unknown): Cents | null {
  if (typeof foreignAmount !== "string" || typeof rate !== "string") return null;
  const dollars = readMoneyInput(foreignAmount, 2);
  const perDollar = readTypedRate(rate);
  if (!dollars.ok || !perDollar.ok || dollars.amount <= 0n) return null;
  return foreignToColones(dollars.amount, perDollar.rate);
}

export interface EntryFormTotals {
  debit: Cents;
  credit: Cents;
  /** Debits minus credits. */
  difference: bigint;
}

/**
 * The running totals while a person types: amounts that cannot be read yet (half typed, ambiguous)
 * count as nothing; the server's check is the one that decides.
 */
export function formTotals(
  lines: ReadonlyArray<{ debit?: unknown; credit?: unknown } | null | undefined>,
): EntryFormTotals {
  let debit = 0n;
  let credit = 0n;
  const read = (value: unknown): bigint => {
    if (typeof value !== "string" || value.trim() === "") return 0n;
    const result = readMoneyInput(value, 2);
    return result.ok ? result.amount / 1_000n : 0n;
  };
  for (const line of lines) {
    debit += read(line?.debit);
    credit += read(line?.credit);
  }
  return { debit: cents(debit), credit: cents(credit), difference: debit - credit };
}

/** «Diferencia: ₡0,00» — the absolute difference between debits and credits. */
export function differenceText(totals: EntryFormTotals): string {
  const difference = totals.difference < 0n ? -totals.difference : totals.difference;
  return `Diferencia: ${formatColones(centsToAmount(cents(difference)))}`;
}
