import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useRouteError, useRouteLoaderData, isRouteErrorResponse } from "@remix-run/react";
import { NotFoundPage, PageError } from "~/components/RouteErrorPage";
import { Shell } from "~/components/shell/AppLayout";
import type { loader as rootLoader } from "~/root";
import { getSignedInUser, requireUser } from "~/utils/auth.server";
import { resolveSelectedOrganization } from "~/utils/org-context.server";

/**
 * The signed-in routes of docs/spec/routes.md §1, built or not yet. With no user, visiting one goes to /login with
 * returnTo (docs/spec/access.md §2), as the built ones do through their own guards.
 */
const SEED_ROUTES =
  /^\/(?:detail(?:\/[^/]+)?|entries\/view\/[^/]+|entries\/detail\/[^/]+|entries\/list|entries\/movement-list|results|results-general|results-all|admin\/invoice(?:\/[^/]+)?|admin\/rules|admin\/organizations(?:\/[^/]+)?|admin\/vat|admin\/accounting-entry-templates|admin\/income-brackets|admin\/income-tax|admin\/catalog)\/?$/;

/**
 * Any path without a route: a seed route not built yet sends a visitor to /login first; anything else is
 * 404 for everyone. A signed-in user's 404 keeps the shell (sidebar and the selected organization).
 */
async function notFoundFor(request: Request): Promise<never> {
  const { pathname } = new URL(request.url);
  const signedIn = SEED_ROUTES.test(pathname) ? await requireUser(request) : await getSignedInUser(request);
  const organization = signedIn ? await resolveSelectedOrganization(request, signedIn.user).catch(() => null) : null;
  throw json({ selectedCedula: organization?.cedula ?? null }, { status: 404 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return notFoundFor(request);
}

export async function action({ request }: LoaderFunctionArgs) {
  return notFoundFor(request);
}

export default function CatchAll() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const error = useRouteError();
  if (!root?.account) return <NotFoundPage />;
  const selectedCedula = isRouteErrorResponse(error)
    ? ((error.data as { selectedCedula?: string | null } | null)?.selectedCedula ?? null)
    : null;
  return (
    <Shell selectedCedula={selectedCedula}>
      <PageError />
    </Shell>
  );
}
