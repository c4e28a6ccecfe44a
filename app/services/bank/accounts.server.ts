/**
 * Bank accounts of an organization: listed with the catalog's label of their account, created from the
 * form after checking the mapped account is a selectable leaf of the organization's catalog and is not
 * already another bank account's; the generic-CSV column mapping can be changed later.
 */
import {
  findBankAccount,
  insertBankAccount,
  listBankAccounts,
  saveBankAccountMapping,
  type BankAccountRecord,
} from "~models/bank-account";
import { indexCatalog, isSelectable, type CatalogNode } from "~/domain/catalog";
import type { BankAccountForm } from "~/domain/bank/account-form";
import { compactAccount } from "~/domain/bank/iban";
import type { CsvMapping } from "~/domain/bank/generic-csv";
import type { StatementFormat } from "~/domain/bank/index";
import { accountNumberText, bankLabel, formatLabel, type BankAccountView } from "~/domain/bank/view";
import { found, notFoundRefusal, refusal, refused, type Refusal, type Refused, type Result } from "~/domain/refusal";
import { loadCatalog } from "~/services/catalog/catalog.server";

export const BANK_ACCOUNT_NOT_FOUND = "Cuenta bancaria no encontrada";

export const BANK_ACCOUNT_CURRENCY_MESSAGES = {
  leafNotInDollars: (code: string) =>
    `La cuenta ${code} no se lleva en dólares: una cuenta bancaria en US$ se concilia contra una cuenta contable en dólares. Márquela «Llevar en dólares (US$)» en el catálogo o elija otra.`,
  leafInDollars: (code: string) =>
    `La cuenta ${code} se lleva en dólares: una cuenta bancaria en colones se concilia contra una cuenta contable en colones.`,
} as const;

function ledgerProblem(index: ReadonlyMap<string, CatalogNode>, code: string, currency: "CRC" | "USD"): string | null {
  const node = index.get(code);
  if (!node) return `La cuenta ${code} no existe en el catálogo de este cliente.`;
  if (node.disabled) return `La cuenta ${code} está deshabilitada; elija otra.`;
  if (!isSelectable(node)) return `La cuenta ${code} agrupa otras cuentas; elija una cuenta de detalle.`;
  // The statement is compared with the leaf's own currency (decision 307).
  if (currency === "USD" && node.currency !== "USD") return BANK_ACCOUNT_CURRENCY_MESSAGES.leafNotInDollars(code);
  if (currency === "CRC" && node.currency === "USD") return BANK_ACCOUNT_CURRENCY_MESSAGES.leafInDollars(code);
  return null;
}

export function toBankAccountView(record: BankAccountRecord, index: ReadonlyMap<string, CatalogNode>): BankAccountView {
  return {
    id: String(record._id),
    bank: record.bank,
    bankLabel: bankLabel(record.bank),
    number: record.number ?? "",
    iban: accountNumberText({ iban: record.iban }),
    currency: record.currency,
    ledgerAccount: record.ledgerAccount,
    ledgerLabel: index.get(record.ledgerAccount)?.label ?? "",
    format: record.format as StatementFormat,
    formatLabel: formatLabel(record.format),
    hasMapping: record.mapping !== undefined && record.mapping !== null,
  };
}

export async function catalogIndex(organizationId: string): Promise<ReadonlyMap<string, CatalogNode>> {
  return indexCatalog((await loadCatalog(organizationId)).tree);
}

export async function bankAccountViews(organizationId: string): Promise<BankAccountView[]> {
  const [records, index] = await Promise.all([listBankAccounts(organizationId), catalogIndex(organizationId)]);
  return records.map((record) => toBankAccountView(record, index));
}

/** The account of this organization, or a not-found refusal (another organization's id reads as unknown). */
export async function bankAccountOf(organizationId: string, id: string): Promise<Result<BankAccountRecord>> {
  const record = await findBankAccount(organizationId, id);
  return record ? found(record) : refused(notFoundRefusal(BANK_ACCOUNT_NOT_FOUND));
}

export type CreateBankAccountResult = { ok: true; account: BankAccountRecord } | { ok: false; refusals: Refusal[] };

export async function createBankAccount(
  organizationId: string,
  userId: string,
  form: BankAccountForm,
): Promise<CreateBankAccountResult> {
  const problem = ledgerProblem(await catalogIndex(organizationId), form.ledgerAccount, form.currency);
  if (problem) return { ok: false, refusals: [refusal(problem, "ledgerAccount")] };
  const existing = await listBankAccounts(organizationId);
  const sharing = existing.find((account) => account.ledgerAccount === form.ledgerAccount);
  if (sharing)
    return {
      ok: false,
      refusals: [
        refusal(
          `La cuenta ${form.ledgerAccount} ya es la de la cuenta bancaria ${accountNumberText(sharing)}; cada cuenta bancaria se concilia contra su propia cuenta contable.`,
          "ledgerAccount",
        ),
      ],
    };
  const number = form.number ? form.number.trim() : undefined;
  const created = await insertBankAccount({
    organizationId,
    bank: form.bank,
    ...(number ? { number } : {}),
    ...(form.iban ? { iban: form.iban } : {}),
    accountKey: form.iban ?? compactAccount(number ?? ""),
    currency: form.currency,
    ledgerAccount: form.ledgerAccount,
    format: form.format,
    ...(form.mapping ? { mapping: form.mapping } : {}),
    createdBy: userId,
    createdAt: new Date(),
  });
  if (!created)
    return {
      ok: false,
      refusals: [refusal("Este cliente ya tiene una cuenta bancaria con ese IBAN o número.", "iban")],
    };
  return { ok: true, account: created };
}

/** The saved mapping as the parser reads it (stored values were checked by the form's schema). */
export function mappingOf(record: BankAccountRecord): CsvMapping | undefined {
  return record.mapping ? (record.mapping as unknown as CsvMapping) : undefined;
}

/** Replaces the generic-CSV column mapping the account's files are read with. */
export async function saveMapping(
  account: BankAccountRecord,
  mapping: CsvMapping,
  userId: string,
): Promise<{ ok: true; message: string } | Refused> {
  const saved = await saveBankAccountMapping(account.organizationId, account._id, { ...mapping }, userId);
  return saved
    ? { ok: true, message: "Columnas del CSV guardadas." }
    : refused(notFoundRefusal(BANK_ACCOUNT_NOT_FOUND));
}
