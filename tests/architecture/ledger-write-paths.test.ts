/**
 * Only the ledger service writes the books: ESLint refuses an import of the ledger's models (or of
 * the write side of receipt links) anywhere else (eslint.config.js, decision 216). Checked on
 * fixtures linted with the project's own configuration, as `npx eslint` lints the real files.
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RULE = "@typescript-eslint/no-restricted-imports";
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the ledger rule for `code` as if it were the file at `path`. */
async function ledgerRuleMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe("the ledger's write paths", () => {
  it("are refused outside app/services/ledger/", async () => {
    const refused: [string, string][] = [
      ["app/services/reports/fixture.server.ts", 'import { Entry } from "~models/entry";'],
      ["app/services/reports/fixture.server.ts", 'import { PeriodBalance } from "~models/period-balance";'],
      ["app/services/vat/fixture.server.ts", 'import { applyBalanceChanges } from "../../../models/period-balance";'],
      ["app/services/booking/fixture.server.ts", 'import { insertPostedLines } from "~models/posted-line";'],
      ["app/services/booking/fixture.server.ts", 'import { takeEntryNumber } from "~models/entry-number";'],
      ["app/utils/fixture.server.ts", 'import { bumpBalancesRevision } from "~models/balances-revision";'],
      ["app/services/booking/fixture.server.ts", 'import { insertReceiptBookings } from "~models/receipt-booking";'],
      ["scripts/fixture.ts", 'import { saveEntry } from "../models/entry";'],
      ["bench/fixture.ts", 'import { Entry } from "../models/entry";'],
    ];
    for (const [path, code] of refused) {
      const messages = await ledgerRuleMessages(path, `${code}\nexport const used = 1;\n`);
      expect(messages, `${path}: ${code}`).toHaveLength(1);
      expect(messages[0]).toMatch(/app\/services\/ledger/);
    }
  });

  it("are open to the ledger service, the models, tests, and types", async () => {
    const allowed: [string, string][] = [
      ["app/services/ledger/fixture.server.ts", 'import { Entry } from "~models/entry";'],
      ["app/services/ledger/fixture.server.ts", 'import { applyBalanceChanges } from "~models/period-balance";'],
      ["models/fixture.ts", 'import { Entry } from "./entry";'],
      ["tests/integration/fixture.test.ts", 'import { PeriodBalance } from "../../models/period-balance";'],
      ["app/services/entries/fixture.server.ts", 'import type { EntryRecord } from "~models/entry";'],
      ["app/services/booking/fixture.server.ts", 'import { pendingReceiptIds } from "~models/receipt-booking";'],
      ["app/services/reports/fixture.server.ts", 'import { readReportBalances } from "./balances.server";'],
    ];
    for (const [path, code] of allowed) {
      expect(await ledgerRuleMessages(path, `${code}\nexport const used = 1;\n`), `${path}: ${code}`).toEqual([]);
    }
  });
});
