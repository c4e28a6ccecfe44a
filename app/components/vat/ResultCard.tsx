import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { excludedText } from "~/domain/iva/layout";
import type { VatPageView } from "~/domain/iva/view";
import { countLabel, plural } from "~/domain/text";
import type { VatLinks } from "./links";

/** The month's result, where the saldo a favor came from, and what is left out or flagged. */
export function ResultCard({ data, links }: { data: VatPageView; links: VatLinks }) {
  const { result } = data;
  return (
    <Paper withBorder p="md" data-testid="iva-result">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            Resultado de {data.monthLabel}
          </Text>
          <Title order={2} size="h3">
            {result.label}: {result.amount}
          </Title>
          <Text size="sm" c="dimmed">
            {result.previousMonth
              ? `Saldo a favor ${result.carriedFromDeclaration ? "declarado en" : "traído de"} ${result.previousMonth}: ${result.previousCreditBalance}.`
              : "El mes anterior no está en la aplicación: no se trae saldo a favor."}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          {result.hasNonCreditable && (
            <Anchor component={Link} to={links.figure("no-acreditable")} size="sm">
              IVA no acreditable (a costo o gasto): {result.nonCreditable}
            </Anchor>
          )}
          {data.excludedCount > 0 && (
            <Anchor component={Link} to={links.figure("no-incluidos")} size="sm">
              {excludedText(data.excludedCount)}
            </Anchor>
          )}
          {data.unansweredCount > 0 && (
            <Anchor
              component={Link}
              to={links.figure("condicion-sin-respuesta")}
              size="sm"
              c="var(--mantine-color-orange-light-color)"
              data-testid="iva-unanswered"
            >
              {countLabel(data.unansweredCount, "comprobante recibido", "comprobantes recibidos")} sin respuesta del
              receptor ({plural(data.unansweredCount, "cuenta como aceptado", "cuentan como aceptados")})
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
