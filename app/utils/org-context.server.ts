import { findOrganization } from "~models/organization";
import { setSelectedOrganization, type UserDocument } from "~models/user";
import { toCedula, toOrganizationId } from "~/domain/organization-id";
import {
  canAdministerOrganization,
  seesAllOrganizations,
  type Membership,
  type OrganizationRole,
} from "~/domain/roles";
import { accessibleOrganizationsFor, membershipOf, type OrganizationSummary } from "./account.server";
import { requireAdmin, requireUser } from "./auth.server";
import { notFound } from "./http.server";
import { oncePerRequest } from "./once-per-request.server";

export const ORGANIZATION_NOT_FOUND = "Organización no encontrada";
export const NOT_ADMINISTERED_CLIENT = "Ya existe un cliente con esa identificación, pero usted no lo administra.";
export const NO_ORGANIZATION = "No tiene acceso a ninguna organización activa";

/** Who asks, and the organization the request works on, with the asker's role in it. */
export interface OrgContext {
  user: UserDocument;
  membership: Membership;
  organization: OrganizationSummary;
  /** "admin" for whoever administers it (its admins, super admins, root), else "client". */
  role: OrganizationRole;
}

export type OrgContextWithoutOrganization = Omit<OrgContext, "organization" | "role"> & {
  organization: null;
  role: null;
};

export interface OrgContextOptions {
  /** Admin screens: non-admins are sent to / (docs/spec/access.md §2) and the user must administer the organization. */
  admin?: boolean;
  /**
   * The organization named by a route parameter (a bare cédula, e.g. /admin/organizations/:orgID)
   * instead of the selected one; inactive organizations included, so they can be reactivated.
   */
  param?: string | undefined;
  /** The shell and the home page: a user with no accessible organization gets `organization: null`, not 404. */
  orNone?: boolean;
}

const CEDULA_IN_URL = /^\d{9,12}$/;

/**
 * `?org=<cédula>` picks the organization; otherwise the remembered choice, otherwise the first the user
 * may access. A cédula the user may not access is answered 404, as if it did not exist. The choice is
 * remembered on the user only when it changes, so repeated GETs with the same ?org write nothing.
 */
export const resolveSelectedOrganization = oncePerRequest(
  async (request: Request, user: UserDocument): Promise<OrganizationSummary | null> => {
    const organizations = await accessibleOrganizationsFor(request, user);
    const requested = new URL(request.url).searchParams.get("org");
    if (requested) {
      const chosen = organizations.find((o) => o.id === toOrganizationId(requested.trim()));
      if (!chosen) throw notFound(ORGANIZATION_NOT_FOUND);
      if (user.selectedOrganizationId !== chosen.id) await setSelectedOrganization(user._id, chosen.id);
      return chosen;
    }
    return organizations.find((o) => o.id === user.selectedOrganizationId) ?? organizations[0] ?? null;
  },
);

async function organizationOfParam(
  user: UserDocument,
  membership: Membership,
  param: string | undefined,
): Promise<OrganizationSummary> {
  const bare = toCedula(param?.trim() ?? "");
  if (!CEDULA_IN_URL.test(bare)) throw notFound(ORGANIZATION_NOT_FOUND);
  const id = toOrganizationId(bare);
  const organization = await findOrganization(id);
  if (!organization) throw notFound(ORGANIZATION_NOT_FOUND);
  // Creating it would answer "Ya existe…", so its page says the same and nothing more (decision 052).
  if (!seesAllOrganizations(membership) && !membership.orgs[id]) throw notFound(NOT_ADMINISTERED_CLIENT);
  return {
    id,
    cedula: bare,
    name: organization.name,
    ...(membership.isSuperAdmin && organization.contactEmail ? { contactEmail: organization.contactEmail } : {}),
  };
}

/**
 * The guard of every organization-scoped loader and action: signs in (and, with `admin`, checks admin
 * access), resolves the organization and the user's role in it. An organization the user may not
 * work on is 404 "Organización no encontrada".
 */
export async function requireOrgContext(
  request: Request,
  options: OrgContextOptions & { orNone: true },
): Promise<OrgContext | OrgContextWithoutOrganization>;
export async function requireOrgContext(
  request: Request,
  options?: OrgContextOptions & { orNone?: false },
): Promise<OrgContext>;
export async function requireOrgContext(
  request: Request,
  options: OrgContextOptions = {},
): Promise<OrgContext | OrgContextWithoutOrganization> {
  const { user } = options.admin ? await requireAdmin(request) : await requireUser(request);
  const membership = membershipOf(user);
  const organization =
    "param" in options
      ? await organizationOfParam(user, membership, options.param)
      : await resolveSelectedOrganization(request, user);
  if (!organization) {
    if (options.orNone) return { user, membership, organization: null, role: null };
    throw notFound(NO_ORGANIZATION);
  }
  const role: OrganizationRole = canAdministerOrganization(membership, organization.id) ? "admin" : "client";
  if (options.admin && role !== "admin") throw notFound(ORGANIZATION_NOT_FOUND);
  return { user, membership, organization, role };
}
