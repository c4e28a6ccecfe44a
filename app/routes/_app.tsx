import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { PageError } from "~/components/RouteErrorPage";
import { Shell } from "~/components/shell/AppLayout";
import { requireOrgContext } from "~/utils/org-context.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { orNone: true });
  return json({ selectedCedula: organization?.cedula ?? null, selectedName: organization?.name ?? null });
}

export default function AppLayout() {
  const { selectedCedula } = useLoaderData<typeof loader>();
  return (
    <Shell selectedCedula={selectedCedula}>
      <Outlet />
    </Shell>
  );
}

/**
 * A 404 or 500 inside a page keeps the sidebar: the shell is drawn again around the Spanish message
 * (the root loader's account still draws the menu when this layout's own loader failed).
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  return (
    <Shell selectedCedula={data?.selectedCedula ?? null}>
      <PageError />
    </Shell>
  );
}
