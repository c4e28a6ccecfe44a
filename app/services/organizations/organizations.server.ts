import { Types } from "mongoose";
import { organizationVanished } from "./vanished.server";
import {
  createOrganization,
  findOrganization,
  listOrganizations,
  lockDayOf,
  setLockDate,
  clearResponsibleIf,
  setOrganizationActive,
  setResponsible,
  setTaxpayerKind,
  updateOrganization,
  type OrganizationDocument,
} from "~models/organization";
import { changeRole, grantAccess, listMembers, revokeAccess, type Member, type UserDocument } from "~models/user";
import { parseCalendarDate, type CalendarDate } from "~/domain/calendar";
import type { CreateOrganizationInput } from "~/domain/organizations/forms";
import { cedulaProblem, toCedula, toOrganizationId, type IdentificationType } from "~/domain/organization-id";
import { canAdministerOrganization, seesAllOrganizations, type OrganizationRole } from "~/domain/roles";
import type { Refusal } from "~/domain/refusal";
import { membershipOf } from "~/utils/account.server";
import { withTransaction } from "~/utils/db.server";
import { sendInvitation } from "~/utils/password-reset.server";

export type { Member };

/** One client as the administration screens show it. */
export interface OrganizationRow {
  id: string;
  cedula: string;
  name: string;
  commercialName: string | null;
  identificationType: IdentificationType;
  active: boolean;
  vatRegime: "tradicional" | "simplificado";
  taxpayerKind: "persona-juridica" | "persona-fisica";
  /** Only ever present for super admins (docs/spec/access.md §3). */
  contactEmail?: string;
}

export interface OrganizationDetail extends OrganizationRow {
  activityCodes: string[];
  /** The administrator who keeps the books (user id), or null. */
  responsibleUserId: string | null;
  /** The last closed day (`YYYY-MM-DD`), or null. */
  lockDate: CalendarDate | null;
}

function toRow(organization: OrganizationDocument, withContact: boolean): OrganizationRow {
  return {
    id: organization._id,
    cedula: toCedula(organization._id),
    name: organization.name,
    commercialName: organization.commercialName ?? null,
    identificationType: organization.identificationType as IdentificationType,
    active: organization.active !== false,
    vatRegime: organization.vatRegime ?? "tradicional",
    taxpayerKind: organization.taxpayerKind ?? "persona-juridica",
    // contactEmail is for super admins only: never put it in anyone else's data.
    ...(withContact && organization.contactEmail ? { contactEmail: organization.contactEmail } : {}),
  };
}

function toDetail(organization: OrganizationDocument, withContact: boolean): OrganizationDetail {
  return {
    ...toRow(organization, withContact),
    activityCodes: organization.activityCodes ?? [],
    responsibleUserId: organization.responsibleUserId ?? null,
    lockDate: parseCalendarDate(lockDayOf(organization.lockDate)),
  };
}

export function seesContactEmail(user: UserDocument): boolean {
  return membershipOf(user).isSuperAdmin;
}

/** The ids of the organizations an admin administers; undefined when the user manages all of them. */
function administeredIds(user: UserDocument): string[] | undefined {
  const membership = membershipOf(user);
  if (seesAllOrganizations(membership)) return undefined;
  return Object.keys(membership.orgs).filter((id) => canAdministerOrganization(membership, id));
}

/**
 * The clients the user manages, active and inactive: all of them for super admins and root, the ones
 * it administers for an admin.
 */
export async function listOrganizationsFor(user: UserDocument, search?: string): Promise<OrganizationRow[]> {
  const organizations = await listOrganizations({ ids: administeredIds(user), search });
  const withContact = seesContactEmail(user);
  return organizations.map((organization) => toRow(organization, withContact));
}

/** The client's data for its page; the org context already checked that the user manages it. */
export async function loadClientDetail(user: UserDocument, organizationId: string): Promise<OrganizationDetail> {
  const organization = await findOrganization(organizationId);
  if (!organization) throw organizationVanished(organizationId);
  return toDetail(organization, seesContactEmail(user));
}

export const DUPLICATE_CLIENT = "Ya existe un cliente con esa identificación.";

/**
 * Creates the client. An admin who creates one administers it from then on (otherwise it would vanish
 * from the admin's own lists); super admins and root need no role.
 */
export async function createClient(
  user: UserDocument,
  input: CreateOrganizationInput,
): Promise<{ cedula: string } | Refusal> {
  const id = toOrganizationId(input.cedula);
  const created = await createOrganization(id, {
    name: input.name,
    commercialName: input.commercialName,
    identificationType: input.identificationType,
    contactEmail: input.contactEmail,
    vatRegime: input.vatRegime,
    taxpayerKind: input.taxpayerKind,
  });
  if (!created) return { field: "cedula", message: DUPLICATE_CLIENT };
  if (!seesAllOrganizations(membershipOf(user))) await grantAccess(user.email, id, "admin");
  return { cedula: input.cedula };
}

export interface ClientChanges {
  name: string;
  commercialName: string | null;
  identificationType: IdentificationType;
  vatRegime: "tradicional" | "simplificado";
  taxpayerKind: "persona-juridica" | "persona-fisica";
  contactEmail: string | null;
  activityCodes: string[];
  /** The last closed day; null opens every period. Changing it is recorded (setLockDate). */
  lockDate: CalendarDate | null;
}

