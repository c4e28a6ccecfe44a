import { listBankAccounts } from "~models/bank-account";
import { readCatalogOverrides, setCatalogOverrides } from "~models/organization";
import {
  applyOverride,
  buildCatalog,
  catalogToCsv,
  defaultLabels,
  flattenCatalog,
  indexCatalog,
  isGroupCode,
  nextCode,
  normalizeCode,
  parentOf,
  readOverride,
  removeOverride,
  validateLabel,
  validateNewCode,
  validateOverrides,
  type CatalogNode,
  type CatalogOverrides,
} from "~/domain/catalog";
import { BANK_LABELS, type Bank } from "~/domain/bank/account-form";
import { GROUP_DISABLE } from "~/domain/catalog/messages";
import type { Refusal } from "~/domain/refusal";
import { organizationVanished } from "~/services/organizations/vanished.server";
import { accountHasColonLines, accountsInUse } from "~/services/ledger/read.server";
import type { AccountDetails } from "~/domain/catalog/view";
export type { AccountDetails } from "~/domain/catalog/view";

/** One change an administrator asks for on the catalog screen. */
export type CatalogChange =
  | { kind: "rename"; code: string; label: string }
  | { kind: "reset-label"; code: string }
  | { kind: "add"; parent: string; code: string; label: string }
  | { kind: "set-disabled"; code: string; disabled: boolean }
  | { kind: "remove"; code: string }
  | { kind: "set-currency"; code: string; currency: "CRC" | "USD" };

/** A refused change: the form field it concerns ("code", "label"; none: the whole form) and the Spanish reason. */
export type CatalogRefusal = Refusal;

export const CATALOG_CHANGED = "El catálogo cambió mientras se guardaba. Revise los datos y vuelva a intentarlo.";

export const ONLY_LEAVES_IN_DOLLARS =
  "Solo una cuenta de detalle (sin subcuentas) puede llevarse en dólares: elija la subcuenta que recibe los movimientos.";
export const IN_DOLLARS_NO_CHILDREN = (code: string) =>
  `La cuenta ${code} se lleva en dólares: quítele la marca antes de agregarle subcuentas.`;
export const COLON_LINES_BEFORE_DOLLARS = (code: string) =>
  `La cuenta ${code} tiene líneas solo en colones (sin monto en dólares): no puede pasar a llevarse en dólares. Cree una subcuenta nueva para los dólares.`;
export const DOLLAR_LINES_STAY = (code: string) =>
  `La cuenta ${code} tiene movimientos en dólares: sigue llevándose en dólares.`;

export const BANK_ACCOUNT_LEAF = (code: string, bank: string) =>
  `La cuenta ${code} es la cuenta contable de la cuenta bancaria ${bank}: cambie primero la cuenta contable de esa cuenta bancaria.`;

/** What a bank account mapped to a leaf of the catalog holds that leaf to (see `planCatalogChange`). */
export interface BankLeaf {
  /** The bank account as the accountant knows it, e.g. «BAC CR05…». */
  label: string;
  currency: "CRC" | "USD";
}

const unknownAccount = (code: string) => `La cuenta ${code} no existe en el catálogo de este cliente.`;

/** The stored overrides as the catalog module reads them; anything that is not an object reads as none. */
function asOverrides(stored: unknown): CatalogOverrides {
  return stored !== null && typeof stored === "object" && !Array.isArray(stored) ? (stored as CatalogOverrides) : {};
}

/** Accounts of the organization that have movements (lines of any entry, drafts included). */
export async function accountsWithMovements(organizationId: string): Promise<ReadonlySet<string>> {
  return accountsInUse(organizationId);
}

export async function loadCatalog(
  organizationId: string,
): Promise<{ tree: CatalogNode[]; overrides: CatalogOverrides }> {
  const state = await readCatalogOverrides(organizationId);
  if (!state) throw organizationVanished(organizationId);
  const overrides = asOverrides(state.catalog);
  return { tree: buildCatalog(overrides), overrides };
}

/**
 * The overrides after `change`, or why the change is refused. Pure: the same rules whether the
 * change comes from the screen or a script.
 */
