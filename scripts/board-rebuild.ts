import { rebuildBoardSummaries } from "../app/services/board/month-summaries.server";
import { withDatabase } from "./with-database";

const usage = "usage: npm run board:rebuild";

/**
 * Recomputes every kept month summary of the practice board from the documents, stores the
 * recomputation and prints each current summary that differed (a write that did not renew its
 * organization's board token). Exit 0: they agreed; 1: differences; 2: bad arguments.
 */
async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error(usage);
    return 2;
  }
  return withDatabase(async () => {
    const started = performance.now();
    const { compared, stale, differences } = await rebuildBoardSummaries();
    for (const { organizationId, month, field, kept, recomputed } of differences)
      console.log(`${organizationId} ${month} ${field}: kept ${kept}, recomputed ${recomputed}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${compared} summaries compared, ${stale} out of date rebuilt, ${differences.length} differences (${seconds} s)`,
    );
    return differences.length === 0 ? 0 : 1;
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
