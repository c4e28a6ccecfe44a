import { setSelectedOrganization, type UserDocument } from "~models/user";
import { toOrganizationId } from "~/domain/organization-id";
import { canAdministerOrganization } from "~/domain/roles";
import { accessibleOrganizationsFor, membershipOf, type OrganizationSummary } from "./account.server";
import { notFound } from "./auth.server";
import { oncePerRequest } from "./once-per-request.server";

/**
 * The organization every screen works on. `?org=<cédula>` picks it (and is remembered for the user);
 * otherwise the remembered choice, otherwise the first organization the user may access. A cédula the
 * user may not access is answered 404, as if it did not exist.
 */
export const resolveSelectedOrganization = oncePerRequest(async (request: Request, user: UserDocument): Promise<OrganizationSummary | null> => {
  const organizations = await accessibleOrganizationsFor(request, user);
  const requested = new URL(request.url).searchParams.get("org");
  if (requested) {
    const chosen = organizations.find((o) => o.id === toOrganizationId(requested.trim()));
    if (!chosen) throw notFound("Organización no encontrada");
    if (user.selectedOrganizationId !== chosen.id) await setSelectedOrganization(user._id, chosen.id);
    return chosen;
  }
  return organizations.find((o) => o.id === user.selectedOrganizationId) ?? organizations[0] ?? null;
});

/** For screens that need an organization: none accessible → 404. */
export async function requireSelectedOrganization(request: Request, user: UserDocument): Promise<OrganizationSummary> {
  const organization = await resolveSelectedOrganization(request, user);
  if (!organization) throw notFound("No tiene acceso a ninguna organización activa");
  return organization;
}

/** For admin screens of the selected organization: the user must administer it, else 404. */
export async function requireAdministeredOrganization(request: Request, user: UserDocument): Promise<OrganizationSummary> {
  const organization = await requireSelectedOrganization(request, user);
  if (!canAdministerOrganization(membershipOf(user), organization.id)) throw notFound("Organización no encontrada");
  return organization;
}
