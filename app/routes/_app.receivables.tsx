import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AgingPage, type OpeningImportMessage } from "~/components/open-items/AgingPage";
import { openingImportAction } from "~/services/open-items/opening-action.server";
import { agingPage } from "~/services/open-items/pages.server";
import { refusalStatus } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Cuentas por cobrar · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const page = await agingPage(organization.id, "receivable", new URL(request.url).searchParams);
  return json({ ...page, organization, admin: role === "admin" }, { status: page.messages.length > 0 ? 400 : 200 });
}

/** «Importar saldos iniciales»: admins of the organization only. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const outcome = await openingImportAction(organization.id, "receivable", String(user._id), request);
  if (outcome.ok) return redirectWithSuccess(request.url, outcome.message);
  const status = outcome.kind ? refusalStatus({ message: "", kind: outcome.kind }) : 400;
  return json({ intent: "opening", errors: outcome.errors }, { status });
}

export default function ReceivablesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as OpeningImportMessage | undefined;
  return (
    <AgingPage
      side="receivable"
      data={data}
      organization={data.organization}
      admin={data.admin}
      actionData={actionData ?? null}
    />
  );
}
