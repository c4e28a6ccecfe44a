import { readdirSync } from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser, type Persona } from "../support/users";

/**
 * Every route module, exercised as every kind of visitor. Adding a route is one line in ROUTES; a
 * route file missing from ROUTES fails the suite, and so does a loader or action that skips its guard.
 *
 * access: "public" (anyone), "user" (complete sign-in), "admin" (admin, super admin or root).
 * orgScoped: the route works on the selected organization, so an admin of another organization asking
 * for Ferretería El Clavo (?org=3101123456) must get 404.
 */
interface RouteCase {
  file: string;
  path: string;
  access: "public" | "user" | "admin";
  orgScoped?: boolean;
  params?: Record<string, string>;
  form?: Record<string, string>;
  hasAction?: boolean;
}

const ROUTES: RouteCase[] = [
  { file: "$.tsx", path: "/no-existe", access: "public" },
  { file: "login.tsx", path: "/login", access: "public" },
  { file: "otp.tsx", path: "/otp", access: "public" },
  { file: "otp-verification.tsx", path: "/otp-verification?id=000000000000000000000000", access: "public" },
  { file: "logout.tsx", path: "/logout", access: "public" },
  { file: "forgot-password.tsx", path: "/forgot-password", access: "public" },
  { file: "reset-password.tsx", path: "/reset-password?token=nada", access: "public" },
  { file: "_app.tsx", path: "/", access: "user", orgScoped: true },
];

type Visitor = "anonymous" | "client" | "adminOfOther" | Exclude<Persona, "client">;
const VISITORS: Visitor[] = ["anonymous", "client", "adminOfOther", "admin", "superadmin", "root"];
const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";

let environment: AppEnvironment;
const cookies = new Map<Visitor, string | undefined>();

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const make = async (persona: Persona, orgs: Record<string, "admin" | "client">) =>
    sessionCookieFor((await createTestUser({ persona, orgs })).id);
  cookies.set("anonymous", undefined);
  cookies.set("client", await make("client", { [FERRETERIA]: "client" }));
  cookies.set("adminOfOther", await make("admin", { [SODA]: "admin" }));
  cookies.set("admin", await make("admin", { [FERRETERIA]: "admin" }));
  cookies.set("superadmin", await make("superadmin", {}));
  cookies.set("root", await make("root", {}));
});

afterAll(async () => {
  await environment?.close();
});

function withOrg(routePath: string): string {
  return `${routePath}${routePath.includes("?") ? "&" : "?"}org=3101123456`;
}

function expectation(route: RouteCase, visitor: Visitor): "login" | "home" | "not-found" | "allowed" | "any" {
  if (route.access === "public") return "any";
  if (visitor === "anonymous") return "login";
  if (route.access === "admin" && visitor === "client") return "home";
  if (route.orgScoped && visitor === "adminOfOther") return "not-found";
  return "allowed";
}

function check(response: Response, expected: ReturnType<typeof expectation>, label: string) {
  const location = response.headers.get("Location") ?? "";
  expect(response.status, `${label}: never a server error`).toBeLessThan(500);
  switch (expected) {
    case "login":
      expect(response.status, label).toBe(302);
      expect(location, label).toMatch(/^\/login\?returnTo=/);
      break;
    case "home":
      expect(response.status, label).toBe(302);
      expect(location, label).toBe("/");
      break;
    case "not-found":
      expect(response.status, label).toBe(404);
      break;
    case "allowed":
      expect(location, label).not.toMatch(/^\/login/);
      expect(response.status, label).not.toBe(404);
      if (response.status === 302) expect(location, label).not.toBe("/");
      break;
  }
}

describe("route-access matrix", () => {
  it("lists every route module of app/routes", () => {
    const files = readdirSync(path.resolve("app/routes")).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    expect(files.sort()).toEqual(ROUTES.map((route) => route.file).sort());
  });

  for (const route of ROUTES) {
    describe(route.file, () => {
      for (const visitor of VISITORS) {
        it(`loader and action as ${visitor}`, async () => {
          const module = (await import(`../../app/routes/${route.file}`)) as {
            loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
            action?: (args: ActionFunctionArgs) => Promise<unknown>;
          };
          const cookie = cookies.get(visitor);
          const url = route.orgScoped ? withOrg(route.path) : route.path;
          const expected = expectation(route, visitor);
          const params = route.params ?? {};
          if (module.loader) {
            const response = await respond(() => module.loader!({ request: getRequest(url, cookie), params, context: { cspNonce: "" } }));
            check(response, expected, `${route.file} loader as ${visitor}`);
          }
          if (module.action) {
            const response = await respond(() =>
              module.action!({ request: postRequest(url, route.form ?? {}, cookie), params, context: { cspNonce: "" } }),
            );
            check(response, expected, `${route.file} action as ${visitor}`);
          }
        });
      }
    });
  }
});
