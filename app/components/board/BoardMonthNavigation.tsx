import { Button, Group, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { monthLabel, type MonthKey } from "~/domain/calendar";
import { sentenceCase } from "~/domain/text";

/** ‹ › between months with plain links; an end of the range shows a disabled button. */
export function BoardMonthNavigation({
  month,
  previousHref,
  nextHref,
  previous,
  next,
}: {
  month: MonthKey;
  previous: MonthKey | null;
  next: MonthKey | null;
  previousHref: string | null;
  nextHref: string | null;
}) {
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="Mes">
      {previous && previousHref ? (
        <Button
          component={Link}
          to={previousHref}
          variant="default"
          size="xs"
          aria-label={`Mes anterior: ${monthLabel(previous)}`}
          data-testid="previous-month"
        >
          ‹ Anterior
        </Button>
      ) : (
        <Button variant="default" size="xs" disabled aria-label="No hay meses anteriores">
          ‹ Anterior
        </Button>
      )}
      <Title order={2} size="h4" miw={170} ta="center" data-testid="month-label">
        {sentenceCase(monthLabel(month))}
      </Title>
      {next && nextHref ? (
        <Button
          component={Link}
          to={nextHref}
          variant="default"
          size="xs"
          aria-label={`Mes siguiente: ${monthLabel(next)}`}
          data-testid="next-month"
        >
          Siguiente ›
        </Button>
      ) : (
        <Button variant="default" size="xs" disabled aria-label="No hay meses siguientes">
          Siguiente ›
        </Button>
      )}
    </Group>
  );
}
