import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { FormError } from "~/components/FormError";
import { BracketTableCard } from "~/components/income-tax/BracketTableCard";
import { BRACKET_KINDS, BRACKET_KIND_LABELS, canEditBrackets, copyYearSchema, tableView } from "~/domain/income-tax";
import { copyBracketYear, listBracketTables } from "~/services/income-tax/brackets.server";
import { membershipOf } from "~/utils/account.server";
import { requireAdmin } from "~/utils/auth.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { countLabel, plural } from "~/domain/text";

export const meta: MetaFunction = () => [{ title: "Tramos del Impuesto de Renta · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const tables = await listBracketTables();
  const years = [...new Set(tables.map((table) => table.year))].sort((a, b) => b - a);
  const asked = Number(new URL(request.url).searchParams.get("year"));
  const year = years.includes(asked) ? asked : (years[0] ?? new Date().getFullYear());
  const ofYear = tables.filter((table) => table.year === year);
  const missing = BRACKET_KINDS.filter((kind) => !ofYear.some((table) => table.kind === kind));
  return json({
    canEdit: canEditBrackets(membershipOf(user)),
    years,
    year,
    nextYearExists: years.includes(year + 1),
    tables: ofYear.map((table) => ({
      ...tableView(table),
      lastChange: table.history.at(-1) ?? null,
    })),
    missing: missing.map((kind) => ({ kind, label: BRACKET_KIND_LABELS[kind] })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request);
  const submission = await readSubmission(request, copyYearSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const { year } = submission.value;
  const outcome = await copyBracketYear({ ...membershipOf(user), email: user.email }, year);
  if (!outcome.ok) return replyWithErrors(submission, outcome.refusals);
  return redirectWithSuccess(
    `/admin/income-brackets?year=${year + 1}`,
    outcome.copied > 0
      ? `${plural(outcome.copied, "Se copió", "Se copiaron")} ${countLabel(outcome.copied, "tabla", "tablas")} de ${year} a ${year + 1}, ${plural(outcome.copied, "marcada", "marcadas")} «sin confirmar» hasta ingresar el decreto.`
      : `${year + 1} ya tenía todas las tablas de ${year}; no se copió nada.`,
  );
}

const formatChange = (change: { at: string; by: string; action: string }) =>
  `${{ seed: "Cargada", create: "Creada", update: "Modificada", copy: "Copiada" }[change.action] ?? change.action} por ${change.by} el ${new Date(change.at).toLocaleString("es-CR", { timeZone: "America/Costa_Rica" })}`;

export default function IncomeBracketsPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <Stack gap="lg">
      <Title order={1}>Tramos del Impuesto de Renta</Title>
      <Text size="sm" c="dimmed">
        Tablas por período fiscal y tipo de contribuyente (Ley 7092, art. 15 y 33–34). Las cifras marcadas «sin
        confirmar» no se hallaron en una fuente oficial o de prensa.
        {!data.canEdit && " Solo un superadministrador puede modificarlas."}
      </Text>
      <Anchor component={Link} to="/admin/income-tax" size="sm">
        Calcular el impuesto sobre la renta de un cliente →
      </Anchor>
      <Group gap="xs" component="nav" aria-label="Años fiscales">
        {data.years.map((year) => (
          <Button
            key={year}
            component={Link}
            to={`/admin/income-brackets?year=${year}`}
            variant={year === data.year ? "filled" : "light"}
            size="xs"
            aria-current={year === data.year ? "page" : undefined}
          >
            {year}
          </Button>
        ))}
      </Group>
      <FormError message={result?.error?.[""]?.[0] ?? result?.error?.year?.[0]} />
      {data.canEdit && (
        <Form method="post">
          <input type="hidden" name="intent" value="copy" />
          <input type="hidden" name="year" value={data.year} />
          <Group gap="sm">
            <Button type="submit" variant="light" disabled={data.tables.length === 0}>
              Copiar año {data.year} a {data.year + 1}
            </Button>
            {data.nextYearExists && (
              <Text size="xs" c="dimmed">
                {data.year + 1} ya tiene tablas: solo se copian las que falten.
              </Text>
            )}
          </Group>
        </Form>
      )}
      {data.tables.length === 0 && <Alert color="yellow">No hay tablas para {data.year}.</Alert>}
      {data.tables.map((table) => (
        <Stack key={table.kind} gap={4}>
          <BracketTableCard
            table={table}
            actions={
              data.canEdit ? (
                <Anchor component={Link} to={`/admin/income-brackets/${table.year}/${table.kind}`} size="sm">
                  Editar
                </Anchor>
              ) : undefined
            }
          />
          {table.lastChange && (
            <Text size="xs" c="dimmed">
              {formatChange(table.lastChange)}
            </Text>
          )}
        </Stack>
      ))}
      {data.canEdit && data.missing.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">Tablas que faltan en {data.year}:</Text>
          {data.missing.map(({ kind, label }) => (
            <Anchor key={kind} component={Link} to={`/admin/income-brackets/${data.year}/${kind}`} size="sm">
              Crear «{label}»
            </Anchor>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
