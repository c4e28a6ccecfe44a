import { isSelectable, type CatalogNode } from "~/domain/catalog";
import { refusal, type Refusal } from "~/domain/refusal";
import { DEFAULT_ACCOUNT_FIELDS } from "./default-account-fields";

/**
 * Why the flat field values cannot be saved, one refusal per field: every account must be a
 * selectable leaf of the organization's catalog (no group, no account with subaccounts, none disabled).
 */
export function validateDefaultAccounts(
  values: Readonly<Record<string, string | undefined>>,
  catalog: ReadonlyMap<string, CatalogNode>,
): Refusal[] {
  const refusals: Refusal[] = [];
  for (const field of DEFAULT_ACCOUNT_FIELDS) {
    const code = (values[field.name] ?? "").trim();
    if (code === "") {
      if (!field.optional) refusals.push(refusal(`Indique la cuenta de «${field.label}».`, field.name));
      continue;
    }
    const message = accountProblem(code, catalog);
    if (message) refusals.push(refusal(message, field.name));
  }
  return refusals;
}

/** Why the account cannot receive a booking, or null when it can. */
export function accountProblem(code: string, catalog: ReadonlyMap<string, CatalogNode>): string | null {
  const node = catalog.get(code);
  if (!node) return `La cuenta ${code} no existe en el catálogo de este cliente.`;
  if (node.level === 1) return `La cuenta ${code} es un grupo del catálogo; elija una cuenta de movimiento.`;
  if (node.disabled) return `La cuenta ${code} está deshabilitada.`;
  if (node.children.length > 0) return `La cuenta ${code} tiene subcuentas; elija una cuenta de movimiento.`;
  return isSelectable(node) ? null : `La cuenta ${code} no admite movimientos.`;
}
