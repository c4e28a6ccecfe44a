import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClientStatusSection } from "~/components/organizations/ClientStatusSection";
import { MemberAccess } from "~/components/organizations/MemberAccess";
import { rowMessage } from "~/components/organizations/member-row-message";
import { ResponsibleSection } from "~/components/organizations/ResponsibleSection";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { FormError } from "~/components/FormError";
import { askedConfirmation } from "~/components/forms/ConfirmButton";
import { replyFor, useSchemaForm } from "~/components/forms/conform";
import { OrganizationFields, organizationFormDefaults } from "~/components/organizations/OrganizationFields";
import { ActiveBadge } from "~/components/organizations/OrganizationTable";
import { ORGANIZATION_INTENTS, type OrganizationIntent } from "~/domain/organizations/forms";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { askConfirmation, isConfirmed } from "~/utils/confirm.server";
import { parseSubmission, replyWithErrors } from "~/utils/form.server";
import {
  INVITATION_FAILED,
  changeMemberRole,
  grantClientAccess,
  membersOf,
  loadClientDetail,
  resendInvitation,
  revokeMemberAccess,
  seesContactEmail,
  setClientActive,
  setClientResponsible,
  updateClient,
} from "~/services/organizations/organizations.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { IssuerSettingsSection } from "~/components/issuer/IssuerSettingsSection";
import { CONSECUTIVE_INTENT, ISSUER_INTENT } from "~/domain/issuer/issuer-form";
import { consecutiveCounters } from "~/services/issuer/consecutive.server";
import { issuerAction, SECRET_FIELDS } from "~/services/issuer/issuer-page.server";
import { issuerHistory, issuerSettingsView } from "~/services/issuer/issuer-settings.server";
import { readPageSubmission } from "~/services/issuer/issuer-upload.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.organization.name ?? "Cliente"} · Clientes · Contabilidad CR` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireOrgContext(request, { admin: true, param: params.orgID });
  const { user } = context;
  const organization = await loadClientDetail(user, context.organization.id);
  const members = await membersOf(organization.id);
  return json({
    organization,
    members,
    issuer: await issuerSettingsView(organization.id),
    counters: await consecutiveCounters(organization.id),
    issuerHistory: await issuerHistory(organization.id),
    currentUserId: String(user._id),
    contactEmail: seesContactEmail(user) ? ("visible" as const) : ("write-only" as const),
  });
}

const UNKNOWN_INTENT = "La acción solicitada no existe.";

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true, param: params.orgID });
  const { form, ...upload } = valueOrRefusal(await readPageSubmission(request));
  const here = `/admin/organizations/${organization.cedula}`;
  const intent = form.get("intent");
  if (intent === ISSUER_INTENT || intent === CONSECUTIVE_INTENT) {
    const outcome = await issuerAction(form, upload, { organizationId: organization.id, userId: String(user._id) });
    if (outcome.ok) return redirectWithSuccess(here, outcome.message);
    const options = outcome.hideSecrets ? { hideFields: SECRET_FIELDS } : {};
    return replyWithErrors(outcome.submission, outcome.refusals, undefined, options);
  }
  if (typeof intent !== "string" || !Object.hasOwn(ORGANIZATION_INTENTS, intent)) {
    return replyWithErrors(parseSubmission(form, z.object({})), { message: UNKNOWN_INTENT });
  }

  switch (intent as OrganizationIntent) {
    case "update": {
      const submission = parseSubmission(form, ORGANIZATION_INTENTS.update);
      if (submission.status !== "success") return replyWithErrors(submission);
      const { intent: _intent, ...changes } = submission.value;
      const refused = await updateClient(user, organization.id, changes);
      if (refused) return replyWithErrors(submission, refused);
      return redirectWithSuccess(here, "Datos del cliente guardados.");
    }
    case "set-active": {
      const submission = parseSubmission(form, ORGANIZATION_INTENTS["set-active"]);
      if (submission.status !== "success")
        return replyWithErrors(submission, { message: "Indique si el cliente queda activo." });
      // Deactivating takes the client out of everyone's lists at once: only after the admin confirmed it.
      if (!submission.value.active && !isConfirmed(form)) return askConfirmation(submission);
      await setClientActive(organization.id, submission.value.active);
      return redirectWithSuccess(
        here,
        submission.value.active
          ? "Cliente activado."
          : "Cliente desactivado: ya no aparece en las listas de organizaciones.",
      );
    }
    case "grant": {
      const submission = parseSubmission(form, ORGANIZATION_INTENTS.grant);
      if (submission.status !== "success") return replyWithErrors(submission);
      const { email, role } = submission.value;
      const outcome = await grantClientAccess(user, organization, email, role);
      if ("message" in outcome) return replyWithErrors(submission, outcome);
      if (outcome.mailFailed) return redirectWithError(here, INVITATION_FAILED);
      return redirectWithSuccess(
        here,
        outcome.invited
          ? `Se dio acceso a ${email} y se le envió una invitación para definir su contraseña.`
          : `Se dio acceso a ${email}.`,
      );
    }
    case "change-role": {
      const submission = parseSubmission(form, ORGANIZATION_INTENTS["change-role"]);
      if (submission.status !== "success") return replyWithErrors(submission);
      const refused = await changeMemberRole(user, organization.id, submission.value.userId, submission.value.role);
      if (refused) return replyWithErrors(submission, refused);
      return redirectWithSuccess(here, "Rol actualizado.");
    }
    case "revoke": {
      const submission = parseSubmission(form, ORGANIZATION_INTENTS.revoke);
      if (submission.status !== "success") return replyWithErrors(submission);
      const refused = await revokeMemberAccess(user, organization.id, submission.value.userId);
      if (refused) return replyWithErrors(submission, refused);
      return redirectWithSuccess(here, "Acceso quitado.");
    }
    case "set-responsible": {
      const submission = parseSubmission(form, ORGANIZATION_INTENTS["set-responsible"]);
      if (submission.status !== "success") return replyWithErrors(submission);
      const refused = await setClientResponsible(organization.id, submission.value.responsible);
      if (refused) return replyWithErrors(submission, refused);
      return redirectWithSuccess(here, "Responsable guardado.");
    }
    case "resend-invitation": {
      const submission = parseSubmission(form, ORGANIZATION_INTENTS["resend-invitation"]);
      if (submission.status !== "success") return replyWithErrors(submission);
      const outcome = await resendInvitation(organization, submission.value.userId);
      if ("message" in outcome) return replyWithErrors(submission, outcome);
      if (outcome.mailFailed) return redirectWithError(here, INVITATION_FAILED);
      return redirectWithSuccess(here, "Invitación reenviada.");
    }
  }
}

