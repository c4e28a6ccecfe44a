/**
 * Demo books: Ferretería El Clavo and Soda La Esquina get a year of entries (scripts/demo-entries.ts)
 * posted through the ledger service, plus a few drafts. Idempotent: a client that already has entries
 * is left as it is, so running it again creates nothing.
 */
import { todayInCostaRica, type CalendarDate } from "../app/domain/calendar";
import { createAndPost, createDraft, listEntries } from "../app/services/ledger/ledger.server";
import { demoEntries } from "./demo-entries";

export const DEMO_BOOKS_ORGANIZATIONS = ["CR:3101123456", "CR:3102654321"] as const;
const actor = { by: "seed-demo" };

export async function seedDemoEntries({
  log,
  today = todayInCostaRica(new Date()),
}: {
  log: (line: string) => void;
  today?: CalendarDate;
}): Promise<void> {
  for (const organizationId of DEMO_BOOKS_ORGANIZATIONS) {
    if ((await listEntries(organizationId, {}, { pageSize: 1 })).count > 0) {
      log(`  ${organizationId}: already has entries, left as they are`);
      continue;
    }
    const entries = demoEntries(organizationId, today);
    // Posted together: the ledger service group-commits concurrent posts in arrival (date) order.
    const outcomes = await Promise.all(
      entries.map(({ input, draft }) =>
        draft ? createDraft(organizationId, input, actor) : createAndPost(organizationId, input, actor),
      ),
    );
    const refused = outcomes.flatMap((outcome, i) =>
      outcome.ok
        ? []
        : [
            `${entries[i].input.date} ${entries[i].input.description}: ${outcome.refusals.map((r) => r.message).join(" ")}`,
          ],
    );
    if (refused.length > 0) throw new Error(`demo entries of ${organizationId} refused: ${refused.join("; ")}`);
    const drafts = entries.filter((entry) => entry.draft).length;
    log(`  ${organizationId}: ${entries.length - drafts} demo entries posted and ${drafts} drafts`);
  }
}
