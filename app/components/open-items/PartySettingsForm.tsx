import { Alert, Button, Group, Text, TextInput, Textarea } from "@mantine/core";
import { Form } from "@remix-run/react";
import { AccountPicker } from "~/components/AccountPicker";
import type { PartySectionProps } from "./party-section";

/** The counterparty's payment term, usual account and notes: a form for admins, the term for client users. */
export function PartySettingsForm({ side, data, admin, catalog, action, errorOf }: PartySectionProps) {
  return (
    <>
      {admin ? (
        <Form method="post" action={action} aria-label="Datos de la contraparte">
          <input type="hidden" name="intent" value="settings" />
          {errorOf("settings") && (
            <Alert color="red" data-testid="settings-error">
              {errorOf("settings")}
            </Alert>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            {/* A plain text field, like every number of the app: the number-input library would load on every page. */}
            <TextInput
              name="paymentTermDays"
              label="Plazo de crédito (días)"
              description="Para documentos que no indican plazo"
              defaultValue={data.party.paymentTermDays ?? ""}
              inputMode="numeric"
              maxLength={5}
              w={200}
            />
            {catalog && (
              <div style={{ minWidth: 280 }}>
                <AccountPicker
                  catalog={catalog}
                  name={side === "receivable" ? "salesAccount" : "purchaseAccount"}
                  label={side === "receivable" ? "Cuenta de ventas habitual" : "Cuenta de gasto habitual"}
                  description={
                    side === "receivable"
                      ? "Contabilizar acredita aquí sus ventas en lugar de las cuentas por tarifa"
                      : "Contabilizar la usa cuando ninguna regla de recepción aplica, en lugar de 70 Por clasificar"
                  }
                  defaultValue={side === "receivable" ? data.party.salesAccount : data.party.purchaseAccount}
                />
              </div>
            )}
          </Group>
          <Textarea
            name="notes"
            label="Notas"
            defaultValue={data.party.notes ?? ""}
            maxLength={2000}
            mt="sm"
            autosize
          />
          <Button type="submit" variant="default" mt="sm">
            Guardar datos
          </Button>
        </Form>
      ) : (
        <Text size="sm">
          Plazo de crédito:{" "}
          {data.party.paymentTermDays === null ? "según cada documento" : `${data.party.paymentTermDays} días`}
        </Text>
      )}
    </>
  );
}
