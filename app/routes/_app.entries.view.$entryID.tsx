import { isNotFound } from "~/domain/refusal";
import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { DeleteDraftForm, ReverseEntryForm } from "~/components/entries/EntryActions";
import { EntryHistory } from "~/components/entries/EntryHistory";
import { EntryLines } from "~/components/entries/EntryLines";
import { EntryStatusBadge } from "~/components/entries/EntryStatusBadge";
import { entryEditHref, entryListHref, entryViewHref, inOrganizationHref } from "~/components/entries/links";
import { askedConfirmation } from "~/components/forms/ConfirmButton";
import { replyFor } from "~/components/forms/conform";
import { todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import { ENTRY_VIEW_INTENTS, reversalDateProblem, type EntryViewIntent } from "~/domain/entries/forms";
import { ENTRY_NOT_FOUND } from "~/domain/ledger";
import { entryView } from "~/services/entries/entries-read.server";
import { deleteDraft, getEntry, reverse } from "~/services/ledger/ledger.server";
import { askConfirmation, isConfirmed } from "~/utils/confirm.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { forbidden, notFound, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { undoneElsewhere } from "~/domain/entries/source";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.entry.number ? `Asiento ${data.entry.number}` : "Borrador de asiento"} · Contabilidad CR` },
];

export const ADMIN_ONLY = "Solo un administrador de la organización puede revertir o eliminar asientos.";
const UNKNOWN_INTENT = "La acción solicitada no existe.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const view = valueOrRefusal(await entryView(organization, params.entryID, role === "admin"));
  const today = todayInCostaRica(new Date());
  return json({ ...view, reversalDate: today < view.entry.date ? view.entry.date : today });
}

/** Reverse a posted entry or delete a draft: admins of the organization only, through the ledger service. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization, role } = await requireOrgContext(request);
  if (role !== "admin") throw forbidden(ADMIN_ONLY);
  const entry = await getEntry(organization.id, params.entryID ?? "");
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(ENTRY_VIEW_INTENTS, intent)) {
    return replyWithErrors(parseSubmission(form, z.object({})), { message: UNKNOWN_INTENT });
  }
  const current = new URL(request.url).searchParams;
  const actor = { by: String(user._id) };

  switch (intent as EntryViewIntent) {
    case "reverse": {
      const submission = parseSubmission(form, ENTRY_VIEW_INTENTS.reverse);
      if (submission.status !== "success") return replyWithErrors(submission);
      const problem = reversalDateProblem(entry.date as CalendarDate, submission.value.date);
      if (problem) return replyWithErrors(submission, { field: "date", message: problem });
      const elsewhere = undoneElsewhere(entry.source.kind);
      if (elsewhere) return replyWithErrors(submission, { message: elsewhere }, 409);
      if (!isConfirmed(form)) return askConfirmation(submission);
      const outcome = await reverse(organization.id, entry._id.toString(), { ...actor, date: submission.value.date });
      if (!outcome.ok) {
        if (isNotFound(outcome.refusals)) throw notFound(ENTRY_NOT_FOUND);
        return replyWithErrors(
          submission,
          outcome.refusals.map(({ message }) => ({ field: "date", message })),
        );
      }
      return redirectWithSuccess(
        entryViewHref(current, organization.cedula, String(outcome.entry._id)),
        `Asiento ${entry.number} revertido: se contabilizó el asiento ${outcome.entry.number}.`,
      );
    }
    case "delete-draft": {
      const submission = parseSubmission(form, ENTRY_VIEW_INTENTS["delete-draft"]);
      if (submission.status !== "success") return replyWithErrors(submission);
      if (!isConfirmed(form)) return askConfirmation(submission);
      const outcome = await deleteDraft(organization.id, entry._id.toString());
      if (!outcome.ok) {
        if (isNotFound(outcome.refusals)) throw notFound(ENTRY_NOT_FOUND);
        return replyWithErrors(
          submission,
          outcome.refusals.map(({ message }) => ({ message })),
        );
      }
      return redirectWithSuccess(entryListHref(current, organization.cedula), "Borrador eliminado.");
    }
  }
}

export default function EntryViewPage() {
  const { organization, entry, can, reversalDate, undoneElsewhere: elsewhere } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as (SubmissionResult<string[]> & { confirm?: true }) | undefined;
  const current = new URLSearchParams(useLocation().search);
  const org = organization.cedula;
  const reverseResult = replyFor(result, "reverse");
  const deleteResult = replyFor(result, "delete-draft");
  const title = entry.number ? `Asiento ${entry.number}` : "Borrador de asiento";

  return (
    <Stack gap="md">
      <Anchor component={Link} to={entryListHref(current, org)} size="sm">
        ‹ Asientos Contables
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="sm" align="center">
            <Title order={1}>{title}</Title>
            <EntryStatusBadge status={entry.status} label={entry.statusLabel} />
          </Group>
          <Text c="dimmed" size="sm">
            {organization.name} · {org}
          </Text>
        </div>
        {can.edit && (
          <Button component={Link} to={entryEditHref(current, org, entry.id)} variant="default">
            Editar
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="Fecha" value={entry.dateText} />
          <Field label="Descripción" value={entry.description} />
          <Field label="Referencia" value={entry.reference || "—"} />
          <div>
            <Text size="xs" c="dimmed">
              Origen
            </Text>
            {entry.source.to ? (
              <Anchor
                component={Link}
                to={inOrganizationHref(current, org, entry.source.to)}
                size="sm"
                data-testid="source-link"
              >
                {entry.source.label}
              </Anchor>
            ) : (
              <Text size="sm">{entry.source.label}</Text>
            )}
          </div>
        </SimpleGrid>
        {(entry.reversalOf || entry.reversedBy) && (
          <Stack gap={4} mt="md">
            {entry.reversalOf && (
              <Text size="sm" data-testid="reversal-of">
                Este asiento revierte el asiento{" "}
                <Anchor component={Link} to={entryViewHref(current, org, entry.reversalOf.id)}>
                  {entry.reversalOf.number}
                </Anchor>
                .
              </Text>
            )}
            {entry.reversedBy && (
              <Text size="sm" data-testid="reversed-by">
                Revertido por el asiento{" "}
                <Anchor component={Link} to={entryViewHref(current, org, entry.reversedBy.id)}>
                  {entry.reversedBy.number}
                </Anchor>
                .
              </Text>
            )}
          </Stack>
        )}
      </Paper>

      <section aria-labelledby="lines-title">
        <Title order={2} size="h3" id="lines-title" mb="xs">
          Líneas
        </Title>
        <EntryLines lines={entry.lines} totals={entry.totals} />
      </section>

      {elsewhere && (
        <Text size="sm" data-testid="undone-elsewhere">
          {elsewhere}
        </Text>
      )}
      {can.reverse && (
        <ReverseEntryForm
          number={entry.number ?? ""}
          defaultDate={reversalDate}
          result={reverseResult}
          asked={askedConfirmation(reverseResult)}
        />
      )}
      {can.deleteDraft && <DeleteDraftForm result={deleteResult} asked={askedConfirmation(deleteResult)} />}

      <section aria-labelledby="history-title">
        <Title order={2} size="h3" id="history-title" mb="xs">
          Historial de cambios
        </Title>
        <EntryHistory history={entry.history} />
      </section>
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
