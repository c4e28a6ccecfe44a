/**
 * A leaf a bank account is booked in stays what the bank account needs: a leaf (no sub-accounts), enabled,
 * present and in the bank account's currency — else its statements would be matched against the wrong
 * lines or the wrong currency. The catalog refuses those changes with a Spanish message and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScotiabankAccount } from "./bank-fixtures";
import { BANK_ACCOUNT_LEAF, changeCatalog, loadCatalog } from "../../app/services/catalog/catalog.server";
import { ensureOrganization, readCatalogOverrides } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

const ORG = "CR:3101990311";
const LEAF = "10-01-01-03-09";
const PARENT = "10-01-01-03-00";
const SCOTIABANK = "Scotiabank 4455667788";
let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Banco Hoja S.A.", identificationType: "02" });
  expect(await changeCatalog(ORG, { kind: "add", parent: PARENT, code: LEAF, label: "Scotiabank colones" })).toEqual({
    code: LEAF,
  });
  await createScotiabankAccount(ORG, LEAF);
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("the leaf of a bank account", () => {
  const refused = { message: BANK_ACCOUNT_LEAF(LEAF, SCOTIABANK) };

  it.each([
    ["is not switched to dollars", { kind: "set-currency" as const, code: LEAF, currency: "USD" as const }],
    ["gets no sub-account", { kind: "add" as const, parent: LEAF, code: "10-01-01-03-09", label: "Sub" }],
    ["is not disabled", { kind: "set-disabled" as const, code: LEAF, disabled: true }],
    ["is not disabled with its parent", { kind: "set-disabled" as const, code: PARENT, disabled: true }],
    ["is not removed", { kind: "remove" as const, code: LEAF }],
  ])("%s", async (_, change) => {
    const before = await readCatalogOverrides(ORG);
    expect(await changeCatalog(ORG, change)).toEqual(refused);
    expect((await readCatalogOverrides(ORG))?.catalog).toEqual(before?.catalog);
  });

  it("keeps the changes that leave the bank account's leaf as it is", async () => {
    expect(await changeCatalog(ORG, { kind: "set-currency", code: LEAF, currency: "CRC" })).toEqual({ code: LEAF });
    expect(await changeCatalog(ORG, { kind: "rename", code: LEAF, label: "Scotiabank cuenta corriente" })).toEqual({
      code: LEAF,
    });
    const { tree } = await loadCatalog(ORG);
    expect(JSON.stringify(tree)).toContain("Scotiabank cuenta corriente");
  });
});
