/**
 * The bank-account form of /admin/bank, shared by the page and the action: the bank, its number and/or
 * IBAN, the currency, the catalog's leaf account it maps to, the usual statement format and, for the
 * generic CSV, the column mapping (docs/domain/bank-statements.md §4).
 */
import { z } from "zod";
import { csvMappingSchema, MAX_MAPPED_COLUMN, MAX_SKIPPED_LINES, type CsvMapping } from "./generic-csv";
import { compactAccount, readCostaRicaIban } from "./iban";
import { STATEMENT_FORMATS, type StatementFormat } from "./index";

export const BANKS = ["bac", "bn", "bcr", "popular", "scotiabank", "otro"] as const;
export type Bank = (typeof BANKS)[number];

export const BANK_LABELS: Record<Bank, string> = {
  bac: "BAC Credomatic",
  bn: "Banco Nacional",
  bcr: "Banco de Costa Rica",
  popular: "Banco Popular",
  scotiabank: "Scotiabank",
  otro: "Otro banco",
};

/** The format each bank's statements usually come in; the accountant may pick another. */
export const USUAL_FORMAT: Record<Bank, StatementFormat> = {
  bac: "bac",
  bn: "csv",
  bcr: "csv",
  popular: "csv",
  scotiabank: "scotiabank",
  otro: "csv",
};

export const MAX_ACCOUNT_NUMBER_LENGTH = 34;

const MAPPING_FIELDS = [
  "separator",
  "encoding",
  "skipLines",
  "dateColumn",
  "dateStyle",
  "decimalMark",
  "descriptionColumn",
  "referenceColumn",
  "balanceColumn",
  "amountColumn",
  "debitColumn",
  "creditColumn",
] as const;

const accountFields = z.object({
  bank: z.enum(BANKS, { errorMap: () => ({ message: "Elija el banco." }) }),
  number: z
    .string()
    .trim()
    .max(MAX_ACCOUNT_NUMBER_LENGTH, `El número de cuenta admite hasta ${MAX_ACCOUNT_NUMBER_LENGTH} caracteres.`)
    .regex(/^[0-9A-Za-z .-]*$/, "El número de cuenta admite dígitos, letras, espacios, puntos y guiones.")
    .optional(),
  iban: z.string().trim().max(40, "El IBAN costarricense tiene 22 caracteres.").optional(),
  currency: z.enum(["CRC", "USD"], { errorMap: () => ({ message: "Elija la moneda de la cuenta." }) }),
  ledgerAccount: z
    .string({ required_error: "Elija la cuenta contable de la cuenta bancaria." })
    .trim()
    .regex(/^\d{2}(-\d{2}){4}$/, "Escriba la cuenta contable como 10-01-01-03-01."),
  format: z.enum(STATEMENT_FORMATS, { errorMap: () => ({ message: "Elija el formato de los estados de cuenta." }) }),
});

export type BankAccountForm = z.infer<typeof accountFields> & { iban?: string; mapping?: CsvMapping };
export type BankAccountFieldErrors = Partial<Record<string, string>>;

export type BankAccountFormResult =
  { ok: true; value: BankAccountForm } | { ok: false; errors: BankAccountFieldErrors };

/** The posted fields (blank ones as missing), checked; the mapping only when the format is the generic CSV. */
export function readBankAccountForm(input: Record<string, string>): BankAccountFormResult {
  const errors: BankAccountFieldErrors = {};
  const parsed = accountFields.safeParse(input);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  let iban: string | undefined;
  if (input.iban) {
    const read = readCostaRicaIban(input.iban);
    if (read.ok) iban = read.iban;
    else errors.iban ??= read.message;
  }
  const number = input.number ? compactAccount(input.number) : "";
  if (!iban && number === "" && !errors.iban && !errors.number)
    errors.iban = "Indique el IBAN o el número de la cuenta.";
  let mapping: CsvMapping | undefined;
  if (parsed.success && parsed.data.format === "csv") {
    const mapped = readCsvMappingForm(input);
    if (mapped.ok) mapping = mapped.value;
    else for (const [field, message] of Object.entries(mapped.errors)) errors[field] ??= message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ...parsed.data, ...(iban ? { iban } : {}), ...(mapping ? { mapping } : {}) } };
}

/** The column mapping's posted fields (blank ones as missing), checked: the account form's and its edit's. */
export function readCsvMappingForm(
  input: Record<string, string>,
): { ok: true; value: CsvMapping } | { ok: false; errors: BankAccountFieldErrors } {
  const mapped = csvMappingSchema.safeParse(
    Object.fromEntries(MAPPING_FIELDS.filter((name) => input[name] !== undefined).map((name) => [name, input[name]])),
  );
  if (mapped.success) return { ok: true, value: mapped.data };
  const errors: BankAccountFieldErrors = {};
  for (const issue of mapped.error.issues) errors[String(issue.path[0] ?? "amountColumn")] ??= issue.message;
  return { ok: false, errors };
}

/** A saved mapping as the form's values, to edit it. */
export function csvMappingValues(mapping: CsvMapping | undefined): Record<string, string> {
  if (!mapping) return {};
  return Object.fromEntries(
    MAPPING_FIELDS.flatMap((name) => (mapping[name] === undefined ? [] : [[name, String(mapping[name])]])),
  );
}

export { MAX_MAPPED_COLUMN, MAX_SKIPPED_LINES };
