import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AgingPage } from "~/components/open-items/AgingPage";
import { agingPage } from "~/services/open-items/pages.server";
import { requireOrgContext } from "~/utils/org-context.server";

export const meta: MetaFunction = () => [{ title: "Cuentas por pagar · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const page = await agingPage(organization.id, "payable", new URL(request.url).searchParams);
  return json({ ...page, organization }, { status: page.messages.length > 0 ? 400 : 200 });
}

export default function PayablesPage() {
  const data = useLoaderData<typeof loader>();
  return <AgingPage side="payable" data={data} organization={data.organization} />;
}
