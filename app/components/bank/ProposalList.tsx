import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ProposalView } from "~/domain/bank/view";
import { countLabel } from "~/domain/text";

/**
 * What the matcher proposes for the pending lines. Accepting one against posted lines reconciles them;
 * one against open items registers their cobro or pago in the bank account and reconciles it.
 */
export function ProposalList({
  proposals,
  total,
  bookTotal,
  bookToken,
}: {
  proposals: ProposalView[];
  total: number;
  /** How many of all the proposals are against posted lines (accepted together by one button). */
  bookTotal: number;
  /** Names the proposals against posted lines shown: the button accepts those and no others. */
  bookToken: string;
}) {
  if (proposals.length === 0) return <Text c="dimmed">No hay propuestas para los movimientos pendientes.</Text>;
  return (
    <Stack gap="xs">
      {bookTotal > 1 && (
        <Form method="post">
          <input type="hidden" name="intent" value="accept-book-proposals" />
          <input type="hidden" name="proposals" value={bookToken} />
          <Button type="submit" size="sm" variant="light">
            Aceptar las {countLabel(bookTotal, "propuesta", "propuestas")} contra asientos
          </Button>
        </Form>
      )}
      {total > proposals.length && (
        <Text size="sm" c="dimmed">
          Se muestran {proposals.length} de {countLabel(total, "propuesta", "propuestas")}.
        </Text>
      )}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} aria-label="Propuestas de conciliación">
        {proposals.map((proposal) => (
          <li key={proposal.lineId}>
            <Paper withBorder p="sm" data-testid="bank-proposal">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: 1, overflowWrap: "anywhere" }}>
                  <Text size="sm" fw={600}>
                    {proposal.bankText} · {proposal.amount}
                  </Text>
                  <Text size="sm">con {proposal.matchedText}</Text>
                </Stack>
                <Form method="post">
                  <input type="hidden" name="intent" value="accept" />
                  <input type="hidden" name="lineId" value={proposal.lineId} />
                  <Button type="submit" size="xs">
                    {proposal.kind === "book"
                      ? "Aceptar"
                      : proposal.moneyIn
                        ? "Registrar cobro y conciliar"
                        : "Registrar pago y conciliar"}
                  </Button>
                </Form>
              </Group>
            </Paper>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
