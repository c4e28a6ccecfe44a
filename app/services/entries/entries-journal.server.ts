/** The plain-text journal of a range (hledger and ledger read it), streamed as the ledger service writes it. */
import type { DateRange } from "~/domain/entries/query";
import { exportJournal } from "~/services/ledger/ledger.server";
import { organizationVanished } from "~/services/organizations/vanished.server";
import type { OrganizationSummary } from "~/utils/account.server";

export function journalFileName(organization: OrganizationSummary, range: DateRange): string {
  return `diario-${organization.cedula}-${range.from}-${range.to}.journal`;
}

/** The posted entries of the range as the plain-text journal, streamed as the ledger writes it. */
export async function journalStream(
  organization: OrganizationSummary,
  range: DateRange,
): Promise<ReadableStream<Uint8Array>> {
  const journal = await exportJournal(organization.id, range);
  if (!journal) throw organizationVanished(organization.id);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await journal.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await journal.return(undefined);
    },
  });
}