export default function OrganizationPage() {
  const { organization, members, currentUserId, contactEmail, issuer, counters, issuerHistory } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [updateForm, updateFields] = useSchemaForm(ORGANIZATION_INTENTS.update, {
    id: "organization-data-form",
    lastResult: replyFor(result, "update"),
    defaultValue: organizationFormDefaults(organization, contactEmail),
  });
  const unknownIntent = result && !result.initialValue?.intent ? result.error?.[""]?.[0] : undefined;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/organizations" size="sm">
        ← Clientes
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1}>{organization.name}</Title>
        <ActiveBadge active={organization.active} />
      </Group>
      <Text c="dimmed" size="sm" mt={-12}>
        Identificación {organization.cedula}
      </Text>

      <FormError message={unknownIntent ?? replyFor(result, "set-active")?.error?.[""]?.[0]} />

      <Paper withBorder p="md" component="section" aria-labelledby="organization-data">
        <Title order={2} size="h3" id="organization-data" mb="md">
          Datos del cliente
        </Title>
        <Form method="post" {...getFormProps(updateForm)}>
          <input type="hidden" name="intent" value="update" />
          <Stack gap="md">
            {Object.keys(updateForm.allErrors).length > 0 && (
              <Alert color="red" role="alert">
                Revise los datos marcados.
              </Alert>
            )}
            <OrganizationFields
              mode="edit"
              fields={updateFields}
              cedula={organization.cedula}
              contactEmail={contactEmail}
            />
            <Group>
              <Button type="submit">Guardar cambios</Button>
            </Group>
          </Stack>
        </Form>
      </Paper>

      <ResponsibleSection
        members={members}
        responsibleUserId={organization.responsibleUserId}
        error={replyFor(result, "set-responsible")?.error}
      />

      <ClientStatusSection
        name={organization.name}
        active={organization.active}
        asked={askedConfirmation(replyFor(result, "set-active"))}
      />

      <Paper withBorder p="md" component="section" aria-labelledby="organization-access">
        <Title order={2} size="h3" id="organization-access" mb="md">
          Acceso de usuarios
        </Title>
        <MemberAccess
          members={members}
          currentUserId={currentUserId}
          grantResult={replyFor(result, "grant")}
          rowError={rowMessage(result)}
        />
      </Paper>

      <IssuerSettingsSection
        settings={issuer}
        counters={counters}
        history={issuerHistory}
        issuerResult={replyFor(result, ISSUER_INTENT)}
        consecutiveResult={replyFor(result, CONSECUTIVE_INTENT)}
      />
    </Stack>
  );
}
