import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { RateEntryForm } from "~/components/exchange-rates/RateEntryForm";
import { CurrencyRates } from "~/components/exchange-rates/CurrencyRates";
import {
  formatDateTime,
  formatCalendarDate,
  monthLabel,
  monthOf,
  parseMonth,
  shiftMonth,
  todayInCostaRica,
  type CalendarDate,
} from "~/domain/calendar";
import {
  canEditRates,
  formatRate,
  RATE_CURRENCY_NAMES,
  RATE_FORM_MESSAGES,
  rateEntrySchema,
  rateRowView,
} from "~/domain/exchange-rates";
import { enterRate, rateOfDay, ratesOfMonth } from "~/services/exchange-rates/rates.server";
import { membershipOf } from "~/utils/account.server";
import { requireAdmin } from "~/utils/auth.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { forbidden } from "~/utils/http.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { countLabel } from "~/domain/text";
import { fetchEveryRateNow } from "~/services/exchange-rates/rate-fetch.server";

export const meta: MetaFunction = () => [{ title: "Tipo de cambio · Contabilidad CR" }];

const SOURCE_NAMES: Record<string, string> = { bccr: "el Banco Central", hacienda: "Hacienda" };
const PAGE = "/admin/exchange-rates";

function fetchedMessage(stored: number): string {
  return stored === 0
    ? "Tipo de cambio consultado: no había días nuevos."
    : `Tipo de cambio consultado: ${countLabel(stored, "día nuevo", "días nuevos")}.`;
}

type MonthOfRates = Awaited<ReturnType<typeof ratesOfMonth>>;
type RateOfDay = Awaited<ReturnType<typeof rateOfDay>>;

/** What the page shows of one currency: today's rate, its warning, the last consultation, the month, the hand changes. */
function currencyView(ofMonth: MonthOfRates, ofToday: RateOfDay, today: CalendarDate) {
  const status = ofMonth.status;
  return {
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
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const today = todayInCostaRica(new Date());
  const month = parseMonth(new URL(request.url).searchParams.get("month"), today) ?? monthOf(today);
  const [ofMonth, ofToday, euroMonth, euroToday] = await Promise.all([
    ratesOfMonth(month, today),
    rateOfDay(today),
    ratesOfMonth(month, today, "EUR"),
    rateOfDay(today, "EUR"),
  ]);
  return json({
    canEdit: canEditRates(membershipOf(user)),
    today,
    month,
    monthLabel: monthLabel(month),
    previousMonth: shiftMonth(month, -1),
    nextMonth: month < monthOf(today) ? shiftMonth(month, 1) : null,
    ...currencyView(ofMonth, ofToday, today),
    euro: currencyView(euroMonth, euroToday, today),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request);
  const form = await readForm(request);
  const membership = membershipOf(user);
  if (form.get("intent") === "consultar") {
    if (!canEditRates(membership)) throw forbidden(RATE_FORM_MESSAGES.forbidden);
    const outcomes = await fetchEveryRateNow();
    const failed = outcomes.filter(({ outcome }) => outcome.kind !== "fetched");
    if (failed.length === 0) {
      const stored = outcomes.reduce((sum, { outcome }) => sum + (outcome.kind === "fetched" ? outcome.stored : 0), 0);
      return redirectWithSuccess(PAGE, fetchedMessage(stored));
    }
    const reasons = failed.map(({ currency, outcome }) =>
      outcome.kind === "failed"
        ? `${RATE_CURRENCY_NAMES[currency]}: ${outcome.reason}`
        : `${RATE_CURRENCY_NAMES[currency]}: otro proceso lo está consultando; vuelva a intentarlo en un momento.`,
    );
    return redirectWithError(PAGE, `No se pudo consultar el tipo de cambio (${reasons.join(" ")})`);
  }
  const submission = parseSubmission(form, rateEntrySchema);
  if (!canEditRates(membership)) return replyWithErrors(submission, { message: RATE_FORM_MESSAGES.forbidden }, 403);
  if (submission.status !== "success") return replyWithErrors(submission);
  const entry = submission.value;
  const outcome = await enterRate({ ...membership, email: user.email }, entry, entry.currency);
  if (!outcome.ok) return replyWithErrors(submission, outcome.refusals);
  const of = entry.currency === "USD" ? "" : ` del ${RATE_CURRENCY_NAMES[entry.currency]}`;
  return redirectWithSuccess(
    `/admin/exchange-rates?month=${monthOf(entry.date)}`,
    `Tipo de cambio${of} del ${formatCalendarDate(entry.date)} ${outcome.created ? "ingresado" : "corregido"}: compra ${formatRate(entry.buy)}, venta ${formatRate(entry.sell)}.`,
  );
}

export default function ExchangeRatesPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <Stack gap="lg">
      <Title order={1}>Tipo de cambio del dólar y del euro</Title>
      <Text size="sm" c="dimmed">
        Tipo de cambio de referencia del Banco Central, en colones por dólar y por euro. Los fines de semana y feriados
        rige el último publicado. Las facturas en dólares usan el de venta del día.
        {!data.canEdit && " Solo un superadministrador puede ingresarlo o corregirlo."}
      </Text>
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
      <Title order={2}>Dólar</Title>
      <CurrencyRates view={data} name="del dólar" monthLabel={data.monthLabel} testIdPrefix="" />
      <Title order={2}>Euro</Title>
      <Text size="sm" c="dimmed">
        Hacienda publica un solo tipo del euro en colones: se muestra como compra y como venta.
      </Text>
      <CurrencyRates view={data.euro} name="del euro" monthLabel={data.monthLabel} testIdPrefix="euro-" />
    </Stack>
  );
}
