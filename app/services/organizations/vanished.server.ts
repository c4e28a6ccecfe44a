/**
 * The organization a guard has just found is missing when a service reads it. Organizations are never
 * deleted, so this is a broken invariant (a bug, answered 500 and logged), not a refusal a person can
 * cause: a person's unknown or foreign organization is refused 404 by the guard (decision 260).
 */
export function organizationVanished(organizationId: string): Error {
  return new Error(`organization ${organizationId} passed the guard but is not stored`);
}
