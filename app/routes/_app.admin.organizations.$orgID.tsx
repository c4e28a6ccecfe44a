import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { MemberAccess } from "~/components/organizations/MemberAccess";
import { OrganizationFields, type FieldErrors } from "~/components/organizations/OrganizationFields";
import { ActiveBadge } from "~/components/organizations/OrganizationTable";
import { ORGANIZATION_INTENTS, type OrganizationIntent } from "~/components/organizations/schemas";
import { requireAdmin } from "~/utils/auth.server";
import { parseForm, readForm } from "~/utils/form.server";
import {
  INVITATION_FAILED,
  changeMemberRole,
  grantClientAccess,
  membersOf,
  requireManagedOrganization,
  resendInvitation,
  revokeMemberAccess,
  seesContactEmail,
  setClientActive,
  updateClient,
} from "~/services/organizations/organizations.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.organization.name ?? "Cliente"} · Clientes · Contabilidad CR` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const organization = await requireManagedOrganization(user, params.orgID);
  const members = await membersOf(organization.id);
  return json({
    organization,
    members,
    currentUserId: String(user._id),
    contactEmail: seesContactEmail(user) ? ("visible" as const) : ("write-only" as const),
  });
}

const UNKNOWN_INTENT = "La acción solicitada no existe.";

interface ActionProblem {
  intent: OrganizationIntent | null;
  fieldErrors: FieldErrors;
  values?: Record<string, string>;
  userId?: string;
}

function problem(data: ActionProblem, status = 400) {
  return json(data, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request);
  const organization = await requireManagedOrganization(user, params.orgID);
  const form = await readForm(request);
  const here = `/admin/organizations/${organization.cedula}`;
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(ORGANIZATION_INTENTS, intent)) {
    return problem({ intent: null, fieldErrors: { form: [UNKNOWN_INTENT] } });
  }
  const values = Object.fromEntries([...form].filter(([, value]) => typeof value === "string")) as Record<string, string>;
  const rowUserId = typeof values.userId === "string" ? values.userId : undefined;

  switch (intent as OrganizationIntent) {
    case "update": {
      const parsed = parseForm(ORGANIZATION_INTENTS.update, form);
      if (!parsed.success) return problem({ intent: "update", fieldErrors: parsed.fieldErrors, values });
      const { intent: _intent, ...changes } = parsed.data;
      const refused = await updateClient(user, organization.id, changes);
      if (refused) return problem({ intent: "update", fieldErrors: refused.fieldErrors, values });
      return redirectWithSuccess(here, "Datos del cliente guardados.");
    }
    case "set-active": {
      const parsed = parseForm(ORGANIZATION_INTENTS["set-active"], form);
      if (!parsed.success) return problem({ intent: "set-active", fieldErrors: { form: ["Indique si el cliente queda activo."] } });
      await setClientActive(organization.id, parsed.data.active);
      return redirectWithSuccess(
        here,
        parsed.data.active ? "Cliente activado." : "Cliente desactivado: ya no aparece en las listas de organizaciones.",
      );
    }
    case "grant": {
      const parsed = parseForm(ORGANIZATION_INTENTS.grant, form);
      if (!parsed.success) return problem({ intent: "grant", fieldErrors: parsed.fieldErrors, values });
      const outcome = await grantClientAccess(user, organization, parsed.data.email, parsed.data.role);
      if ("error" in outcome) return problem({ intent: "grant", fieldErrors: { form: [outcome.error] }, values });
      if (outcome.mailFailed) return redirectWithError(here, INVITATION_FAILED);
      return redirectWithSuccess(
        here,
        outcome.invited
          ? `Se dio acceso a ${parsed.data.email} y se le envió una invitación para definir su contraseña.`
          : `Se dio acceso a ${parsed.data.email}.`,
      );
    }
    case "change-role": {
      const parsed = parseForm(ORGANIZATION_INTENTS["change-role"], form);
      if (!parsed.success) return problem({ intent: "change-role", fieldErrors: parsed.fieldErrors, userId: rowUserId });
      const refused = await changeMemberRole(user, organization.id, parsed.data.userId, parsed.data.role);
      if (refused) return problem({ intent: "change-role", fieldErrors: { form: [refused.error] }, userId: parsed.data.userId });
      return redirectWithSuccess(here, "Rol actualizado.");
    }
    case "revoke": {
      const parsed = parseForm(ORGANIZATION_INTENTS.revoke, form);
      if (!parsed.success) return problem({ intent: "revoke", fieldErrors: parsed.fieldErrors, userId: rowUserId });
      const refused = await revokeMemberAccess(user, organization.id, parsed.data.userId);
      if (refused) return problem({ intent: "revoke", fieldErrors: { form: [refused.error] }, userId: parsed.data.userId });
      return redirectWithSuccess(here, "Acceso quitado.");
    }
    case "resend-invitation": {
      const parsed = parseForm(ORGANIZATION_INTENTS["resend-invitation"], form);
      if (!parsed.success) return problem({ intent: "resend-invitation", fieldErrors: parsed.fieldErrors, userId: rowUserId });
      const outcome = await resendInvitation(organization, parsed.data.userId);
      if ("error" in outcome) {
        return problem({ intent: "resend-invitation", fieldErrors: { form: [outcome.error] }, userId: parsed.data.userId });
      }
      if (outcome.mailFailed) return redirectWithError(here, INVITATION_FAILED);
      return redirectWithSuccess(here, "Invitación reenviada.");
    }
  }
}

