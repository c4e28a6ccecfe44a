import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJournalQuery } from "~/domain/entries/query";
import { journalFileName, journalStream } from "~/services/entries/entries-journal.server";
import { fileResponse } from "~/utils/file-response.server";
import { badRequest } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/**
 * The posted entries of ?from–?to as the plain-text journal hledger and ledger read (docs/design/books.md §7),
 * streamed; without dates, the current month in Costa Rica. Everyone with access to the organization.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const { query, problems } = readJournalQuery(new URL(request.url).searchParams, new Date());
  if (problems.length > 0) throw badRequest(problems[0].message);
  return fileResponse(await journalStream(organization, query), {
    contentType: "text/plain; charset=utf-8",
    fileName: journalFileName(organization, query),
  });
}
