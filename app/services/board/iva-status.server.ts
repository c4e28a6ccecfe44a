import type { MonthKey } from "~/domain/calendar";
import type { IvaState } from "~/domain/board/row";
import { declarationStatuses } from "~/services/vat/declaration-state.server";

/**
 * The previous month's IVA for the board, from the IVA declarations exactly as the IVA page states it
 * (not declared, declared, declaration out of date) and the amount declared.
 */
export interface IvaStatus {
  state: IvaState;
  /** Céntimos: positive to pay, negative saldo a favor; null when not declared. */
  amount: bigint | null;
}

export async function ivaStatusesOf(
  organizationIds: readonly string[],
  month: MonthKey,
): Promise<Map<string, IvaStatus>> {
  return declarationStatuses(organizationIds, month);
}
