/**
 * The template form (/admin/accounting-entry-templates) and the «Usar plantilla» form of the entry
 * page: one zod schema each, read by the page (conform) and by the server, and the pure mappings
 * between the form's text and a template.
 */
import { z } from "zod";
import { dateInputSchema } from "../calendar-schema";
import { DESCRIPTION_MAX } from "../ledger/messages";
import { amountToCents, centsToAmount, formatMoneyInput, readMoneyInput, type Cents } from "../money";
import { refusal, type Refusal } from "../refusal";
import { TEMPLATE_MESSAGES } from "./messages";
import { formatRateInput, readRate } from "./rate";
import {
  AMOUNT_KINDS,
  TEMPLATE_MAX_LINES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SIDES,
  type AmountKind,
  type EntryTemplate,
  type TemplateLine,
  type TemplateSide,
} from "./types";

export const NEW_TEMPLATE_ROWS = 4;
export const SPARE_TEMPLATE_ROWS = 2;

const text = z.string().trim().optional();

const templateRowSchema = z
  .object({
    account: text,
    description: z
      .string()
      .trim()
      .max(DESCRIPTION_MAX, `La descripción admite como máximo ${DESCRIPTION_MAX} caracteres.`)
      .optional(),
    side: z.enum(TEMPLATE_SIDES).optional(),
    kind: z.enum(AMOUNT_KINDS).optional(),
    amount: text,
    rate: text,
  })
  .optional()
  .transform((row) => row ?? {});

export const templateFormSchema = z.object({
  name: z
    .string({ required_error: TEMPLATE_MESSAGES.nameRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.nameRequired)
    .max(TEMPLATE_NAME_MAX, TEMPLATE_MESSAGES.nameTooLong),
  description: z
    .string({ required_error: TEMPLATE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.descriptionRequired)
    .max(DESCRIPTION_MAX, `La descripción admite como máximo ${DESCRIPTION_MAX} caracteres.`),
  lines: z
    .array(templateRowSchema)
    .max(TEMPLATE_MAX_LINES + SPARE_TEMPLATE_ROWS * 2, TEMPLATE_MESSAGES.tooManyLines)
    .default([]),
});

export type TemplateFormValue = z.output<typeof templateFormSchema>;

/** The rows the template form accepts before parsing (decision 197): one past the schema's. */
export const TEMPLATE_FORM_MAX_ROWS = TEMPLATE_MAX_LINES + SPARE_TEMPLATE_ROWS * 2 + 1;
type TemplateRow = TemplateFormValue["lines"][number];

/** One row of the template form as text, the way the inputs hold it. */
export interface TemplateFormRow {
  account: string;
  description: string;
  side: TemplateSide;
  kind: AmountKind;
  amount: string;
  rate: string;
}

export interface TemplateFormDefaults {
  name: string;
  description: string;
  lines: TemplateFormRow[];
}

const BLANK_ROW: TemplateFormRow = {
  account: "",
  description: "",
  side: "debito",
  kind: "digitar",
  amount: "",
  rate: "",
};

function isBlank(row: TemplateRow): boolean {
  return !row.account && !row.description && !row.amount && !row.rate;
}

export function newTemplateDefaults(): TemplateFormDefaults {
  return { name: "", description: "", lines: Array.from({ length: NEW_TEMPLATE_ROWS }, () => ({ ...BLANK_ROW })) };
}

export function storedTemplateDefaults(template: EntryTemplate): TemplateFormDefaults {
  return {
    name: template.name,
    description: template.description,
    lines: [
      ...template.lines.map((line) => ({
        account: line.account,
        description: line.description,
        side: line.side,
        kind: line.kind,
        amount: line.amount === null ? "" : formatMoneyInput(centsToAmount(line.amount)),
        rate: line.rate === null ? "" : formatRateInput(line.rate),
      })),
      ...Array.from({ length: SPARE_TEMPLATE_ROWS }, () => ({ ...BLANK_ROW })),
    ],
  };
}

export type TemplateFromForm =
  | { ok: true; template: EntryTemplate; /** The form row (from 1) of each template line. */ rows: number[] }
  | { ok: false; refusals: Refusal[] };

/**
 * The checked form as a template: blank rows skipped (refusals name the rows as shown), each amount
 * and rate read exactly; an amount or rate typed for a kind that does not use it is dropped.
 */
export function templateOfForm(value: TemplateFormValue): TemplateFromForm {
  const refusals: Refusal[] = [];
  const lines: TemplateLine[] = [];
  const rows: number[] = [];
  value.lines.forEach((row, index) => {
    if (isBlank(row)) return;
    const number = index + 1;
    if (!row.side) refusals.push(refusal(TEMPLATE_MESSAGES.side(number), "side", number));
    if (!row.kind) refusals.push(refusal(TEMPLATE_MESSAGES.kind(number), "kind", number));
    let amount: Cents | null = null;
    let rate: number | null = null;
    if (row.kind === "fijo" && row.amount) {
      const read = readMoneyInput(row.amount, 2);
      if (read.ok) amount = amountToCents(read.amount);
      else refusals.push(refusal(read.message, "amount", number));
    }
    if (row.kind === "porcentaje" && row.rate) {
      const read = readRate(row.rate);
      if (read.ok) rate = read.rate;
      else refusals.push(refusal(read.message, "rate", number));
    }
    lines.push({
      account: row.account ?? "",
      description: row.description ?? "",
      side: row.side ?? "debito",
      kind: row.kind ?? "digitar",
      amount,
      rate,
    });
    rows.push(number);
  });
  if (refusals.length > 0) return { ok: false, refusals };
  return { ok: true, template: { name: value.name, description: value.description, lines }, rows };
}

/** Refusals about template lines (numbered from 1) renumbered to the form rows they came from. */
export function onFormRows(refusals: Refusal[], rows: number[]): Refusal[] {
  return refusals.map((item) =>
    item.line === undefined
      ? item
      : {
          ...item,
          line: rows[item.line - 1] ?? item.line,
          message: item.message.replace(/^Línea \d+:/, `Línea ${rows[item.line - 1] ?? item.line}:`),
        },
  );
}

// ── «Usar plantilla» in the entry form ────────────────────────────────────────────────────────────

const moneyField = z
  .string()
  .optional()
  .transform((input, context): Cents | null => {
    if (input === undefined || input.trim() === "") return null;
    const read = readMoneyInput(input, 2);
    if (!read.ok) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: read.message });
      return z.NEVER;
    }
    return amountToCents(read.amount);
  });

export const applyTemplateSchema = z.object({
  template: z
    .string({ required_error: TEMPLATE_MESSAGES.templateRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.templateRequired),
  date: dateInputSchema,
  base: moneyField,
  typed: z
    .array(moneyField.optional().transform((value) => value ?? null))
    .max(TEMPLATE_MAX_LINES)
    .default([]),
});

export type ApplyTemplateValue = z.output<typeof applyTemplateSchema>;

/** The typed amounts «Usar plantilla» accepts before parsing: one past the schema's. */
export const APPLY_TEMPLATE_MAX_ROWS = TEMPLATE_MAX_LINES + 1;
