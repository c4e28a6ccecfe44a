import { createUser, expect, signIn, test } from "./support/fixtures";

/**
 * Issue 25, the client user's view: the statements open at a readable level (3) with the account's
 * name first; the contador (admin) keeps nivel 5 with the code column (docs/spec/client-view.md).
 */
const ORG = "3101123456";

test("a client user opens the Estado de Resultados at nivel 3, names first; an admin at nivel 5 with codes", async ({
  page,
}) => {
  await signIn(page, await createUser({ persona: "client", orgs: { [`CR:${ORG}`]: "client" } }));
  await page.goto(`/results?org=${ORG}&year=2026`);
  await expect(page.getByLabel("Nivel de detalle")).toHaveValue("3");
  const table = page.getByTestId("results-table");
  await expect(table.getByRole("columnheader", { name: "Código" })).toHaveCount(0);
  await expect(table.getByRole("columnheader").first()).toHaveText("Cuenta");
  // The deepest rows are the groups an owner names, each led by its name.
  const codes = await table
    .locator("tr[data-code]")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-code")!));
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.every((code) => code.endsWith("-00-00"))).toBe(true);
  const first = table.locator("tr[data-code]").first().locator("td").first();
  await expect(first).toHaveText(/^[A-ZÁÉÍÓÚ][^\d]+\d{2}-/);

  await page.goto(`/results-general?org=${ORG}`);
  await expect(page.getByLabel("Nivel de detalle")).toHaveValue("3");
  await expect(page.getByTestId("general-table").getByRole("columnheader", { name: "Código" })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } }));
  await page.goto(`/results?org=${ORG}&year=2026`);
  await expect(page.getByLabel("Nivel de detalle")).toHaveValue("5");
  await expect(page.getByTestId("results-table").getByRole("columnheader", { name: "Código" })).toHaveCount(1);
});
