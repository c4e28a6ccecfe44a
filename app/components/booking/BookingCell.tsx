import { Anchor, Button, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";

/** A receipt's "Contabilizado" cell: sí / borrador with its entry, or no. */
export function BookingCell({
  state,
  entryHref,
}: {
  state: { entryId: string; status: "borrador" | "contabilizado"; number?: string } | undefined;
  entryHref: (entryId: string) => string;
}) {
  if (!state)
    return (
      <Text span size="sm" c="dimmed">
        No
      </Text>
    );
  return (
    <Anchor component={Link} to={entryHref(state.entryId)} size="sm" data-testid="booking-entry-link">
      {state.status === "contabilizado" ? `Sí · ${state.number ?? ""}` : "Borrador"}
    </Anchor>
  );
}

/** "Contabilizar N comprobantes pendientes" for the whole month (both tabs). */
export function BookMonthButton({ pending, month, action }: { pending: number; month: string; action: string }) {
  if (pending === 0) return null;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="month" value={month} />
      <Button type="submit" variant="light" data-testid="book-month">
        Contabilizar {pending} {pending === 1 ? "comprobante pendiente" : "comprobantes pendientes"}
      </Button>
    </Form>
  );
}
