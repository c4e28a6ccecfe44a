import type { LoaderFunctionArgs } from "@remix-run/node";
import { NotFoundPage } from "~/components/RouteErrorPage";
import { notFound } from "~/utils/http.server";

/** Any path without a route: 404 for visitors and signed-in users alike. */
export async function loader(_args: LoaderFunctionArgs) {
  throw notFound();
}

export async function action(_args: LoaderFunctionArgs) {
  throw notFound();
}

export default function CatchAll() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
