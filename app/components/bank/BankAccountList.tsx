import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { BankAccountView } from "~/domain/bank/view";

/** The organization's bank accounts, each a link to its lines. */
export function BankAccountList({ accounts, hrefOf }: { accounts: BankAccountView[]; hrefOf: (id: string) => string }) {
  if (accounts.length === 0)
    return <Text c="dimmed">Este cliente aún no tiene cuentas bancarias. Agregue una con el formulario.</Text>;
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} aria-label="Cuentas bancarias">
      {accounts.map((account) => (
        <li key={account.id}>
          <Paper withBorder p="sm" data-testid="bank-account">
            <Anchor component={Link} to={hrefOf(account.id)} fw={600}>
              {account.bankLabel} · {account.iban || account.number} · {account.currency}
            </Anchor>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {account.iban && account.number ? `Número ${account.number} · ` : ""}Cuenta contable{" "}
              {account.ledgerAccount} {account.ledgerLabel} · {account.formatLabel}
            </Text>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