/**
 * Saves the client's data. Only a super admin sees the contact e-mail, so only a super admin can clear
 * it; anyone else may replace it by typing a new one, and an empty field leaves it as it was.
 */
export async function updateClient(
  user: UserDocument,
  organizationId: string,
  changes: ClientChanges,
): Promise<Refusal | null> {
  // The cédula is the client's id and stays; a new identification type must still fit it.
  const problem = cedulaProblem(changes.identificationType, toCedula(organizationId));
  if (problem) return { field: "identificationType", message: problem };
  const { contactEmail, lockDate, taxpayerKind, ...rest } = changes;
  const contact = seesContactEmail(user) ? contactEmail : (contactEmail ?? undefined);
  await withTransaction(async (session) => {
    await updateOrganization(organizationId, { ...rest, contactEmail: contact }, session);
    // The kind picks the income-tax table: its changes are recorded like the lock date's.
    await setTaxpayerKind(organizationId, taxpayerKind, String(user._id), session);
    // Moving the lock date opens or closes periods of the books: it goes through the audited verb.
    await setLockDate(organizationId, lockDate, String(user._id), session);
  });
  return null;
}

export async function setClientActive(organizationId: string, active: boolean): Promise<void> {
  await setOrganizationActive(organizationId, active);
}

export async function membersOf(organizationId: string): Promise<Member[]> {
  return listMembers(organizationId);
}

export const SELF_DEMOTION =
  "No puede quitarse a sí mismo la administración de este cliente; pídaselo a otro administrador.";
export const NOT_A_MEMBER = "Ese usuario ya no tiene acceso a este cliente.";
export const INVITATION_FAILED =
  "Se dio el acceso, pero no se pudo enviar la invitación por correo. Inténtelo más tarde con «Reenviar invitación».";

// An admin who is not a super admin or root works on a client only through its role: losing it locks them out.
function wouldLockOut(actor: UserDocument, userId: string, role: OrganizationRole | null): boolean {
  return String(actor._id) === userId && !seesAllOrganizations(membershipOf(actor)) && role !== "admin";
}

export type GrantOutcome = { invited: boolean; created: boolean; mailFailed: boolean };

/**
 * Gives the person with this e-mail the role in the client. A new person (or one invited before who has
 * not set a password yet) gets an invitation e-mail with a link to set the password.
 */
export async function grantClientAccess(
  actor: UserDocument,
  organization: { id: string; name: string },
  email: string,
  role: OrganizationRole,
): Promise<GrantOutcome | Refusal> {
  if (email === actor.email && wouldLockOut(actor, String(actor._id), role)) return { message: SELF_DEMOTION };
  const { userId, created, hasPassword } = await grantAccess(email, organization.id, role);
  if (hasPassword) return { invited: false, created, mailFailed: false };
  try {
    await sendInvitation(userId, email, organization.name);
    return { invited: true, created, mailFailed: false };
  } catch (error) {
    console.error("invitation mail failed", error);
    return { invited: false, created, mailFailed: true };
  }
}

export async function changeMemberRole(
  actor: UserDocument,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<Refusal | null> {
  if (wouldLockOut(actor, userId, role)) return { message: SELF_DEMOTION };
  if (!(await changeRole(userId, organizationId, role))) return { message: NOT_A_MEMBER };
  if (role !== "admin") await clearResponsibleIf(organizationId, userId);
  return null;
}

export async function revokeMemberAccess(
  actor: UserDocument,
  organizationId: string,
  userId: string,
): Promise<Refusal | null> {
  if (wouldLockOut(actor, userId, null)) return { message: SELF_DEMOTION };
  if (!(await revokeAccess(userId, organizationId))) return { message: NOT_A_MEMBER };
  await clearResponsibleIf(organizationId, userId);
  return null;
}

export const NOT_AN_ADMINISTRATOR = "El responsable debe ser un administrador de este cliente.";

/** Who keeps the client's books: one of its administrators (members with the admin role), or nobody. */
export async function setClientResponsible(organizationId: string, userId: string | null): Promise<Refusal | null> {
  if (userId !== null) {
    const member = (await listMembers(organizationId)).find((candidate) => candidate.id === userId);
    if (!member || member.role !== "admin") return { field: "responsible", message: NOT_AN_ADMINISTRATOR };
  }
  await setResponsible(organizationId, userId);
  return null;
}

/** A new invitation link for a member who has not set a password yet. */
export async function resendInvitation(
  organization: { id: string; name: string },
  userId: string,
): Promise<Refusal | { mailFailed: boolean }> {
  const member = (await listMembers(organization.id)).find((candidate) => candidate.id === userId);
  if (!member) return { message: NOT_A_MEMBER };
  if (!member.pending) return { message: "Ese usuario ya definió su contraseña; no necesita invitación." };
  try {
    await sendInvitation(new Types.ObjectId(member.id), member.email, organization.name);
    return { mailFailed: false };
  } catch (error) {
    console.error("invitation mail failed", error);
    return { mailFailed: true };
  }
}
