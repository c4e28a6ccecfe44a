import { Button, Fieldset, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import {
  BANK_LABELS,
  BANKS,
  MAX_MAPPED_COLUMN,
  MAX_SKIPPED_LINES,
  type BankAccountFieldErrors,
} from "~/domain/bank/account-form";
import { DATE_STYLES } from "~/domain/bank/fields";
import { STATEMENT_FORMAT_LABELS, STATEMENT_FORMATS } from "~/domain/bank/index";

export type BankAccountFormValues = Record<string, string>;

export const NEW_BANK_ACCOUNT: BankAccountFormValues = {
  bank: "bac",
  currency: "CRC",
  format: "bac",
  separator: ";",
  encoding: "windows-1252",
  skipLines: "1",
  dateStyle: "dd/mm/yyyy",
  decimalMark: ",",
};

const DATE_STYLE_LABELS: Record<(typeof DATE_STYLES)[number], string> = {
  "dd/mm/yyyy": "dd/mm/aaaa",
  "yyyy-mm-dd": "aaaa-mm-dd",
  ddmmyyyy: "ddmmaaaa",
  yyyymmdd: "aaaammdd",
  "mm/dd/yyyy": "mm/dd/aaaa",
};

function ColumnInput({
  name,
  label,
  values,
  errors,
  required = false,
}: {
  name: string;
  label: string;
  values: BankAccountFormValues;
  errors: BankAccountFieldErrors;
  required?: boolean;
}) {
  return (
    <TextInput
      label={label}
      name={name}
      inputMode="numeric"
      pattern="\d{1,2}"
      maxLength={2}
      required={required}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
    />
  );
}

/**
 * A new bank account: native inputs, so it works without JavaScript. The column mapping is read only when
 * the format is the generic CSV.
 */
export function BankAccountForm({
  values,
  errors,
  ledgerOptions,
}: {
  values: BankAccountFormValues;
  errors: BankAccountFieldErrors;
  ledgerOptions: Array<{ value: string; label: string }>;
}) {
  return (
    <Paper withBorder p="md">
      <Form method="post" aria-labelledby="bank-account-form-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="bank-account-form-title">
            Agregar cuenta bancaria
          </Title>
          <input type="hidden" name="intent" value="create" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label="Banco"
              name="bank"
              defaultValue={values.bank}
              error={errors.bank}
              data={BANKS.map((bank) => ({ value: bank, label: BANK_LABELS[bank] }))}
            />
            <NativeSelect
              label="Moneda"
              name="currency"
              defaultValue={values.currency}
              error={errors.currency}
              data={[
                { value: "CRC", label: "Colones (₡)" },
                { value: "USD", label: "Dólares (US$)" },
              ]}
            />
            <NativeSelect
              label="Formato de los estados de cuenta"
              name="format"
              defaultValue={values.format}
              error={errors.format}
              data={STATEMENT_FORMATS.map((format) => ({ value: format, label: STATEMENT_FORMAT_LABELS[format] }))}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="IBAN"
              name="iban"
              maxLength={40}
              placeholder="CR05 0152 0200 1026 2840 66"
              defaultValue={values.iban ?? ""}
              error={errors.iban}
            />
            <TextInput
              label="Número de cuenta del banco"
              name="number"
              maxLength={34}
              description="Opcional si indica el IBAN."
              defaultValue={values.number ?? ""}
              error={errors.number}
            />
          </SimpleGrid>
          <NativeSelect
            label="Cuenta contable"
            name="ledgerAccount"
            defaultValue={values.ledgerAccount}
            error={errors.ledgerAccount}
            data={[{ value: "", label: "Elija la cuenta del catálogo" }, ...ledgerOptions]}
          />
          <CsvMappingFields values={values} errors={errors} />
          <Button type="submit" style={{ alignSelf: "flex-start" }}>
            Guardar cuenta bancaria
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}

/** The generic CSV's column mapping: read only when the format is the generic CSV. */
export function CsvMappingFields({
  values,
  errors,
  legend = "Columnas del CSV (solo para el formato CSV con configuración de columnas)",
}: {
  values: BankAccountFormValues;
  errors: BankAccountFieldErrors;
  legend?: string;
}) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Columnas contadas desde 1. Indique una columna de monto con signo, o bien las de débitos y créditos. Las
          líneas a saltar incluyen el encabezado.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <NativeSelect
            label="Separador"
            name="separator"
            defaultValue={values.separator}
            error={errors.separator}
            data={[
              { value: ";", label: "Punto y coma (;)" },
              { value: ",", label: "Coma (,)" },
              { value: "\t", label: "Tabulador" },
            ]}
          />
          <NativeSelect
            label="Codificación"
            name="encoding"
            defaultValue={values.encoding}
            error={errors.encoding}
            data={[
              { value: "windows-1252", label: "Windows-1252 (Excel)" },
              { value: "utf-8", label: "UTF-8" },
            ]}
          />
          <NativeSelect
            label="Fecha"
            name="dateStyle"
            defaultValue={values.dateStyle}
            error={errors.dateStyle}
            data={DATE_STYLES.map((style) => ({ value: style, label: DATE_STYLE_LABELS[style] }))}
          />
          <NativeSelect
            label="Decimales con"
            name="decimalMark"
            defaultValue={values.decimalMark}
            error={errors.decimalMark}
            data={[
              { value: ",", label: "Coma (1 234,56)" },
              { value: ".", label: "Punto (1,234.56)" },
            ]}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <TextInput
            label="Líneas a saltar"
            name="skipLines"
            inputMode="numeric"
            pattern="\d{1,2}"
            maxLength={2}
            description={`De 0 a ${MAX_SKIPPED_LINES}`}
            defaultValue={values.skipLines ?? ""}
            error={errors.skipLines}
          />
          <ColumnInput name="dateColumn" label="Columna de la fecha" values={values} errors={errors} />
          <ColumnInput name="descriptionColumn" label="Columna de la descripción" values={values} errors={errors} />
          <ColumnInput name="referenceColumn" label="Columna de la referencia" values={values} errors={errors} />
          <ColumnInput name="amountColumn" label="Columna del monto con signo" values={values} errors={errors} />
          <ColumnInput name="debitColumn" label="Columna de débitos" values={values} errors={errors} />
          <ColumnInput name="creditColumn" label="Columna de créditos" values={values} errors={errors} />
          <ColumnInput name="balanceColumn" label="Columna del saldo" values={values} errors={errors} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Hasta la columna {MAX_MAPPED_COLUMN}.
        </Text>
      </Stack>
    </Fieldset>
  );
}
