/** The sections of the invoice form: document and receptor, reference, conditions and payment, lines. */
import { getInputProps } from "@conform-to/react";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { FormError } from "~/components/FormError";
import { KeptCheckboxGroup } from "~/components/forms/KeptChoiceGroup";
import { CONDICION_VENTA_LABELS, ID_TYPE_LABELS, MEDIO_PAGO_LABELS } from "~/domain/hacienda/codes";
import { condicionesVentaFor } from "~/domain/invoicing/condicion-venta";
import type { InvoicePage, InvoiceRateView } from "~/domain/invoicing/view";
import {
  CURRENCIES,
  date,
  KIND_OPTIONS,
  REFERENCE_CODE_OPTIONS,
  options,
  select,
  sortedEntries,
  text,
  type AnyField,
} from "./fields";

type Fields = Record<string, AnyField>;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function textarea(field: AnyField, label: string, maxLength: number) {
  return (
    <Textarea
      {...getInputProps(field as never, { type: "text", ariaAttributes: false })}
      key={field.key}
      label={label}
      error={field.errors?.[0]}
      maxLength={maxLength}
      autosize
      minRows={1}
      mt="sm"
    />
  );
}

export function DocumentSection({ f }: { f: Fields }) {
  return (
    <Section id="invoice-document" title="Documento y receptor">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        {select(f.kind, "Tipo de documento", KIND_OPTIONS)}
        {text(f.receptorNombre, "Nombre del receptor", { maxLength: 100 })}
        {select(f.receptorTipo, "Tipo de identificación del receptor", options(ID_TYPE_LABELS, "Sin identificación"))}
        {text(f.receptorNumero, "Número de identificación del receptor", { maxLength: 20 })}
        {text(f.receptorCorreo, "Correo del receptor", { type: "email", maxLength: 160 })}
        {text(f.receptorNombreComercial, "Nombre comercial del receptor (opcional)", { maxLength: 80 })}
      </SimpleGrid>
    </Section>
  );
}

export function ReferenceSection({ f, references }: { f: Fields; references: InvoicePage["references"] }) {
  return (
    <Section id="invoice-reference" title="Documento de referencia (notas de crédito y débito)">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {select(f.referenceReceiptId, "Comprobante emitido", [
          { value: "", label: "Ninguno (o escriba la clave)" },
          ...references.map((reference) => ({
            value: reference.receiptId,
            label: `${reference.kind} ${reference.consecutivo} · ${reference.receptor}`,
          })),
        ])}
        {text(f.referenceClave, "Clave del documento (si no está en la lista)", { maxLength: 50 })}
        {date(f.referenceFecha, "Fecha de emisión del documento")}
        {select(f.referenceCodigo, "Código de referencia", REFERENCE_CODE_OPTIONS)}
      </SimpleGrid>
      {textarea(f.referenceRazon, "Razón", 180)}
    </Section>
  );
}

function PaymentMethods({ f, montos, chosen }: { f: Fields; montos: Fields; chosen: Set<string> }) {
  return (
    <KeptCheckboxGroup
      label="Medios de pago"
      error={f.mediosPago.errors?.[0]}
      mt="sm"
      defaultValue={[...chosen]}
      key={f.mediosPago.key}
    >
      <Text size="xs" c="dimmed">
        Con un solo medio se paga todo el total; con varios, escriba cuánto se paga con cada uno.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt={4} spacing="xs" verticalSpacing={4}>
        {sortedEntries(MEDIO_PAGO_LABELS).map(([code, label]) => {
          const amount = montos[code];
          return (
            <Group key={code} gap="xs" wrap="nowrap" align="flex-start">
              <Checkbox name={f.mediosPago.name} value={code} label={label} mt={6} style={{ flex: 1 }} />
              <TextInput
                {...getInputProps(amount as never, { type: "text", ariaAttributes: false })}
                key={amount.key}
                size="xs"
                w={130}
                placeholder="Monto"
                aria-label={`Monto pagado con ${label}`}
                inputMode="decimal"
                autoComplete="off"
                error={amount.errors?.[0]}
              />
            </Group>
          );
        })}
      </SimpleGrid>
    </KeptCheckboxGroup>
  );
}

/**
 * Sale condition, currency and payment. The sale conditions offered are those the chosen document's
 * v4.4 schema accepts (`kind`: the one typed, or the one the page was rendered with).
 */
export function ConditionsSection({
  f,
  kind,
  montos,
  chosenMedios,
  moneda,
  rate,
}: {
  f: Fields;
  kind: string;
  montos: Fields;
  chosenMedios: Set<string>;
  moneda: string;
  rate: InvoiceRateView | null;
}) {
  const inRateCurrency = !!rate && moneda.toUpperCase() === rate.currency;
  const condiciones = condicionesVentaFor(kind).map((code) => ({
    value: code,
    label: `${code} · ${CONDICION_VENTA_LABELS[code]}`,
  }));
  return (
    <Section id="invoice-conditions" title="Condiciones">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        {select(f.condicionVenta, "Condición de venta", condiciones)}
        {text(f.plazoCredito, "Plazo del crédito (días)", { inputMode: "numeric", maxLength: 5 })}
        {select(
          f.moneda,
          "Moneda",
          CURRENCIES.map((code) => ({ value: code, label: code })),
        )}
        {text(f.tipoCambio, "Tipo de cambio (colones)", {
          inputMode: "decimal",
          description:
            inRateCurrency && rate.hint ? rate.hint : "Solo en otra moneda; en dólares, vacío toma el del día",
        })}
      </SimpleGrid>
      {inRateCurrency && rate.warning && (
        <Alert color="yellow" mt="xs" data-testid="invoice-rate-warning">
          {rate.warning}
        </Alert>
      )}
      <PaymentMethods f={f} montos={montos} chosen={chosenMedios} />
      {text(f.medioPagoOtros, "Medio de pago «Otros»", {
        description: "Solo si eligió «Otros»: cuál es",
        maxLength: 100,
        mt: "xs",
      })}
      {textarea(f.notas, "Notas (opcional)", 500)}
    </Section>
  );
}

export function LinesSection({
  cabys,
  linesError,
  rows,
  addButton,
}: {
  cabys: InvoicePage["cabys"];
  linesError: string | undefined;
  rows: ReactNode;
  addButton: Record<string, unknown> | null;
}) {
  return (
    <Section id="invoice-lines" title="Líneas">
      <datalist id="cabys-sugerencias">
        {cabys.map((suggestion) => (
          <option key={suggestion.cabys} value={suggestion.cabys}>
            {suggestion.detalle}
          </option>
        ))}
      </datalist>
      <FormError message={linesError} />
      <Stack gap="sm">{rows}</Stack>
      {addButton && (
        <Button type="submit" variant="default" mt="sm" {...addButton}>
          Agregar línea
        </Button>
      )}
    </Section>
  );
}
