import { z } from "zod";
import { toOrganizationId } from "../app/domain/organization-id";
import { createInvitationLink, mailInvitation } from "../app/utils/password-reset.server";
import { Organization } from "../models/organization";
import { User } from "../models/user";
import { argValue, withDatabase } from "./with-database";

const usage =
  "usage: npm run create-user -- --email ana@ejemplo.cr --role admin|superadmin|root|client [--org 3101123456]";

const input = z
  .object({
    email: z.string().trim().toLowerCase().email("--email must be an e-mail address"),
    role: z.enum(["admin", "superadmin", "root", "client"], {
      message: "--role must be admin, superadmin, root or client",
    }),
    org: z
      .string()
      .regex(/^\d{9,12}$/, "--org must be a cédula of 9 to 12 digits")
      .optional(),
  })
  .refine((v) => v.role === "superadmin" || v.role === "root" || v.org, {
    message: "--org is required for the admin and client roles",
  });

async function main(args: string[]) {
  const parsed = input.safeParse({
    email: argValue(args, "--email"),
    role: argValue(args, "--role"),
    org: argValue(args, "--org"),
  });
  if (!parsed.success) {
    console.error(`${parsed.error.issues.map((i) => i.message).join("\n")}\n${usage}`);
    process.exit(2);
  }
  const { email, role, org } = parsed.data;
  await withDatabase(async () => {
    const organization = org ? await Organization.findById(toOrganizationId(org)).lean() : null;
    if (org && !organization) throw new Error(`organization ${org} does not exist (create it with npm run seed)`);
    if (await User.exists({ email })) throw new Error(`a user with e-mail ${email} already exists`);
    const user = await User.create({
      email,
      isRoot: role === "root",
      isSuperAdmin: role === "superadmin",
      isAdmin: role === "admin",
      orgs: organization ? { [organization._id]: role === "admin" ? "admin" : "client" } : {},
    });
    const link = await createInvitationLink(user._id);
    console.log(`created ${role} ${email}${organization ? ` for ${organization.name}` : ""}`);
    console.log(`set-password link (valid 7 days, single use): ${link}`);
    await mailInvitation(email, organization?.name ?? "Contabilidad CR", link).then(
      () => console.log(`invitation e-mailed to ${email}`),
      (error: Error) =>
        console.error(`the invitation e-mail could not be sent (${error.message}); give the user the link above`),
    );
  });
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