export function planCatalogChange(
  overrides: CatalogOverrides,
  change: CatalogChange,
  inUse: ReadonlySet<string>,
  /** Accounts with a line in colones only (no dollar amount beside it). */
  colonLines: ReadonlySet<string> = new Set(),
  /**
   * Leaves that bank accounts are booked in: a bank account's statements are matched against its leaf in
   * the leaf's currency, so the leaf must stay a leaf, enabled, and in the bank account's currency.
   */
  bankLeaves: ReadonlyMap<string, BankLeaf> = new Map(),
): { overrides: CatalogOverrides; code: string } | CatalogRefusal {
  const index = indexCatalog(buildCatalog(overrides));
  const refuse = (message: string, field?: "code" | "label"): CatalogRefusal =>
    field ? { field, message } : { message };
  const bankRefusal = (code: string) => {
    const bank = bankLeaves.get(code);
    return bank ? refuse(BANK_ACCOUNT_LEAF(code, bank.label)) : null;
  };

  if (change.kind === "add") {
    const parent = index.get(change.parent);
    if (!parent) return refuse(unknownAccount(change.parent));
    if (parent.level > 1 && parent.disabled) {
      return refuse(`La cuenta ${parent.key} está deshabilitada; habilítela antes de agregarle subcuentas.`);
    }
    if (parent.children.length === 0 && inUse.has(parent.key)) {
      return refuse(`La cuenta ${parent.key} tiene movimientos; no se le pueden agregar subcuentas.`);
    }
    if (parent.currency) return refuse(IN_DOLLARS_NO_CHILDREN(parent.key));
    const bankLeaf = bankRefusal(parent.key);
    if (bankLeaf) return bankLeaf;
    const code = normalizeCode(change.code);
    const codeError = validateNewCode(index, code, parent.key);
    if (codeError) return refuse(codeError, "code");
    if (parentOf(code) !== parent.key)
      return refuse(`La cuenta ${code} no es una subcuenta directa de ${parent.key}.`, "code");
    const labelError = validateLabel(change.label);
    if (labelError) return refuse(labelError, "label");
    return { overrides: applyOverride(overrides, code, { label: change.label.trim() }), code };
  }

  const node = index.get(change.code);
  if (!node) return refuse(unknownAccount(change.code));

  switch (change.kind) {
    case "rename": {
      const labelError = validateLabel(change.label);
      if (labelError) return refuse(labelError, "label");
      return { overrides: applyOverride(overrides, node.key, { label: change.label.trim() }), code: node.key };
    }
    case "reset-label": {
      const original = defaultLabels().get(node.key);
      if (original === undefined)
        return refuse("Esta cuenta fue agregada por el cliente: no tiene un nombre original.");
      return { overrides: applyOverride(overrides, node.key, { label: original }), code: node.key };
    }
    case "set-disabled": {
      if (isGroupCode(node.key)) return refuse(GROUP_DISABLE);
      if (change.disabled) {
        const mapped = flattenCatalog([node]).find((account) => bankLeaves.has(account.key));
        if (mapped) return bankRefusal(mapped.key)!;
      }
      const parent = node.pId === null ? undefined : index.get(node.pId);
      if (!change.disabled && parent && parent.level > 1 && parent.disabled) {
        return refuse(`La cuenta ${parent.key} está deshabilitada; habilítela primero.`);
      }
      return { overrides: applyOverride(overrides, node.key, { disabled: change.disabled }), code: node.key };
    }
    case "set-currency": {
      if (node.level <= 1 || node.children.length > 0) return refuse(ONLY_LEAVES_IN_DOLLARS);
      const bank = bankLeaves.get(node.key);
      if (bank && bank.currency !== change.currency) return bankRefusal(node.key)!;
      if (change.currency === "USD") {
        if (node.currency) return { overrides, code: node.key };
        if (colonLines.has(node.key)) return refuse(COLON_LINES_BEFORE_DOLLARS(node.key));
        return { overrides: applyOverride(overrides, node.key, { currency: "USD" }), code: node.key };
      }
      if (!node.currency) return { overrides, code: node.key };
      if (inUse.has(node.key)) return refuse(DOLLAR_LINES_STAY(node.key));
      return { overrides: applyOverride(overrides, node.key, { currency: undefined }), code: node.key };
    }
    case "remove": {
      if (!node.added) {
        return refuse("Las cuentas del catálogo base no se eliminan; puede deshabilitarlas o cambiarles el nombre.");
      }
      const used = flattenCatalog([node]).find((account) => inUse.has(account.key));
      if (used) return refuse(`La cuenta ${used.key} tiene movimientos: no se puede eliminar, solo deshabilitar.`);
      const mapped = flattenCatalog([node]).find((account) => bankLeaves.has(account.key));
      if (mapped) return bankRefusal(mapped.key)!;
      return { overrides: removeOverride(overrides, node.key), code: node.pId ?? node.key };
    }
  }
}

