import { readdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { createUser, expect, signIn, test } from "./support/fixtures";

/**
 * Issue 25, layout: every screen works on a phone (390 px) and on a laptop (1366 px) without the page
 * scrolling sideways; a wide table scrolls inside its own region. The screens are the app's page
 * routes (app/routes/), each visited as an admin and, where it may, as a client user.
 */
const ORG = "3101123456";
const lastMonth = shiftMonth(currentMonth(), -1);
const WIDTHS = [390, 1366] as const;

// Route modules that are not screens: files, exports, actions and the sign-out.
const NOT_SCREENS = [
  /\[\.\](csv|xlsx|pdf|journal)\.tsx$/,
  /\.(csv|pdf|xml)\.tsx$/,
  /^_app\.detail\.\$invoiceID\.(contabilizar|hacienda|mensaje-receptor|reintentar)\.tsx$/,
  /^_app\.detail\.import\.tsx$/,
  /^_app\.booking\.month\.tsx$/,
  /^logout\.tsx$/,
  /^_app\.tsx$/,
];

/** Each page route, and how the spec reaches it (`{first:…}` opens the first link of that shape on a page). */
/** A fixed path, or the first link matching `link` on `from` (then, with `next`, the first matching it there). */
type Visit = string | { from: string; link: RegExp; next?: RegExp };
const ADMIN_SCREENS: Record<string, Visit> = {
  "_app._index.tsx": `/?org=${ORG}&month=${lastMonth}&tab=recibidos`,
  "_app.admin.board.tsx": `/admin/board?month=${lastMonth}`,
  "_app.entries.list.tsx": `/entries/list?org=${ORG}`,
  "_app.entries.movement-list.tsx": `/entries/movement-list?org=${ORG}&account=10-01-01-01-00`,
  "_app.entries.view.$entryID.tsx": { from: `/entries/list?org=${ORG}`, link: /\/entries\/view\/[0-9a-f]{24}/ },
  "_app.entries.detail.new.tsx": `/entries/detail/new?org=${ORG}`,
  "_app.entries.detail.$accountEntryID.tsx": {
    from: `/entries/list?org=${ORG}&status=draft`,
    link: /\/entries\/(detail|view)\/[0-9a-f]{24}/,
  },
  "_app.results.tsx": `/results?org=${ORG}&level=5&compare=previous`,
  "_app.results-general.tsx": `/results-general?org=${ORG}&level=5&compare=lastYear`,
  "_app.results-all.tsx": `/results-all?org=${ORG}&level=5`,
  "_app.admin.vat.tsx": `/admin/vat?org=${ORG}&month=${lastMonth}`,
  "_app.admin.income-tax.tsx": `/admin/income-tax?org=${ORG}`,
  "_app.admin.mailboxes.tsx": `/admin/mailboxes?org=${ORG}`,
  "_app.admin.exchange-rates.tsx": `/admin/exchange-rates?org=${ORG}`,
  "_app.admin.exchange-difference.tsx": `/admin/exchange-difference?org=${ORG}`,
  "_app.admin.bank.tsx": `/admin/bank?org=${ORG}`,
  "_app.admin.bank_.$accountID.tsx": { from: `/admin/bank?org=${ORG}`, link: /\/admin\/bank\/[0-9a-f]{24}/ },
  "_app.admin.bank_.$accountID_.rules.tsx": {
    from: `/admin/bank?org=${ORG}`,
    link: /\/admin\/bank\/[0-9a-f]{24}/,
    next: /\/admin\/bank\/[0-9a-f]{24}\/rules/,
  },
  "_app.admin.bank_.$accountID_.import.$jobID.tsx": {
    from: `/admin/bank?org=${ORG}`,
    link: /\/admin\/bank\/[0-9a-f]{24}/,
    next: /\/admin\/bank\/[0-9a-f]{24}\/import\/[0-9a-f]{24}/,
  },
  "_app.admin.income-brackets.tsx": `/admin/income-brackets?org=${ORG}`,
  "_app.admin.income-brackets_.$year.$kind.tsx": {
    from: `/admin/income-brackets?org=${ORG}`,
    link: /\/admin\/income-brackets\/\d{4}\/[a-z-]+/,
  },
  "_app.admin.invoice.($invoiceID).tsx": `/admin/invoice?org=${ORG}`,
  "_app.admin.catalog.tsx": `/admin/catalog?org=${ORG}&account=10-01-01-01-00`,
  "_app.admin.organizations._index.tsx": `/admin/organizations?org=${ORG}`,
  "_app.admin.organizations.$orgID.tsx": `/admin/organizations/${ORG}?org=${ORG}`,
  "_app.admin.rules.tsx": `/admin/rules?org=${ORG}`,
  "_app.admin.rules_.new.tsx": `/admin/rules/new?org=${ORG}`,
  "_app.admin.rules_.$ruleID.tsx": { from: `/admin/rules?org=${ORG}`, link: /\/admin\/rules\/[0-9a-f]{24}/ },
  "_app.admin.rules_.default-accounts.tsx": `/admin/rules/default-accounts?org=${ORG}`,
  "_app.admin.rules_.simulate.tsx": `/admin/rules/simulate?org=${ORG}&month=${lastMonth}`,
  "_app.admin.accounting-entry-templates.tsx": `/admin/accounting-entry-templates?org=${ORG}`,
  "_app.admin.accounting-entry-templates_.new.tsx": `/admin/accounting-entry-templates/new?org=${ORG}`,
  "_app.admin.accounting-entry-templates_.$templateID.tsx": {
    from: `/admin/accounting-entry-templates?org=${ORG}`,
    link: /\/admin\/accounting-entry-templates\/[0-9a-f]{24}/,
  },
  "_app.detail._index.tsx": `/detail?org=${ORG}`,
  "_app.detail.$invoiceID.tsx": {
    from: `/?org=${ORG}&month=${lastMonth}&tab=recibidos`,
    link: /\/detail\/[0-9a-f]{24}/,
  },
  "_app.detail.import_.$jobID.tsx": { from: `/detail?org=${ORG}`, link: /\/detail\/import\/[0-9a-f]{24}/ },
  "_app.booking.$jobID.tsx": { from: `/?org=${ORG}&month=${lastMonth}`, link: /\/booking\/[0-9a-f]{24}/ },
  "_app.receivables.tsx": `/receivables?org=${ORG}`,
  "_app.payables.tsx": `/payables?org=${ORG}`,
  "_app.receivables_.$partyId.tsx": { from: `/receivables?org=${ORG}`, link: /\/receivables\/[0-9a-f]{24}/ },
  "_app.payables_.$partyId.tsx": { from: `/payables?org=${ORG}`, link: /\/payables\/[0-9a-f]{24}/ },
  "$.tsx": "/esto/no/existe",
};
const CLIENT_SCREENS = [
  "_app._index.tsx",
  "_app.entries.list.tsx",
  "_app.entries.view.$entryID.tsx",
  "_app.results.tsx",
  "_app.results-general.tsx",
  "_app.results-all.tsx",
  "_app.detail.$invoiceID.tsx",
  "_app.receivables.tsx",
  "_app.receivables_.$partyId.tsx",
  "_app.payables.tsx",
  "$.tsx",
];
// Signed out (or half way in): the sign-in pages.
const VISITOR_SCREENS: Record<string, string> = {
  "login.tsx": "/login",
  "forgot-password.tsx": "/forgot-password",
  "reset-password.tsx": "/reset-password?token=x",
  "otp-verification.tsx": "/otp-verification?id=000000000000000000000000",
  "otp.tsx": "/otp",
};
// Visited when a page links one: a job's page after an upload or «Contabilizar el mes», a bracket
// table's page once the demo ships the tables.
const OPTIONAL = new Set([
  "_app.detail.import_.$jobID.tsx",
  "_app.booking.$jobID.tsx",
  "_app.admin.income-brackets_.$year.$kind.tsx",
  // A statement of account, when the demo organization has documents on credit.
  "_app.receivables_.$partyId.tsx",
  "_app.payables_.$partyId.tsx",
  // A bank account's page, when the demo organization has a bank account (the bank spec checks it on a phone).
  "_app.admin.bank_.$accountID.tsx",
  "_app.admin.bank_.$accountID_.rules.tsx",
  // A long statement import's progress page, reached right after its upload (the bank spec follows one).
  "_app.admin.bank_.$accountID_.import.$jobID.tsx",
]);

async function pageScrollsSideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The element, brought into view inside its own scroll region, lies wholly on the screen. */
async function expectFullyVisible(page: Page, element: Locator, what: string) {
  await element.evaluate((node) => node.scrollIntoView({ block: "center", inline: "end" }));
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box, what).not.toBeNull();
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(width + 0.5);
  // Its text is not clipped by its own box either («₡1…»).
  expect(await element.evaluate((node) => node.scrollWidth - node.clientWidth), what).toBeLessThanOrEqual(0);
}

