import { describe, expect, it } from "vitest";
import { canAdministerOrganization, hasAdminAccess, seesAllOrganizations } from "./roles";

const base = { isRoot: false, isSuperAdmin: false, isAdmin: false, orgs: {} as Record<string, "admin" | "client"> };

describe("roles (docs/spec/access.md)", () => {
  it("opens admin-only routes to admin, super admin or root", () => {
    expect(hasAdminAccess(base)).toBe(false);
    expect(hasAdminAccess({ ...base, isAdmin: true })).toBe(true);
    expect(hasAdminAccess({ ...base, isSuperAdmin: true })).toBe(true);
    expect(hasAdminAccess({ ...base, isRoot: true })).toBe(true);
  });

  it("lets super admins and root see every organization, others only their own", () => {
    expect(seesAllOrganizations({ ...base, isSuperAdmin: true })).toBe(true);
    expect(seesAllOrganizations({ ...base, isRoot: true })).toBe(true);
    expect(seesAllOrganizations({ ...base, isAdmin: true })).toBe(false);
  });

  it("lets an admin administer only organizations where its role is admin", () => {
    const admin = {
      ...base,
      isAdmin: true,
      orgs: { "CR:3101123456": "admin" as const, "CR:3102654321": "client" as const },
    };
    expect(canAdministerOrganization(admin, "CR:3101123456")).toBe(true);
    expect(canAdministerOrganization(admin, "CR:3102654321")).toBe(false);
    expect(canAdministerOrganization(admin, "CR:111110111")).toBe(false);
    expect(canAdministerOrganization({ ...base, orgs: { "CR:3101123456": "admin" } }, "CR:3101123456")).toBe(false);
    expect(canAdministerOrganization({ ...base, isSuperAdmin: true }, "CR:111110111")).toBe(true);
  });
});
