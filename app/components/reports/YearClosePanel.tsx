import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Anchor, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { ConfirmButton, askedConfirmation } from "~/components/forms/ConfirmButton";
import { formErrorOf, inputProps, useSchemaForm } from "~/components/forms/conform";
import { formatCalendarDate, type CalendarDate } from "~/domain/calendar";
import { REASON_MAX, YEAR_CLOSE_INTENTS } from "~/domain/closing";

export interface YearClosePanelStatus {
  year: number;
  yearEnd: string;
  closing: { number: string; entryId: string } | null;
  ended: boolean;
  canReopen: boolean;
  retainedEarnings: { code: string; label: string };
}

/**
 * «Cierre del período» on the Balance General (admins): closes the year of the shown date, or reopens
 * it with a reason. Both are irreversible steps of the books, so both ask first (ConfirmButton).
 */
export function YearClosePanel({
  status,
  closeResult,
  reopenResult,
  entryHref,
}: {
  status: YearClosePanelStatus;
  closeResult?: SubmissionResult<string[]>;
  reopenResult?: SubmissionResult<string[]>;
  entryHref: (entryId: string) => string;
}) {
  const end = formatCalendarDate(status.yearEnd as CalendarDate);
  const account = `${status.retainedEarnings.code}${status.retainedEarnings.label ? ` ${status.retainedEarnings.label}` : ""}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="year-close-title" data-testid="year-close">
      <Title order={2} size="h4" id="year-close-title" mb="xs">
        Cierre del período {status.year}
      </Title>
      {status.closing ? (
        <Stack gap="sm">
          <Text size="sm" data-testid="year-close-status">
            El año {status.year} está cerrado: el asiento de cierre{" "}
            <Anchor component={Link} to={entryHref(status.closing.entryId)}>
              {status.closing.number}
            </Anchor>{" "}
            trasladó sus ingresos, costos y gastos a {account}, y no se contabiliza nada con fecha hasta el {end}.
          </Text>
          {status.canReopen ? (
            <ReopenForm year={status.year} number={status.closing.number} result={reopenResult} />
          ) : (
            <Text size="sm" c="dimmed">
              Para reabrirlo, reabra primero el año {status.year + 1}.
            </Text>
          )}
        </Stack>
      ) : status.ended ? (
        <CloseForm year={status.year} end={end} account={account} result={closeResult} />
      ) : (
        <Text size="sm" data-testid="year-close-status">
          El año {status.year} todavía no termina: se podrá cerrar a partir del 01/01/{status.year + 1}.
        </Text>
      )}
    </Paper>
  );
}

function CloseForm({
  year,
  end,
  account,
  result,
}: {
  year: number;
  end: string;
  account: string;
  result?: SubmissionResult<string[]>;
}) {
  const [form] = useSchemaForm(YEAR_CLOSE_INTENTS["close-year"], { id: "close-year", lastResult: result });
  const consequence = `Se contabilizará el asiento de cierre al ${end}, que traslada los saldos de ingresos, costos y gastos de ${year} a ${account}, y la fecha de cierre contable pasará al ${end}: ya no se podrá contabilizar nada en ${year}. Solo se deshace con una reapertura auditada.`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="year-close-title">
      <input type="hidden" name="intent" value="close-year" />
      <input type="hidden" name="year" value={year} />
      <Stack gap="sm">
        <Text size="sm">
          El año {year} está abierto. Al cerrarlo, sus ingresos, costos y gastos pasan a {account} con un asiento al{" "}
          {end}, y el año queda bloqueado. El grupo 70 Por clasificar debe estar en cero.
        </Text>
        <FormError message={formErrorOf(form)} />
        <Group>
          <ConfirmButton
            label={`Cerrar el año ${year}`}
            color="red"
            variant="light"
            asked={askedConfirmation(result)}
            title={`¿Cerrar el año ${year}?`}
            consequence={consequence}
            testId="close-year-button"
          />
        </Group>
      </Stack>
    </Form>
  );
}

function ReopenForm({ year, number, result }: { year: number; number: string; result?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(YEAR_CLOSE_INTENTS["reopen-year"], { id: "reopen-year", lastResult: result });
  const asked = askedConfirmation(result);
  const consequence = `Se contabilizará la reversión del asiento de cierre ${number} al 31/12/${year}, con el motivo indicado, y la fecha de cierre contable volverá a la que tenía antes del cierre. El año ${year} quedará abierto.`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="year-close-title">
      <input type="hidden" name="intent" value="reopen-year" />
      <input type="hidden" name="year" value={year} />
      <Stack gap="sm">
        <FormError message={formErrorOf(form)} />
        <Textarea
          {...inputProps(fields.reason)}
          label="Motivo de la reapertura"
          description="Queda en el historial de la fecha de cierre contable y en el asiento de reversión."
          maxLength={REASON_MAX}
          autosize
          minRows={2}
          required
          readOnly={asked}
        />
        <Group>
          <ConfirmButton
            label={`Reabrir el año ${year}`}
            color="red"
            variant="light"
            asked={asked}
            title={`¿Reabrir el año ${year}?`}
            consequence={consequence}
            testId="reopen-year-button"
          />
        </Group>
      </Stack>
    </Form>
  );
}