async function linkOn(page: Page, path: string, link: RegExp): Promise<string | null> {
  await page.goto(path);
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  return hrefs.find((href) => link.test(href)) ?? null;
}

async function resolve(page: Page, visit: Visit): Promise<string | null> {
  if (typeof visit === "string") return visit;
  const first = await linkOn(page, visit.from, visit.link);
  if (first === null || !visit.next) return first;
  return linkOn(page, first, visit.next);
}

async function visitAll(page: Page, routes: string[], width: number): Promise<string[]> {
  const wide: string[] = [];
  for (const route of routes) {
    const path = await resolve(page, ADMIN_SCREENS[route]);
    if (path === null) {
      expect(OPTIONAL.has(route), `no link reaches ${route}`).toBe(true);
      continue;
    }
    await page.goto(path);
    await expect(page.locator("body")).toBeVisible();
    const sideways = await pageScrollsSideways(page);
    if (sideways > 0) wide.push(`${width} px ${path}: ${sideways} px sideways`);
  }
  return wide;
}

test("the spec knows every page route of the app", () => {
  const files = readdirSync("app/routes").filter((file) => file.endsWith(".tsx"));
  const known = new Set([...Object.keys(ADMIN_SCREENS), ...Object.keys(VISITOR_SCREENS)]);
  const unknown = files.filter((file) => !known.has(file) && !NOT_SCREENS.some((pattern) => pattern.test(file)));
  expect(unknown).toEqual([]);
});

