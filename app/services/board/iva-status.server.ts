import type { MonthKey } from "~/domain/calendar";
import type { IvaState } from "~/domain/board/row";
import { readDefaultAccounts } from "~/domain/booking/default-account-fields";
import { BookingSettings, type BookingSettingsRecord } from "~models/booking-settings";
import { standingSettlements } from "~/services/ledger/board-reads.server";

/**
 * The IVA state of a month for many organizations at once. Today it reads the settlement entry
 * (sin liquidar / liquidado, and the amount the settlement put to pay or in favour); a recorded
 * declaration plugs in here as another source that yields «declarado» or «desactualizado».
 */
export interface IvaStatus {
  state: IvaState;
  /** Céntimos: positive to pay, negative saldo a favor; null when not liquidated. */
  amount: bigint | null;
}

export async function ivaStatusesOf(
  organizationIds: readonly string[],
  month: MonthKey,
): Promise<Map<string, IvaStatus>> {
  const settlements = await standingSettlements(organizationIds, month);
  const stored = await BookingSettings.find(
    { _id: { $in: settlements.map((settlement) => settlement.organizationId) } },
    { accounts: 1 },
  ).lean<Array<Pick<BookingSettingsRecord, "_id" | "accounts">>>();
  const settings = new Map(stored.map((record) => [String(record._id), record.accounts]));
  const statuses = new Map<string, IvaStatus>();
  for (const settlement of settlements) {
    const accounts = readDefaultAccounts(settings.get(settlement.organizationId));
    let amount = 0n;
    for (const line of settlement.lines) {
      if (line.account === accounts.ivaPayable) amount += line.credit - line.debit;
      // The month's own saldo a favor is a debit to the balance-in-favour account (an applied balance is a credit).
      if (line.account === accounts.ivaCreditBalance && line.debit > 0n) amount -= line.debit;
    }
    statuses.set(settlement.organizationId, { state: "liquidado", amount });
  }
  for (const id of organizationIds) if (!statuses.has(id)) statuses.set(id, { state: "sin-liquidar", amount: null });
  return statuses;
}
