import { ensureOrganization } from "../models/organization";
import { ensureUser } from "../models/user";
import { validateOverrides } from "../app/domain/catalog";
import { seedDecreeTables } from "../app/services/income-tax/brackets.server";
import { hashPassword } from "../app/utils/password.server";
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_USERS } from "./demo-data";
import { seedDemoEntries } from "./seed-demo-entries";
import { seedDemoIssuer } from "./seed-demo-issuer";
import { seedDemoReceipts } from "./seed-demo-receipts";
import { seedDemoRules } from "./seed-demo-rules";
import { seedDemoTemplates } from "./seed-demo-templates";

/**
 * Idempotent: what exists is left alone, so running it twice changes nothing. A demo client's catalog
 * overrides are stored only when the client is created; later changes made on the screen are kept.
 */
export async function seedDemo({ log }: { log: (line: string) => void }) {
  for (const organization of DEMO_ORGANIZATIONS) {
    const issues = validateOverrides(organization.catalog);
    if (issues.length > 0) {
      throw new Error(`demo catalog of ${organization._id}: ${issues.map((i) => `${i.code} ${i.message}`).join("; ")}`);
    }
  }
  let createdOrganizations = 0;
  for (const organization of DEMO_ORGANIZATIONS) {
    if (await ensureOrganization(organization)) {
      createdOrganizations++;
      const overrides = Object.keys(organization.catalog ?? {}).length;
      if (overrides > 0) log(`  ${organization.name}: ${overrides} catalog overrides`);
    }
  }
  let createdUsers = 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const { description: _description, ...user } of DEMO_USERS) {
    if (await ensureUser({ ...user, passwordHash })) createdUsers++;
  }
  // The demo computes income tax: the decree tables the app ships with (already there after a start).
  const tables = await seedDecreeTables();
  if (tables > 0) log(`  income-tax decree tables: ${tables} created`);
  await seedDemoReceipts({ log });
  await seedDemoEntries({ log });
  await seedDemoRules({ log });
  await seedDemoTemplates({ log });
  await seedDemoIssuer({ log });
  log(
    `demo data: ${createdOrganizations} organizations and ${createdUsers} users created (existing ones left as they were)`,
  );
  log(
    `demo accounts (password ${DEMO_PASSWORD}; each enrolls its TOTP second factor at first sign-in, where the secret is shown):`,
  );
  for (const user of DEMO_USERS) log(`  ${user.email.padEnd(20)} ${user.description}`);
}