for (const width of WIDTHS) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("no admin screen scrolls sideways", async ({ page }) => {
      test.setTimeout(420_000);
      await signIn(page, await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } }));
      expect(await visitAll(page, Object.keys(ADMIN_SCREENS), width)).toEqual([]);
    });

    test("no client user's screen scrolls sideways", async ({ page }) => {
      test.setTimeout(240_000);
      await signIn(page, await createUser({ persona: "client", orgs: { [`CR:${ORG}`]: "client" } }));
      expect(await visitAll(page, CLIENT_SCREENS, width)).toEqual([]);
    });

    test("no sign-in page scrolls sideways", async ({ page }) => {
      const wide: string[] = [];
      for (const path of Object.values(VISITOR_SCREENS)) {
        await page.goto(path);
        const sideways = await pageScrollsSideways(page);
        if (sideways > 0) wide.push(`${path}: ${sideways} px`);
      }
      expect(wide).toEqual([]);
    });
  });
}

test.describe("the cut-offs found on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the trial balance's codes and amounts, the IVA columns and the invoice page fit or scroll in their region", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } }));

    await page.goto(`/results-all?org=${ORG}&level=5`);
    const firstRow = page.getByTestId("trial-table").locator("tbody tr").first();
    await expectFullyVisible(page, firstRow.locator("td").first(), "código de la primera cuenta");
    await expectFullyVisible(page, firstRow.locator("td").last(), "saldo final de la primera cuenta");
    await expectFullyVisible(page, page.getByTestId("total-credit"), "total de créditos");

    await page.goto(`/admin/vat?org=${ORG}&month=${lastMonth}`);
    for (const section of ["debito", "credito"]) {
      const header = page.getByTestId(`iva-${section}`).locator("thead th");
      await expectFullyVisible(page, header.last(), `última columna de IVA (${section})`);
    }

    await page.goto(`/admin/invoice?org=${ORG}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await pageScrollsSideways(page)).toBeLessThanOrEqual(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the organization selector's «Cambiar» is whole on the screen", async ({ page }) => {
      await signIn(page, await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } }));
      await page.goto(`/results?org=${ORG}`);
      await expectFullyVisible(page, page.getByRole("button", { name: "Cambiar" }), "Cambiar");
      expect(await pageScrollsSideways(page)).toBeLessThanOrEqual(0);
    });
  });
});

test.describe("a laptop (1366 px)", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the month view shows its last columns without a sideways scroll", async ({ page }) => {
    await signIn(page, await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } }));
    await page.goto(`/?org=${ORG}&month=${lastMonth}&tab=recibidos`);
    const region = page.getByRole("region", { name: "Comprobantes del mes" });
    await expect(region).toBeVisible();
    expect(await region.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
  });
});
