import type { MonthKey } from "~/domain/calendar";
import { compareWithDeclaration } from "~/domain/iva";
import { mapInBatches } from "~/utils/in-batches";
import { currentDeclarations, type VatDeclarationRecord } from "~models/vat-declaration";
import { declarationFigures } from "./vat-settlement.server";
import { loadVatMonth } from "./vat-return.server";

/**
 * A month's IVA as the IVA page states it: not declared (no standing declaration), declared, or
 * declared and out of date (the current return differs from what was declared: «Declaración
 * desactualizada»). The same return and the same comparison as the page (decision 185).
 */
export type DeclarationState = "sin-declarar" | "declarado" | "desactualizado";

export interface DeclarationStatus {
  state: DeclarationState;
  /** Céntimos the standing declaration put to pay (positive) or in favour (negative); null when not declared. */
  amount: bigint | null;
}

/** At most this many organizations' returns are recomputed at once (each reads its month's receipts). */
const CONCURRENT_RETURNS = 4;

export function declaredAmount(declared: Pick<VatDeclarationRecord, "totals">): bigint {
  const payable = BigInt(declared.totals.payable);
  return payable > 0n ? payable : -BigInt(declared.totals.creditBalance);
}

async function isStale(declared: VatDeclarationRecord): Promise<boolean> {
  const { ivaReturn } = await loadVatMonth(declared.organizationId, declared.month);
  return compareWithDeclaration(declarationFigures(declared), ivaReturn).stale;
}

/**
 * The state of `month` for many organizations: one read for the standing declarations; the return is
 * recomputed only for the organizations that declared, a few at a time.
 */
export async function declarationStatuses(
  organizationIds: readonly string[],
  month: MonthKey,
): Promise<Map<string, DeclarationStatus>> {
  const declarations = await currentDeclarations(organizationIds, month);
  const statuses = new Map<string, DeclarationStatus>();
  for (const id of organizationIds) statuses.set(id, { state: "sin-declarar", amount: null });
  const declared = [...declarations.values()];
  const stale = await mapInBatches(declared, CONCURRENT_RETURNS, isStale);
  declared.forEach((record, index) =>
    statuses.set(record.organizationId, {
      state: stale[index] ? "desactualizado" : "declarado",
      amount: declaredAmount(record),
    }),
  );
  return statuses;
}
