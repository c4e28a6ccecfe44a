import { Alert, Button, Group, Paper, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { AccountPicker } from "~/components/AccountPicker";
import type { PartySectionProps } from "./party-section";

/** The REPs naming open documents that are not registered yet, each with its own «Registrar» form (admins). */
export function PartyReps({ side, data, admin, catalog, action, errorOf }: PartySectionProps) {
  return (
    <>
      {admin && catalog && data.reps.length > 0 && (
        <>
          <Title order={2}>Recibos electrónicos de pago sin registrar</Title>
          {errorOf("rep") && (
            <Alert color="red" data-testid="rep-error">
              {errorOf("rep")}
            </Alert>
          )}
          {data.reps.map((rep) => (
            <Paper key={rep.clave} withBorder p="md" data-testid="rep">
              <Form method="post" action={action} aria-label={`Registrar ${rep.label}`}>
                <input type="hidden" name="intent" value="register" />
                <input type="hidden" name="rep" value={rep.clave} />
                <input type="hidden" name="date" value={rep.isoDate} />
                <input type="hidden" name="reference" value={rep.label} />
                {rep.applications.map((application, index) => (
                  <span key={application.itemId}>
                    <input type="hidden" name={`items[${index}].id`} value={application.itemId} />
                    <input type="hidden" name={`items[${index}].selected`} value="on" />
                    <input type="hidden" name={`items[${index}].amount`} value={application.amountInput} />
                  </span>
                ))}
                <Text size="sm">
                  {rep.label} del {rep.date} por {rep.amount}:{" "}
                  {rep.applications.map((application) => `${application.label} ${application.amount}`).join(", ")}
                </Text>
                <Group align="flex-end" gap="sm" mt="xs" wrap="wrap">
                  <div style={{ minWidth: 280 }}>
                    <AccountPicker
                      catalog={catalog}
                      name="moneyAccount"
                      label="Cuenta de banco o caja"
                      defaultValue={data.defaultMoneyAccount}
                      required
                    />
                  </div>
                  <Button type="submit" variant="default">
                    {side === "receivable" ? "Registrar cobro del REP" : "Registrar pago del REP"}
                  </Button>
                </Group>
              </Form>
            </Paper>
          ))}
        </>
      )}
    </>
  );
}