function rowMessage(result: ActionProblem | undefined) {
  if (!result?.userId) return undefined;
  const message = Object.values(result.fieldErrors).flat().find(Boolean);
  return message ? { userId: result.userId, message } : undefined;
}

export default function OrganizationPage() {
  const { organization, members, currentUserId, contactEmail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionProblem | undefined;
  const updateErrors = result?.intent === "update" ? result.fieldErrors : undefined;
  const values = result?.intent === "update" ? { ...organization, ...result.values } : organization;

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

      {result?.intent === null && (
        <Alert color="red" role="alert">
          {result.fieldErrors.form?.[0]}
        </Alert>
      )}

      <Paper withBorder p="md" component="section" aria-labelledby="organization-data">
        <Title order={2} size="h3" id="organization-data" mb="md">
          Datos del cliente
        </Title>
        <Form method="post">
          <input type="hidden" name="intent" value="update" />
          <Stack gap="md">
            {updateErrors && (
              <Alert color="red" role="alert">
                Revise los datos marcados.
              </Alert>
            )}
            <OrganizationFields mode="edit" values={values} errors={updateErrors} contactEmail={contactEmail} />
            <Group>
              <Button type="submit">Guardar cambios</Button>
            </Group>
          </Stack>
        </Form>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="organization-status">
        <Title order={2} size="h3" id="organization-status" mb="xs">
          Estado
        </Title>
        <Form method="post">
          <input type="hidden" name="intent" value="set-active" />
          <input type="hidden" name="active" value={organization.active ? "false" : "true"} />
          <Group justify="space-between" align="center">
            <Text size="sm">
              {organization.active
                ? "El cliente está activo: aparece en las listas de organizaciones de quienes tienen acceso."
                : "El cliente está inactivo: no aparece en ninguna lista de organizaciones."}
            </Text>
            <Button type="submit" variant={organization.active ? "light" : "filled"} color={organization.active ? "red" : undefined}>
              {organization.active ? "Desactivar cliente" : "Activar cliente"}
            </Button>
          </Group>
        </Form>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="organization-access">
        <Title order={2} size="h3" id="organization-access" mb="md">
          Acceso de usuarios
        </Title>
        <MemberAccess
          members={members}
          currentUserId={currentUserId}
          grantErrors={result?.intent === "grant" ? result.fieldErrors : undefined}
          grantValues={result?.intent === "grant" ? result.values : undefined}
          rowError={rowMessage(result)}
        />
      </Paper>
    </Stack>
  );
}
