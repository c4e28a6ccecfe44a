import { Button, Group, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { sentenceCase } from "~/domain/text";

/** The month shown, with links to the previous and next month (plain links: no JavaScript needed). */
export function MonthNavigation({
  label,
  previousHref,
  nextHref,
  previousLabel,
  nextLabel,
}: {
  label: string;
  previousHref: string;
  nextHref: string;
  previousLabel: string;
  nextLabel: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="Mes">
      <Button
        component={Link}
        to={previousHref}
        variant="default"
        size="xs"
        aria-label={`Mes anterior: ${previousLabel}`}
        data-testid="previous-month"
      >
        ‹ Anterior
      </Button>
      <Title order={2} size="h4" miw={170} ta="center" data-testid="month-label">
        {sentenceCase(label)}
      </Title>
      <Button
        component={Link}
        to={nextHref}
        variant="default"
        size="xs"
        aria-label={`Mes siguiente: ${nextLabel}`}
        data-testid="next-month"
      >
        Siguiente ›
      </Button>
    </Group>
  );
}
