import { Anchor, Button, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { countLabel } from "~/domain/text";

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

/**
 * "Contabilizar N comprobantes pendientes" for the whole month (both tabs): a link to the preview, which
 * lists what will be booked and asks before posting.
 */
export function BookMonthButton({ pending, href }: { pending: number; href: string }) {
  if (pending === 0) return null;
  return (
    <Button component={Link} to={href} variant="light" data-testid="book-month">
      Contabilizar {countLabel(pending, "comprobante pendiente", "comprobantes pendientes")}
    </Button>
  );
}
