import { Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { BankRuleView } from "~/domain/bank/rules";

/** The rules that apply to a bank account, each with its conditions and where it books. */
export function BankRuleList({ rules, editHref }: { rules: BankRuleView[]; editHref: (id: string) => string }) {
  if (rules.length === 0) return <Text c="dimmed">Esta cuenta aún no tiene reglas.</Text>;
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} aria-label="Reglas bancarias">
      {rules.map((rule) => (
        <li key={rule.id}>
          <Paper withBorder p="sm" data-testid="bank-rule">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: 1, overflowWrap: "anywhere" }}>
                <Text size="sm" fw={600}>
                  {rule.name} · {rule.scopeLabel}
                </Text>
                <Text size="sm">Toma {rule.conditions}</Text>
                <Text size="sm">Registra en {rule.accountLabel}</Text>
              </Stack>
              <Group gap="xs">
                <Anchor component={Link} to={editHref(rule.id)} size="sm" aria-label={`Editar la regla ${rule.name}`}>
                  Editar
                </Anchor>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="ruleId" value={rule.id} />
                  <Button
                    type="submit"
                    size="xs"
                    variant="outline"
                    color="red"
                    aria-label={`Eliminar la regla ${rule.name}`}
                  >
                    Eliminar
                  </Button>
                </Form>
              </Group>
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
