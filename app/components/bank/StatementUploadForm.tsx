import { Button, Input, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { BankAccountView } from "~/domain/bank/view";
import { STATEMENT_FORMAT_LABELS, STATEMENT_FORMATS } from "~/domain/bank/index";
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES } from "~/domain/bank/statement";

/** Upload of a statement file into one of the accounts; a multipart form that works without JavaScript. */
export function StatementUploadForm({ accounts }: { accounts: BankAccountView[] }) {
  if (accounts.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Form method="post" encType="multipart/form-data" aria-labelledby="statement-upload-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="statement-upload-title">
            Importar estado de cuenta
          </Title>
          <input type="hidden" name="intent" value="upload" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Cuenta bancaria"
              name="accountId"
              data={accounts.map((account) => ({
                value: account.id,
                label: `${account.bankLabel} · ${account.iban || account.number} · ${account.currency}`,
              }))}
            />
            <NativeSelect
              label="Formato del archivo"
              name="format"
              description="Si no lo elige, se usa el de la cuenta."
              data={[
                { value: "", label: "El de la cuenta" },
                ...STATEMENT_FORMATS.map((format) => ({ value: format, label: STATEMENT_FORMAT_LABELS[format] })),
              ]}
            />
          </SimpleGrid>
          {/* A native file input: it works the same before hydration and without JavaScript. */}
          <Input.Wrapper
            label="Archivo del banco"
            id="statement-file"
            required
            description={`CSV, OFX o camt.053; hasta ${MAX_STATEMENT_BYTES / (1024 * 1024)} MB y ${MAX_STATEMENT_LINES.toLocaleString("es-CR")} movimientos.`}
          >
            <input
              id="statement-file"
              type="file"
              name="statement"
              required
              accept=".csv,.txt,.ofx,.qfx,.xml"
              style={{ display: "block", marginTop: 8 }}
              data-testid="statement-file"
            />
          </Input.Wrapper>
          <Text size="sm" c="dimmed">
            Los movimientos que ya estaban importados (el mismo archivo o un período que se traslapa) no se duplican.
          </Text>
          <Button type="submit" style={{ alignSelf: "flex-start" }}>
            Importar
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
