import { toOrganizationId } from "../app/domain/organization-id";
import { centimosText } from "../app/domain/ledger";
import { verifyLedger } from "../app/services/ledger/ledger.server";
import { Organization } from "../models/organization";
import { argValue, withDatabase } from "./with-database";

const usage = "usage: npm run ledger:verify -- --org 3101123456";

/**
 * Rebuilds an organization's period balances from its posted lines and prints every difference with
 * the stored ones. Exit 0: the books agree; 1: differences; 2: bad arguments.
 */
async function main(args: string[]): Promise<number> {
  const cedula = argValue(args, "--org");
  if (!cedula || !/^\d{9,12}$/.test(cedula)) {
    console.error(`--org must be a cédula of 9 to 12 digits\n${usage}`);
    return 2;
  }
  const organizationId = toOrganizationId(cedula);
  return withDatabase(async () => {
    if (!(await Organization.exists({ _id: organizationId }))) {
      console.error(`organization ${cedula} does not exist`);
      return 2;
    }
    const differences = await verifyLedger(organizationId);
    if (differences.length === 0) {
      console.log(`${cedula}: period balances agree with the posted lines`);
      return 0;
    }
    for (const { account, period, expected, stored } of differences) {
      console.log(
        `${account} ${period}: posted lines give debit ${centimosText(expected.debit)}, credit ${centimosText(expected.credit)}, ${expected.lineCount} lines; ` +
          `stored debit ${centimosText(stored.debit)}, credit ${centimosText(stored.credit)}, ${stored.lineCount} lines`,
      );
    }
    console.log(`${cedula}: ${differences.length} difference(s)`);
    return 1;
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
