import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PartyPage, type ActionMessage } from "~/components/open-items/PartyPage";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { partyAction } from "~/services/open-items/party-action.server";
import { partyPage } from "~/services/open-items/pages.server";
import { readForm } from "~/utils/form.server";
import { notFound, refusalStatus, throwIfPageRefused } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Estado de cuenta${data ? ` · ${data.party.nombre}` : ""} · Contabilidad CR` },
];

const NOT_FOUND = "Contraparte no encontrada.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const page = await partyPage(organization.id, "payable", params.partyId ?? "", new URL(request.url).searchParams);
  if (!page) throw notFound(NOT_FOUND);
  const catalog = role === "admin" ? (await loadCatalog(organization.id)).tree : null;
  return json(
    { ...page, organization, admin: role === "admin", catalog },
    { status: page.messages.length > 0 ? 400 : 200 },
  );
}

/** «Registrar pago», «Deshacer», the counterparty's data and «Enviar por correo»: admins of the organization only (docs/decisions/256-statement-mail-admins-only.md). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const form = await readForm(request);
  const outcome = await partyAction(
    organization,
    "payable",
    params.partyId ?? "",
    String(user._id),
    form,
    new URL(request.url).searchParams,
  );
  if (outcome.ok) return redirectWithSuccess(request.url, outcome.message);
  throwIfPageRefused(outcome.refusals);
  const error = outcome.refusals.map((refusal) => refusal.message).join(" ");
  return json({ intent: outcome.intent, error }, { status: refusalStatus(outcome.refusals) });
}

export default function StatementPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionMessage | undefined;
  return (
    <PartyPage
      side="payable"
      data={data}
      organization={data.organization}
      admin={data.admin}
      catalog={data.catalog}
      actionData={actionData ?? null}
    />
  );
}
