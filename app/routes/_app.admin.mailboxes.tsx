import { Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { MailboxForm, NEW_MAILBOX, type MailboxFormValues } from "~/components/mail/MailboxForm";
import { MailboxList } from "~/components/mail/MailboxList";
import { MailLog } from "~/components/mail/MailLog";
import { detailHref } from "~/components/receipts/links";
import {
  mailboxFieldErrors,
  mailboxFormInput,
  mailboxFormSchema,
  type MailboxFieldErrors,
} from "~/domain/mail/mailbox-form";
import {
  mailboxesPage,
  MAILBOX_MESSAGES,
  removeMailbox,
  requestMailboxRead,
  saveMailbox,
} from "~/services/mail/mailbox-settings.server";
import { readMailboxNow } from "~/services/mail/mail-worker.server";
import { runInBackground } from "~/utils/background.server";
import { readForm } from "~/utils/form.server";
import { refusalStatus } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Correo de Comprobantes · Contabilidad CR" }];

const ID = /^[0-9a-f]{24}$/i;

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization, user } = await requireOrgContext(request, { admin: true });
  const page = await mailboxesPage({ organizationId: organization.id, userId: String(user._id) });
  const edit = new URL(request.url).searchParams.get("edit");
  const editing = edit && ID.test(edit) ? (page.mailboxes.find((mailbox) => mailbox.id === edit) ?? null) : null;
  return json({ organization: { name: organization.name, cedula: organization.cedula }, ...page, editing });
}

function valuesOf(input: Record<string, string>): MailboxFormValues {
  return {
    ...(input.mailboxId && ID.test(input.mailboxId) ? { mailboxId: input.mailboxId } : {}),
    scope: input.scope === "firm" ? "firm" : "organization",
    label: (input.label ?? "").slice(0, 80),
    host: (input.host ?? "").slice(0, 253),
    port: (input.port ?? "").slice(0, 6),
    tls: input.tls === "on",
    user: (input.user ?? "").slice(0, 254),
    folder: (input.folder ?? "").slice(0, 200),
    afterProcessing: input.afterProcessing === "move" ? "move" : "mark-read",
    moveTo: (input.moveTo ?? "").slice(0, 200),
    intervalMinutes: (input.intervalMinutes ?? "").slice(0, 6),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { organization, user } = await requireOrgContext(request, { admin: true });
  const owner = { organizationId: organization.id, userId: String(user._id) };
  const form = await readForm(request);
  const here = `/admin/mailboxes?${new URLSearchParams({ org: organization.cedula })}`;
  const intent = form.get("intent");
  const mailboxId = String(form.get("mailboxId") ?? "");
  if (intent === "save") {
    const input = mailboxFormInput(form.entries());
    const parsed = mailboxFormSchema.safeParse(input);
    // The password is never sent back, not even the one just typed.
    if (!parsed.success)
      return json(
        { message: "Revise los campos marcados.", errors: mailboxFieldErrors(parsed.error), values: valuesOf(input) },
        { status: 400 },
      );
    const saved = await saveMailbox(owner, parsed.data);
    if (!saved.ok)
      return json(
        { message: saved.refusals[0].message, errors: {}, values: valuesOf(input) },
        { status: refusalStatus(saved.refusals) },
      );
    return redirectWithSuccess(here, `Buzón «${parsed.data.label}» guardado; se revisará en un momento.`);
  }
  if (intent === "check") {
    const mailbox = ID.test(mailboxId) ? await requestMailboxRead(owner, mailboxId) : null;
    if (!mailbox) return json({ message: MAILBOX_MESSAGES.notFound, errors: {}, values: null }, { status: 404 });
    runInBackground("mailbox read", async () => void (await readMailboxNow(mailbox._id)));
    return redirectWithSuccess(here, `Revisando «${mailbox.label}»; el resultado aparece en «Correo recibido».`);
  }
  if (intent === "delete") {
    if (!ID.test(mailboxId) || !(await removeMailbox(owner, mailboxId)))
      return json({ message: MAILBOX_MESSAGES.notFound, errors: {}, values: null }, { status: 404 });
    return redirectWithSuccess(here, "Buzón eliminado. Los comprobantes ya importados se conservan.");
  }
  return json({ message: "La acción solicitada no existe.", errors: {}, values: null }, { status: 400 });
}

export default function MailboxesPage() {
  const { organization, mailboxes, log, editing } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const editHref = (id: string) => `/admin/mailboxes?${new URLSearchParams({ org: organization.cedula, edit: id })}`;
  const values: MailboxFormValues =
    refused?.values ??
    (editing
      ? {
          mailboxId: editing.id,
          scope: editing.scope,
          label: editing.label,
          host: editing.host,
          port: String(editing.port),
          tls: editing.tls,
          user: editing.user,
          folder: editing.folder,
          afterProcessing: editing.afterProcessing,
          moveTo: editing.moveTo ?? "",
          intervalMinutes: String(editing.intervalMinutes),
        }
      : NEW_MAILBOX);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Correo de Comprobantes</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · los XML, ZIP, PDF y respuestas de Hacienda que llegan por correo se importan solos, como
          si se hubieran subido.
        </Text>
      </div>
      <FormError message={refused?.message} />
      <section aria-labelledby="mailboxes-title">
        <Title order={2} size="h3" id="mailboxes-title" mb="xs">
          Buzones
        </Title>
        <MailboxList mailboxes={mailboxes} editHref={editHref} />
      </section>
      <MailboxForm
        key={values.mailboxId ?? "new"}
        values={values}
        errors={(refused?.errors ?? {}) as MailboxFieldErrors}
        organizationName={organization.name}
        hasPassword={!!values.mailboxId}
      />
      <section aria-labelledby="mail-log-title">
        <Title order={2} size="h3" id="mail-log-title" mb="xs">
          Correo recibido
        </Title>
        <MailLog entries={log} receiptHref={(id) => detailHref(current, organization.cedula, id)} />
      </section>
    </Stack>
  );
}