/** The leaves the organization's bank accounts are booked in. */
async function bankLeavesOf(organizationId: string): Promise<ReadonlyMap<string, BankLeaf>> {
  const accounts = await listBankAccounts(organizationId);
  return new Map(
    accounts.map((account) => [
      account.ledgerAccount,
      {
        label: [BANK_LABELS[account.bank as Bank] ?? account.bank, account.iban ?? account.number]
          .filter(Boolean)
          .join(" "),
        currency: account.currency,
      },
    ]),
  );
}

function issueKeys(overrides: CatalogOverrides): Set<string> {
  return new Set(validateOverrides(overrides).map((issue) => `${issue.code}\u0000${issue.message}`));
}

const ATTEMPTS = 10;

// A random pause before retrying, so writers that collided do not collide again in lockstep.
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));

/**
 * Applies the change to the organization's stored overrides. Read, plan and write are retried when
 * another administrator wrote in between, so nobody's change is lost.
 */
export async function changeCatalog(
  organizationId: string,
  change: CatalogChange,
): Promise<{ code: string } | CatalogRefusal> {
  const [inUse, colonLines, bankLeaves] = await Promise.all([
    accountsWithMovements(organizationId),
    change.kind === "set-currency" && change.currency === "USD"
      ? accountHasColonLines(organizationId, change.code).then((has) => new Set(has ? [change.code] : []))
      : Promise.resolve(new Set<string>()),
    bankLeavesOf(organizationId),
  ]);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(attempt);
    const state = await readCatalogOverrides(organizationId);
    if (!state) throw organizationVanished(organizationId);
    const current = asOverrides(state.catalog);
    const plan = planCatalogChange(current, change, inUse, colonLines, bankLeaves);
    if (!("overrides" in plan)) return plan;
    // Stored data written before validation existed may hold bad entries; only refuse new ones.
    const before = issueKeys(current);
    const introduced = validateOverrides(plan.overrides).find(
      (issue) => !before.has(`${issue.code}\u0000${issue.message}`),
    );
    if (introduced) return { message: introduced.message };
    if (await setCatalogOverrides(organizationId, plan.overrides, state.revision)) return { code: plan.code };
  }
  return { message: CATALOG_CHANGED };
}

/** The organization's tree as a CSV file; the byte-order mark lets spreadsheet programs read the accents. */
export async function catalogCsvFile(organizationId: string): Promise<string> {
  const { tree } = await loadCatalog(organizationId);
  return `\uFEFF${catalogToCsv(tree)}`;
}

export function describeAccount(
  tree: readonly CatalogNode[],
  overrides: CatalogOverrides,
  code: string,
  inUse: ReadonlySet<string>,
): AccountDetails | null {
  const index = indexCatalog(tree);
  const node = index.get(code);
  if (!node) return null;
  const group = isGroupCode(node.key);
  const parent = node.pId === null ? undefined : index.get(node.pId);
  const parentDisabled = !!parent && parent.level > 1 && parent.disabled;
  const disabledHere = readOverride(overrides[node.key])?.disabled === true;

  let proposedCode: string | null = null;
  let proposalProblem: string | null = null;
  if (!group && node.disabled)
    proposalProblem = "La cuenta está deshabilitada: habilítela antes de agregarle subcuentas.";
  else {
    // The code rules (fifth level, full parent) come first: they hold whatever the books say.
    try {
      proposedCode = nextCode(node);
    } catch (error) {
      proposalProblem = (error as Error).message;
    }
    if (proposedCode && node.children.length === 0 && inUse.has(node.key)) {
      proposedCode = null;
      proposalProblem = "La cuenta tiene movimientos: no admite subcuentas.";
    }
  }

  const subtree = flattenCatalog([node]);
  return {
    key: node.key,
    label: node.label,
    level: node.level,
    pId: node.pId,
    path: node.path,
    disabled: node.disabled,
    disabledHere,
    added: node.added,
    defaultLabel: defaultLabels().get(node.key) ?? null,
    childCount: node.children.length,
    proposedCode,
    proposalProblem,
    canDisable: !group && !disabledHere,
    canEnable: !group && disabledHere && !parentDisabled,
    canRemove: node.added && !subtree.some((account) => inUse.has(account.key)),
    hasMovements: subtree.some((account) => inUse.has(account.key)),
    currency: node.currency ?? "CRC",
    canChangeCurrency: !group && node.children.length === 0 && !(node.currency && inUse.has(node.key)),
  };
}
