import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { RateEntryForm } from "~/components/exchange-rates/RateEntryForm";
import { RateTable } from "~/components/exchange-rates/RateTable";
import {
  formatDateTime,
  formatCalendarDate,
  monthLabel,
  monthOf,
  parseMonth,
  shiftMonth,
  todayInCostaRica,
} from "~/domain/calendar";
import { canEditRates, formatRate, RATE_FORM_MESSAGES, rateEntrySchema, rateRowView } from "~/domain/exchange-rates";
import { enterRate, rateOfDay, ratesOfMonth } from "~/services/exchange-rates/rates.server";
import { membershipOf } from "~/utils/account.server";
import { requireAdmin } from "~/utils/auth.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { forbidden } from "~/utils/http.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { countLabel } from "~/domain/text";
import { fetchRatesNow } from "~/services/exchange-rates/rate-fetch.server";

export const meta: MetaFunction = () => [{ title: "Tipo de cambio · Contabilidad CR" }];

const SOURCE_NAMES: Record<string, string> = { bccr: "el Banco Central", hacienda: "Hacienda" };
const PAGE = "/admin/exchange-rates";

function fetchedMessage(stored: number): string {
  return stored === 0
    ? "Tipo de cambio consultado: no había días nuevos."
    : `Tipo de cambio consultado: ${countLabel(stored, "día nuevo", "días nuevos")}.`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const today = todayInCostaRica(new Date());
  const month = parseMonth(new URL(request.url).searchParams.get("month"), today) ?? monthOf(today);
  const [ofMonth, ofToday] = await Promise.all([ratesOfMonth(month, today), rateOfDay(today)]);
  const status = ofMonth.status;
  return json({
    canEdit: canEditRates(membershipOf(user)),
    today,
    month,
    monthLabel: monthLabel(month),
    previousMonth: shiftMonth(month, -1),
    nextMonth: month < monthOf(today) ? shiftMonth(month, 1) : null,
    todayRate: ofToday.rate
      ? { buy: formatRate(ofToday.rate.buy), sell: formatRate(ofToday.rate.sell), label: formatCalendarDate(today) }
      : null,
    warning: ofToday.warning,
    status: status
      ? {
          source: status.source ? (SOURCE_NAMES[status.source] ?? status.source) : null,
          lastSuccessAt: status.lastSuccessAt ? formatDateTime(status.lastSuccessAt) : null,
          lastError: status.lastError,
          lastAttemptAt: status.lastAttemptAt ? formatDateTime(status.lastAttemptAt) : null,
        }
      : null,
    rows: ofMonth.days.map(rateRowView),
    changes: ofMonth.changes,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request);
  const form = await readForm(request);
  const membership = membershipOf(user);
  if (form.get("intent") === "consultar") {
    if (!canEditRates(membership)) throw forbidden(RATE_FORM_MESSAGES.forbidden);
    const outcome = await fetchRatesNow();
    if (outcome.kind === "failed")
      return redirectWithError(PAGE, `No se pudo consultar el tipo de cambio: ${outcome.reason}`);
    return outcome.kind === "skipped"
      ? redirectWithError(PAGE, "Otro proceso está consultando el tipo de cambio; vuelva a intentarlo en un momento.")
      : redirectWithSuccess(PAGE, fetchedMessage(outcome.stored));
  }
  const submission = parseSubmission(form, rateEntrySchema);
  if (!canEditRates(membership)) return replyWithErrors(submission, { message: RATE_FORM_MESSAGES.forbidden }, 403);
  if (submission.status !== "success") return replyWithErrors(submission);
  const entry = submission.value;
  const outcome = await enterRate({ ...membership, email: user.email }, entry);
  if (!outcome.ok) return replyWithErrors(submission, outcome.refusals);
  return redirectWithSuccess(
    `/admin/exchange-rates?month=${monthOf(entry.date)}`,
    `Tipo de cambio del ${formatCalendarDate(entry.date)} ${outcome.created ? "ingresado" : "corregido"}: compra ${formatRate(entry.buy)}, venta ${formatRate(entry.sell)}.`,
  );
}

export default function ExchangeRatesPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <Stack gap="lg">
      <Title order={1}>Tipo de cambio del dólar</Title>
      <Text size="sm" c="dimmed">
        Tipo de cambio de referencia del Banco Central, en colones por dólar. Los fines de semana y feriados rige el
        último publicado. Las facturas en dólares usan el de venta del día.
        {!data.canEdit && " Solo un superadministrador puede ingresarlo o corregirlo."}
      </Text>
      {data.todayRate && (
        <Text data-testid="today-rate">
          Hoy, {data.todayRate.label}: compra <strong>{data.todayRate.buy}</strong>, venta{" "}
          <strong>{data.todayRate.sell}</strong>.
        </Text>
      )}
      {data.warning && (
        <Alert color="yellow" title="Sin el tipo de cambio de hoy" data-testid="rate-warning">
          {data.warning}
        </Alert>
      )}
      {data.status && (
        <Text size="sm" c="dimmed" data-testid="rate-status">
          {data.status.lastSuccessAt
            ? `Última consulta a ${data.status.source ?? "la fuente"}: ${data.status.lastSuccessAt}.`
            : "Aún no se ha consultado la fuente."}
          {data.status.lastError && ` Último intento (${data.status.lastAttemptAt}): ${data.status.lastError}`}
        </Text>
      )}
      {data.canEdit && (
        <Form method="post">
          <input type="hidden" name="intent" value="consultar" />
          <Button type="submit" variant="light">
            Consultar ahora
          </Button>
        </Form>
      )}
      {data.canEdit && <RateEntryForm today={data.today} lastResult={result} />}
      <Group gap="md" component="nav" aria-label="Meses">
        <Anchor component={Link} to={`/admin/exchange-rates?month=${data.previousMonth}`} size="sm">
          ← Mes anterior
        </Anchor>
        {data.nextMonth && (
          <Anchor component={Link} to={`/admin/exchange-rates?month=${data.nextMonth}`} size="sm">
            Mes siguiente →
          </Anchor>
        )}
      </Group>
      {data.rows.length === 0 ? (
        <Alert color="gray">No hay tipos de cambio conocidos para {data.monthLabel}.</Alert>
      ) : (
        <RateTable rows={data.rows} caption={`Tipos de cambio de ${data.monthLabel}`} />
      )}
      {data.changes.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Cambios hechos a mano
          </Title>
          {data.changes.map((change, index) => (
            <Text key={index} size="sm" data-testid="rate-change">
              {change.line}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
