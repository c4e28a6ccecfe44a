import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { DateField } from "~/components/forms/DateField";

export interface ReceiptBookingProps {
  state: {
    entryId: string;
    status: "borrador" | "contabilizado";
    number?: string;
    rule?: { id: string; version: number };
    unclassified: boolean;
  } | null;
  canBook: boolean;
  notBookable: string | null;
  /** Dated on or before the lock date: the accountant chooses the open-period day to book it on. */
  closedPeriod?: { date: string; lockDate: string } | null;
  /** Where "Contabilizar" posts. */
  action: string;
  entryHref: (entryId: string) => string;
  ruleHref: (ruleId: string) => string;
}

/** The receipt's entry, or the buttons that book it. */
export function ReceiptBooking({
  state,
  canBook,
  notBookable,
  closedPeriod,
  action,
  entryHref,
  ruleHref,
}: ReceiptBookingProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Contabilización" data-testid="receipt-booking">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Contabilización
        </Title>
        {state ? (
          <Group gap="xs">
            <Badge color={state.status === "contabilizado" ? "green" : "yellow"} variant="light" c="dark.7">
              {state.status === "contabilizado" ? "Contabilizado" : "Borrador"}
            </Badge>
            <Anchor component={Link} to={entryHref(state.entryId)} data-testid="receipt-entry-link">
              {state.number ? `Asiento ${state.number}` : "Ver el asiento en borrador"}
            </Anchor>
            {state.rule ? (
              <Anchor component={Link} to={ruleHref(state.rule.id)} size="sm">
                Según la regla de recepción (versión {state.rule.version})
              </Anchor>
            ) : (
              state.unclassified && (
                <Text size="sm" c="dimmed">
                  Ninguna regla coincidió: el gasto quedó por clasificar.
                </Text>
              )
            )}
          </Group>
        ) : notBookable ? (
          <Text size="sm" c="dimmed">
            {notBookable}
          </Text>
        ) : (
          <>
            <Text size="sm">Este comprobante aún no está contabilizado.</Text>
            {closedPeriod && (
              <Text size="sm" c="orange.9" data-testid="receipt-closed-period">
                Su fecha ({closedPeriod.date}) está en un período cerrado (cierre contable: {closedPeriod.lockDate}):
                elija el día del período abierto en que se contabiliza. El comprobante conserva su fecha.
              </Text>
            )}
            {canBook && (
              <Form method="post" action={action}>
                {closedPeriod && (
                  <Box mb="xs">
                    <DateField name="bookingDate" label="Contabilizar el día" required w={200} />
                  </Box>
                )}
                <Group gap="xs">
                  <Button type="submit" name="status" value="contabilizado">
                    Contabilizar
                  </Button>
                  <Button type="submit" name="status" value="borrador" variant="default">
                    Crear asiento en borrador
                  </Button>
                </Group>
              </Form>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
