import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import type { EntryInput } from "../../app/domain/ledger";
import { createAndPost, listEntries } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

// Issue 24, finding 5: the Balance General's check line states the equation that holds, with group 70
// on the side its balance belongs to, as a status (never an alert), with and without JavaScript.
const DEBIT = { cedula: "3101666671", name: "Balance 70 Deudor S.A." };
const CREDIT = { cedula: "3101666672", name: "Balance 70 Acreedor S.A." };
const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;
const colones = (text: string) => BigInt(text.replace(".", "")) * 1000n;
const entry = (date: string, debit: string, credit: string, amount: string): EntryInput => ({
  date,
  description: `Balance ${date}`,
  lines: [
    { account: leafOf(debit), debit: colones(amount) },
    { account: leafOf(credit), credit: colones(amount) },
  ],
});

let prepared: Promise<void> | undefined;
function prepareBooks() {
  prepared ??= (async () => {
    await testDatabase();
    for (const [organization, unclassified] of [
      [DEBIT, entry("2026-01-12", "70-", "20-01", "163818.07")],
      [CREDIT, entry("2026-01-12", "10-01", "70-", "5000.00")],
    ] as const) {
      const id = `CR:${organization.cedula}`;
      await ensureOrganization({ _id: id, name: organization.name, identificationType: "02" });
      if ((await listEntries(id, {})).count > 0) continue;
      for (const input of [entry("2025-12-10", "10-01", "30-01", "1000000.00"), unclassified]) {
        const result = await createAndPost(id, input, { by: "e2e" });
        if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
      }
    }
  })();
  return prepared;
}

const plain = (text: string | null) =>
  (text ?? "")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Balance General check line, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.beforeAll(prepareBooks);

    test("states Activo + saldo deudor de 70 = Pasivo + Patrimonio, and the credit case on the other side", async ({
      page,
    }) => {
      await signedInAs(page, "admin", { [`CR:${DEBIT.cedula}`]: "admin", [`CR:${CREDIT.cedula}`]: "admin" });

      await page.goto(`/results-general?org=${DEBIT.cedula}&to=2026-02-28&level=1`);
      const debitCheck = page.getByTestId("balance-check");
      await expect(debitCheck).toHaveAttribute("data-holds", "true");
      await expect(debitCheck).toHaveAttribute("role", "status");
      expect(plain(await debitCheck.textContent())).toContain(
        "Activo ₡1 000 000,00 + saldo deudor de 70 Por clasificar ₡163 818,07 = ₡1 163 818,07 = " +
          "Pasivo ₡163 818,07 + Patrimonio ₡1 000 000,00.",
      );
      await expect(page.getByRole("alert").filter({ hasText: "Activo" })).toHaveCount(0);

      await page.goto(`/results-general?org=${CREDIT.cedula}&to=2026-02-28&level=1`);
      const creditCheck = page.getByTestId("balance-check");
      await expect(creditCheck).toHaveAttribute("data-holds", "true");
      const text = plain(await creditCheck.textContent());
      expect(text).toContain(
        "Activo ₡1 005 000,00 = Pasivo ₡0,00 + Patrimonio ₡1 000 000,00 + saldo acreedor de 70 Por clasificar ₡5 000,00.",
      );
      expect(text).not.toMatch(/\(₡/);
    });
  });
}
