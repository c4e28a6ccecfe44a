import { listActiveOrganizations } from "~models/organization";
import type { UserDocument } from "~models/user";
import { toCedula } from "~/domain/organization-id";
import { seesAllOrganizations, type Membership, type OrganizationRole } from "~/domain/roles";
import { oncePerRequest } from "./once-per-request.server";

export interface OrganizationSummary {
  id: string;
  cedula: string;
  name: string;
  contactEmail?: string;
}

/** The "user session" of docs/spec/sign-in.md §2: what the browser may know about the signed-in user. */
export interface Account {
  user: { id: string; email: string };
  isSuperAdmin: boolean;
  isAdmin: boolean;
  isRoot: boolean;
  roles?: Record<string, OrganizationRole>;
  organizations: OrganizationSummary[];
}

export function membershipOf(user: UserDocument): Membership {
  const orgs =
    user.orgs instanceof Map ? Object.fromEntries(user.orgs) : ((user.orgs ?? {}) as Record<string, OrganizationRole>);
  return { isRoot: !!user.isRoot, isSuperAdmin: !!user.isSuperAdmin, isAdmin: !!user.isAdmin, orgs };
}

/** Organizations the user may work on: all active ones for root and super admins, else their active ones. */
export async function accessibleOrganizations(user: UserDocument): Promise<OrganizationSummary[]> {
  const membership = membershipOf(user);
  const organizations = await listActiveOrganizations(
    seesAllOrganizations(membership) ? undefined : Object.keys(membership.orgs),
  );
  // contactEmail is for super admins only (docs/spec/access.md §3): never put it in anyone else's data.
  const withContact = membership.isSuperAdmin;
  return organizations.map((organization) => ({
    id: organization._id,
    cedula: toCedula(organization._id),
    name: organization.name,
    ...(withContact && organization.contactEmail ? { contactEmail: organization.contactEmail } : {}),
  }));
}

/** accessibleOrganizations, read once per request. */
export const accessibleOrganizationsFor = oncePerRequest((_request: Request, user: UserDocument) =>
  accessibleOrganizations(user),
);

export async function buildAccount(request: Request, user: UserDocument): Promise<Account> {
  const membership = membershipOf(user);
  return {
    user: { id: String(user._id), email: user.email },
    isSuperAdmin: membership.isSuperAdmin,
    isAdmin: membership.isAdmin,
    isRoot: membership.isRoot,
    ...(membership.isSuperAdmin ? {} : { roles: membership.orgs }),
    organizations: await accessibleOrganizationsFor(request, user),
  };
}
