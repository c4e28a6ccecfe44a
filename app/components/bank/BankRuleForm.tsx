import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { MAX_RULE_DESCRIPTION, MAX_RULE_NAME, MAX_RULE_TEXT, RULE_SIGN_LABELS, RULE_SIGNS } from "~/domain/bank/rules";

export const NEW_BANK_RULE: Record<string, string> = { sign: "out", scope: "account" };

/**
 * A bank rule's form, new or edited: native inputs, so it works without JavaScript. The amounts are the
 * movement's size in the account's currency, whatever its sign.
 */
export function BankRuleForm({
  ruleId,
  values,
  errors,
  accountOptions,
  cancelHref,
}: {
  ruleId: string | null;
  values: Record<string, string>;
  errors: Record<string, string>;
  accountOptions: Array<{ value: string; label: string }>;
  cancelHref: string;
}) {
  const title = ruleId ? "Editar regla" : "Agregar regla";
  return (
    <Paper withBorder p="md">
      <Form method="post" aria-labelledby="bank-rule-form-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="bank-rule-form-title">
            {title}
          </Title>
          <input type="hidden" name="intent" value={ruleId ? "update" : "create"} />
          {ruleId && <input type="hidden" name="ruleId" value={ruleId} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nombre de la regla"
              name="name"
              required
              maxLength={MAX_RULE_NAME}
              defaultValue={values.name ?? ""}
              error={errors.name}
            />
            <NativeSelect
              label="Se aplica a"
              name="scope"
              defaultValue={values.scope}
              error={errors.scope}
              data={[
                { value: "account", label: "Solo esta cuenta bancaria" },
                { value: "organization", label: "Todas las cuentas bancarias de la organización" },
              ]}
            />
          </SimpleGrid>
          <TextInput
            label="El texto del movimiento contiene"
            name="text"
            maxLength={MAX_RULE_TEXT}
            description="Palabras tal como aparecen en el estado de cuenta; sin importar mayúsculas ni tildes."
            defaultValue={values.text ?? ""}
            error={errors.text}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label="Movimientos"
              name="sign"
              defaultValue={values.sign}
              error={errors.sign}
              data={RULE_SIGNS.map((sign) => ({ value: sign, label: RULE_SIGN_LABELS[sign] }))}
            />
            <TextInput
              label="Monto desde"
              name="minAmount"
              inputMode="decimal"
              maxLength={20}
              defaultValue={values.minAmount ?? ""}
              error={errors.minAmount}
            />
            <TextInput
              label="Monto hasta"
              name="maxAmount"
              inputMode="decimal"
              maxLength={20}
              defaultValue={values.maxAmount ?? ""}
              error={errors.maxAmount}
            />
          </SimpleGrid>
          <NativeSelect
            label="Cuenta contable del movimiento"
            name="account"
            defaultValue={values.account ?? ""}
            error={errors.account}
            data={[{ value: "", label: "Elija la cuenta del catálogo" }, ...accountOptions]}
          />
          <TextInput
            label="Descripción del asiento"
            name="description"
            maxLength={MAX_RULE_DESCRIPTION}
            description="Si la deja en blanco, el asiento lleva el texto del movimiento."
            defaultValue={values.description ?? ""}
            error={errors.description}
          />
          <Group gap="sm">
            <Button type="submit">{ruleId ? "Guardar cambios" : "Guardar regla"}</Button>
            {ruleId && (
              <Anchor component={Link} to={cancelHref}>
                Cancelar
              </Anchor>
            )}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
