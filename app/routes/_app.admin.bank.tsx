import { Stack, Text, Title } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BankAccountForm, NEW_BANK_ACCOUNT, type BankAccountFormValues } from "~/components/bank/BankAccountForm";
import { BankAccountList } from "~/components/bank/BankAccountList";
import { StatementUploadForm } from "~/components/bank/StatementUploadForm";
import { FormError } from "~/components/FormError";
import { readBankAccountForm, type BankAccountFieldErrors } from "~/domain/bank/account-form";
import { STATEMENT_FORMATS, type StatementFormat } from "~/domain/bank/index";
import { bankAccountOf, createBankAccount } from "~/services/bank/accounts.server";
import { bankPage } from "~/services/bank/pages.server";
import { startStatementImport } from "~/services/bank/import-jobs.server";
import { readBankPageSubmission, STATEMENT_TOO_LARGE } from "~/services/bank/upload.server";
import { refusalStatus, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Conciliación Bancaria · Contabilidad CR" }];

const ID = /^[0-9a-f]{24}$/i;
const FIELD_LIMIT = 60;

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const page = await bankPage(organization.id);
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

type ActionData = {
  message: string;
  errors: BankAccountFieldErrors;
  values: BankAccountFormValues | null;
};

export async function action({ request }: ActionFunctionArgs) {
  const { organization, user } = await requireOrgContext(request, { admin: true });
  const submission = valueOrRefusal(await readBankPageSubmission(request));
  const fields = fieldsOf(submission.form);
  const accountHref = (id: string) => `/admin/bank/${id}?${new URLSearchParams({ org: organization.cedula })}`;
  const refuse = (status: number, data: ActionData) => json(data, { status });

  if (fields.intent === "create") {
    const read = readBankAccountForm(fields);
    if (!read.ok) return refuse(400, { message: "Revise los campos marcados.", errors: read.errors, values: fields });
    const created = await createBankAccount(organization.id, String(user._id), read.value);
    if (!created.ok) {
      const errors = Object.fromEntries(created.refusals.map((refusal) => [refusal.field ?? "form", refusal.message]));
      return refuse(400, { message: created.refusals[0].message, errors, values: fields });
    }
    return redirectWithSuccess(accountHref(String(created.account._id)), "Cuenta bancaria guardada.");
  }

  if (fields.intent === "upload") {
    if (submission.fileTooLarge) return refuse(413, { message: STATEMENT_TOO_LARGE, errors: {}, values: null });
    const accountId = fields.accountId ?? "";
    if (!ID.test(accountId)) return refuse(400, { message: "Elija la cuenta bancaria.", errors: {}, values: null });
    const account = valueOrRefusal(await bankAccountOf(organization.id, accountId));
    if (!submission.file) {
      const message = "Elija el archivo del banco.";
      return refuse(400, { message, errors: {}, values: null });
    }
    const chosen = fields.format ?? account.format;
    if (!STATEMENT_FORMATS.includes(chosen as StatementFormat))
      return refuse(400, { message: "El formato elegido no existe.", errors: {}, values: null });
    const imported = await startStatementImport(account, String(user._id), {
      format: chosen as StatementFormat,
      fileName: submission.file.name || "estado-de-cuenta",
      bytes: submission.file.bytes,
    });
    if (!imported.ok)
      return refuse(refusalStatus(imported.refusal), {
        message: imported.refusal.message,
        errors: {},
        values: null,
      });
    // A long file is stored in the background: its progress page follows it (and refreshes itself).
    if (imported.kind === "job")
      return redirect(
        `/admin/bank/${accountId}/import/${imported.jobId}?${new URLSearchParams({ org: organization.cedula })}`,
        303,
      );
    return redirectWithSuccess(accountHref(accountId), imported.message);
  }

  return refuse(400, { message: "La acción solicitada no existe.", errors: {}, values: null });
}

export default function BankPage() {
  const { organization, accounts, ledgerOptions } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as ActionData | undefined;
  const hrefOf = (id: string) => `/admin/bank/${id}?${new URLSearchParams({ org: organization.cedula })}`;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Conciliación Bancaria</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · cuentas bancarias, sus estados de cuenta y la conciliación contra los libros.
        </Text>
      </div>
      <FormError message={refused?.message} />
      <section aria-labelledby="bank-accounts-title">
        <Title order={2} size="h3" id="bank-accounts-title" mb="xs">
          Cuentas bancarias
        </Title>
        <BankAccountList accounts={accounts} hrefOf={hrefOf} />
      </section>
      <StatementUploadForm accounts={accounts} />
      <BankAccountForm
        values={refused?.values ?? NEW_BANK_ACCOUNT}
        errors={refused?.errors ?? {}}
        ledgerOptions={ledgerOptions}
      />
    </Stack>
  );
}
