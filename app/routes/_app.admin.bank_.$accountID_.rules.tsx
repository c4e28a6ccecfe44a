import { Anchor, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BankRuleForm, NEW_BANK_RULE } from "~/components/bank/BankRuleForm";
import { BankRuleList } from "~/components/bank/BankRuleList";
import { FormError } from "~/components/FormError";
import { readBankRuleForm } from "~/domain/bank/rules";
import { countLabel } from "~/domain/text";
import { bankAccountOf } from "~/services/bank/accounts.server";
import { bankRulesPage, createRule, deleteRule, updateRule } from "~/services/bank/rules.server";
import { readForm } from "~/utils/form.server";
import { refusalStatus, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Reglas bancarias · Contabilidad CR" }];

const ID = /^[0-9a-f]{24}$/i;
const FIELD_LIMIT = 200;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const account = valueOrRefusal(await bankAccountOf(organization.id, params.accountID ?? ""));
  const edit = new URL(request.url).searchParams.get("edit");
  const page = await bankRulesPage(account, edit && ID.test(edit) ? edit : null);
  return json({ organization: { name: organization.name, cedula: organization.cedula }, ...page });
}

/** The posted text fields (blank ones as missing), each cut to a sane length before any check. */
function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || value.trim() === "" || name in fields) continue;
    fields[name] = value.slice(0, FIELD_LIMIT);
  }
  return fields;
}

type ActionData = { message: string; errors: Record<string, string>; values: Record<string, string> | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const { organization, user } = await requireOrgContext(request, { admin: true });
  const account = valueOrRefusal(await bankAccountOf(organization.id, params.accountID ?? ""));
  const fields = fieldsOf(await readForm(request));
  const here = `/admin/bank/${String(account._id)}/rules?${new URLSearchParams({ org: organization.cedula })}`;
  const refuse = (status: number, data: ActionData) => json(data, { status });
  const intent = fields.intent ?? "";
  const ruleId = fields.ruleId ?? "";
  if ((intent === "update" || intent === "delete") && !ID.test(ruleId))
    return refuse(400, { message: "Elija una regla.", errors: {}, values: null });
  if (intent === "delete") {
    const deleted = await deleteRule(account, ruleId);
    if (!deleted.ok)
      return refuse(refusalStatus(deleted.refusals), {
        message: deleted.refusals[0].message,
        errors: {},
        values: null,
      });
    return redirectWithSuccess(here, deleted.message);
  }
  if (intent !== "create" && intent !== "update")
    return refuse(400, { message: "La acción solicitada no existe.", errors: {}, values: null });
  const read = readBankRuleForm(fields, String(account._id));
  if (!read.ok) return refuse(400, { message: "Revise los campos marcados.", errors: read.errors, values: fields });
  const saved =
    intent === "create"
      ? await createRule(account, String(user._id), read.value)
      : await updateRule(account, String(user._id), ruleId, read.value);
  if (!saved.ok) {
    const errors = Object.fromEntries(saved.refusals.map((refusal) => [refusal.field ?? "form", refusal.message]));
    return refuse(refusalStatus(saved.refusals), { message: saved.refusals[0].message, errors, values: fields });
  }
  return redirectWithSuccess(here, saved.message);
}

export default function BankRulesPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as ActionData | undefined;
  const { organization, account, editing } = data;
  const query = new URLSearchParams({ org: organization.cedula });
  const accountHref = `/admin/bank/${account.id}?${query}`;
  const rulesHref = `/admin/bank/${account.id}/rules?${query}`;
  const editHref = (id: string) =>
    `/admin/bank/${account.id}/rules?${new URLSearchParams({ org: organization.cedula, edit: id })}`;
  const editedId = refused?.values?.ruleId ?? editing?.id ?? null;
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={accountHref} size="sm">
          ← {account.bankLabel} · {account.iban || account.number}
        </Anchor>
        <Title order={1}>Reglas bancarias</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · los movimientos que el banco hace por su cuenta (comisiones, intereses, SINPE Móvil,
          cargas de la CCSS) se registran con un asiento contra la cuenta {account.ledgerAccount}.
        </Text>
      </div>
      <FormError message={refused?.message} />
      <section aria-labelledby="bank-rules-title">
        <Title order={2} size="h3" id="bank-rules-title" mb="xs">
          Reglas de esta cuenta
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {countLabel(data.rules.length, "regla", "reglas")} (hasta {data.limit} por organización). «Aplicar reglas»
          está en la página de la cuenta.
        </Text>
        <BankRuleList rules={data.rules} editHref={editHref} />
      </section>
      <BankRuleForm
        key={editedId ?? "new"}
        ruleId={editedId}
        values={refused?.values ?? editing?.values ?? NEW_BANK_RULE}
        errors={refused?.errors ?? {}}
        accountOptions={data.accountOptions}
        cancelHref={rulesHref}
      />
    </Stack>
  );
}
