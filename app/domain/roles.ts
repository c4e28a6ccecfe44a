/** A user's role inside one organization (the `orgs` claim: organization id → role). */
export const ORGANIZATION_ROLES = ["admin", "client"] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const ORGANIZATION_ROLE_LABELS: Record<OrganizationRole, string> = {
  admin: "Contador (administrador)",
  client: "Cliente (consulta)",
};

export interface RoleFlags {
  isRoot: boolean;
  isSuperAdmin: boolean;
  isAdmin: boolean;
}

/** Admin-only routes are open to admins, super admins and root (docs/spec/access.md §2). */
export function hasAdminAccess(flags: RoleFlags): boolean {
  return flags.isRoot || flags.isSuperAdmin || flags.isAdmin;
}

/** Root and super admins see every active organization; everyone else only their own (docs/spec/access.md §3). */
export function seesAllOrganizations(flags: RoleFlags): boolean {
  return flags.isRoot || flags.isSuperAdmin;
}

export interface Membership extends RoleFlags {
  orgs: Record<string, OrganizationRole>;
}

/** Whether the user may run admin screens (invoices, entries, configuration) for an organization. */
export function canAdministerOrganization(user: Membership, organizationId: string): boolean {
  return seesAllOrganizations(user) || (user.isAdmin && user.orgs[organizationId] === "admin");
}
