import { nextPartialPayment, type BoardPartialPayment } from "~/domain/board/partial-payments";
import { partialPaymentsOf } from "~/services/income-tax/income-tax.server";
import { mapInBatches } from "~/utils/in-batches";

/** At most this many organizations' schedules are read at once (each reads four years of reports). */
const CONCURRENT_SCHEDULES = 4;

/** The next pago parcial of `year` for each organization, from the Impuesto sobre la Renta page's own schedule. */
export async function partialPaymentsFor(
  organizationIds: readonly string[],
  year: number,
  now: Date,
): Promise<Map<string, BoardPartialPayment>> {
  const schedules = await mapInBatches(organizationIds, CONCURRENT_SCHEDULES, (id) => partialPaymentsOf(id, year, now));
  return new Map(organizationIds.map((id, index) => [id, nextPartialPayment(year, schedules[index])]));
}
