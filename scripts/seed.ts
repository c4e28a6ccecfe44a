import { readFile } from "node:fs/promises";
import { z } from "zod";
import { cedulaProblem, toOrganizationId, type IdentificationType } from "../app/domain/organization-id";
import { ensureOrganization, type OrganizationSeed } from "../models/organization";
import { seedDecreeTables } from "../app/services/income-tax/brackets.server";
import { backfillCompactForms } from "../app/services/receipts/compact-receipts.server";
import { argValue, withDatabase } from "./with-database";

const usage = `usage:
  npm run seed -- --brackets                   only the income-tax brackets and the receipts' compact forms
                                               (every other form does both too)
  npm run seed -- --demo                       demo organizations, users and data
  npm run seed -- --file organizations.json    organizations from a JSON array
  npm run seed -- --cedula 3101123456 --name "Empresa S.A." [--type 02] [--email contacto@empresa.cr]`;

const organizationInput = z
  .object({
    cedula: z.string().regex(/^\d{9,12}$/, "cedula must be 9 to 12 digits"),
    name: z.string().min(1),
    type: z.enum(["01", "02", "03", "04"]).default("02"),
    email: z.string().email().optional(),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    const problem = cedulaProblem(value.type as IdentificationType, value.cedula);
    if (problem) ctx.addIssue({ code: "custom", path: ["cedula"], message: `${value.cedula}: ${problem}` });
  });

function toSeed(input: z.infer<typeof organizationInput>): OrganizationSeed {
  return {
    _id: toOrganizationId(input.cedula),
    name: input.name,
    identificationType: input.type,
    active: input.active,
    contactEmail: input.email,
    taxpayerKind: input.type === "01" ? "persona-fisica" : "persona-juridica",
  };
}

async function main(args: string[]) {
  const log = (line: string) => console.log(line);
  if (args.includes("--help") || args.length === 0) {
    console.log(usage);
    return;
  }
  let organizations: OrganizationSeed[] = [];
  const file = argValue(args, "--file");
  if (file) {
    organizations = z
      .array(organizationInput)
      .parse(JSON.parse(await readFile(file, "utf8")))
      .map(toSeed);
  } else if (argValue(args, "--cedula")) {
    organizations = [
      toSeed(
        organizationInput.parse({
          cedula: argValue(args, "--cedula"),
          name: argValue(args, "--name"),
          type: argValue(args, "--type"),
          email: argValue(args, "--email"),
        }),
      ),
    ];
  }
  await withDatabase(async () => {
    for (const organization of organizations) {
      const created = await ensureOrganization(organization);
      log(`${organization._id} ${organization.name}: ${created ? "created" : "already present, left unchanged"}`);
    }
    // The 2025 and 2026 decree tables: missing ones are created, edited ones left as they are.
    const brackets = await seedDecreeTables();
    log(`income-tax brackets: ${brackets} tables created (existing ones left unchanged)`);
    // Receipts stored before their compact parsed form existed (or under an older version) get it now.
    const compact = await backfillCompactForms();
    log(`receipts: ${compact.rebuilt} compact forms built, ${compact.unreadable} unreadable XML`);
    // The demo seed and its sample generator are loaded only when asked for.
    if (args.includes("--demo")) await (await import("./seed-demo")).seedDemo({ log });
  });
}

main(process.argv.slice(2)).catch((error) => {
  console.error(
    error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n") : error,
  );
  process.exit(1);
});
