import { currentMonth, parseMonth } from "../app/domain/calendar";
import { verifyBoard } from "../app/services/board/board-verify.server";
import { Organization } from "../models/organization";
import { argValue, withDatabase } from "./with-database";

const usage = "usage: npm run board:verify -- [--month 2025-10]";

/**
 * Compares the practice board of every active organization with a recomputation from the documents
 * and prints each difference. Exit 0: they agree; 1: differences; 2: bad arguments.
 */
async function main(args: string[]): Promise<number> {
  const known = args.length === 0 || (args.length === 2 && args[0] === "--month");
  if (!known) {
    console.error(usage);
    return 2;
  }
  const given = argValue(args, "--month");
  const month = given === undefined ? currentMonth() : parseMonth(given);
  if (!month) {
    console.error(`--month must be YYYY-MM\n${usage}`);
    return 2;
  }
  return withDatabase(async () => {
    const organizations = await Organization.find({ active: { $ne: false } }, { name: 1 }).lean<
      Array<{ _id: string; name: string }>
    >();
    const differences = await verifyBoard(
      organizations.map((organization) => ({ id: organization._id, name: organization.name })),
      month,
    );
    for (const { organizationId, field, board, recomputed } of differences)
      console.log(`${organizationId} ${field}: board ${String(board)}, recomputed ${String(recomputed)}`);
    console.log(`${month}: ${organizations.length} organizations, ${differences.length} differences`);
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
