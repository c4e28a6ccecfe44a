import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { useSchemaForm } from "~/components/forms/conform";
import { DateField } from "~/components/forms/DateField";
import { KeptCheckboxGroup } from "~/components/forms/KeptChoiceGroup";
import { appHref, keptParamFields } from "~/components/shell/links";
import {
  CONDICION_VENTA_LABELS,
  ID_TYPE_LABELS,
  IVA_RATE_CODES,
  MEDIO_PAGO_LABELS,
  REFERENCE_CODE_LABELS,
} from "~/domain/hacienda/codes";
import {
  COMMON_UNITS,
  DISCOUNT_CODE_LABELS,
  EXEMPTION_DOC_LABELS,
  EXEMPTION_INSTITUTION_LABELS,
  INVOICE_KIND_LABELS,
  REFERENCE_CODES_44,
  invoiceFormSchema,
} from "~/domain/invoicing/form";
import type { TotalsView } from "~/domain/invoicing/totals-view";
import type { loader } from "~/routes/_app.admin.invoice.($invoiceID)";

type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type LineField = FieldMetadata<Record<string, string | undefined>, Record<string, unknown>, string[]>;
type ActionData = SubmissionResult<string[]> & { totals?: TotalsView | null; settings?: boolean };

// Code tables are objects: "99" is an integer key, which JavaScript lists before "01".
const sortedEntries = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
const options = (labels: Readonly<Record<string, string>>, blank?: string) => [
  ...(blank !== undefined ? [{ value: "", label: blank }] : []),
  ...sortedEntries(labels).map(([value, label]) => ({ value, label: `${value} · ${label}` })),
];
const KIND_OPTIONS = Object.entries(INVOICE_KIND_LABELS).map(([value, label]) => ({
  value,
  label: `${value} · ${label}`,
}));
const TARIFA_OPTIONS = Object.entries(IVA_RATE_CODES).map(([value, { label }]) => ({
  value,
  label: `${value} · ${label}`,
}));
const UNIT_OPTIONS = Object.entries(COMMON_UNITS).map(([value, label]) => ({ value, label: `${value} · ${label}` }));
const REFERENCE_CODE_OPTIONS = [
  { value: "", label: "Elija…" },
  ...REFERENCE_CODES_44.map((code) => ({ value: code, label: `${code} · ${REFERENCE_CODE_LABELS[code]}` })),
];
const CURRENCIES = ["CRC", "USD", "EUR"];

function select(field: AnyField, label: string, data: Array<{ value: string; label: string }>, extra = {}) {
  return (
    <NativeSelect
      {...getSelectProps(field as never, { ariaAttributes: false })}
      key={field.key}
      label={label}
      error={field.errors?.[0]}
      data={data}
      {...extra}
    />
  );
}

function text(field: AnyField, label: string, extra: Record<string, unknown> = {}) {
  return (
    <TextInput
      {...getInputProps(field as never, { type: "text", ariaAttributes: false })}
      key={field.key}
      label={label}
      error={field.errors?.[0]}
      autoComplete="off"
      {...extra}
    />
  );
}

function date(field: AnyField, label: string) {
  return (
    <DateField
      key={field.key}
      name={field.name}
      defaultValue={field.initialValue as string | undefined}
      label={label}
      error={field.errors?.[0]}
    />
  );
}

function TotalsPanel({ totals }: { totals: TotalsView | null | undefined }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-totals">
      <Title order={2} size="h4" id="invoice-totals" mb="xs">
        Totales
      </Title>
      {totals ? (
        <Table aria-label="Totales del comprobante" verticalSpacing={4}>
          <Table.Tbody>
            {totals.lines.map((line) => (
              <Table.Tr key={`line-${line.numero}`}>
                <Table.Td c="dimmed">
                  Línea {line.numero}: {line.detalle}
                </Table.Td>
                <Table.Td ta="right">{line.total}</Table.Td>
              </Table.Tr>
            ))}
            {totals.rows.map((row) => (
              <Table.Tr key={row.label} fw={row.strong ? 700 : undefined}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right" data-testid={row.strong ? "invoice-total" : undefined}>
                  {row.amount}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          Los totales se calculan con las reglas de la versión 4.4 al pulsar «Recalcular» o al guardar.
        </Text>
      )}
    </Paper>
  );
}

function LineRow({ row, index, removeProps }: { row: LineField; index: number; removeProps: Record<string, unknown> }) {
  const f = row.getFieldset() as unknown as Record<string, AnyField>;
  const n = index + 1;
  const unit = (f.unidadMedida.value as string | undefined) ?? "";
  const unitOptions = unit && !COMMON_UNITS[unit] ? [{ value: unit, label: unit }, ...UNIT_OPTIONS] : UNIT_OPTIONS;
  const tarifa = IVA_RATE_CODES[(f.codigoTarifaIVA.value as string | undefined) ?? ""];
  return (
    <Paper withBorder p="sm" data-line={n} role="group" aria-label={`Línea ${n}`}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Línea {n}
        </Text>
        <Button
          type="submit"
          variant="subtle"
          color="red"
          size="compact-sm"
          {...removeProps}
          aria-label={`Quitar la línea ${n}`}
        >
          Quitar
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {text(f.cabys, `Línea ${n}: código CABYS`, { list: "cabys-sugerencias", maxLength: 13, inputMode: "numeric" })}
        {text(f.detalle, `Línea ${n}: detalle`, { maxLength: 200 })}
        {text(f.cantidad, `Línea ${n}: cantidad`, { inputMode: "decimal" })}
        {select(f.unidadMedida, `Línea ${n}: unidad`, unitOptions)}
        {text(f.precioUnitario, `Línea ${n}: precio unitario`, { inputMode: "decimal" })}
        {select(f.codigoTarifaIVA, `Línea ${n}: tarifa de IVA`, TARIFA_OPTIONS, {
          description: tarifa ? `Tarifa: ${tarifa.rate.replace(".", ",")} %` : undefined,
        })}
        {text(f.descuento, `Línea ${n}: descuento`, { inputMode: "decimal" })}
        {select(f.codigoDescuento, `Línea ${n}: código del descuento`, options(DISCOUNT_CODE_LABELS, "Sin descuento"))}
        {text(f.naturalezaDescuento, `Línea ${n}: naturaleza del descuento (código 99)`, { maxLength: 80 })}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Exoneración (solo si el cliente presenta una):
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm" verticalSpacing="xs">
        {select(f.exoTipo, `Línea ${n}: tipo de exoneración`, options(EXEMPTION_DOC_LABELS, "Sin exoneración"))}
        {text(f.exoNumero, `Línea ${n}: número de exoneración`, { maxLength: 40 })}
        {select(f.exoInstitucion, `Línea ${n}: institución`, options(EXEMPTION_INSTITUTION_LABELS, "—"))}
        {date(f.exoFecha, `Línea ${n}: fecha de exoneración`)}
        {text(f.exoTarifa, `Línea ${n}: puntos exonerados`, { inputMode: "decimal" })}
      </SimpleGrid>
    </Paper>
  );
}

function IssuedPanel({
  issued,
  invoiceId,
  current,
}: {
  issued: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["issued"]>;
  invoiceId: string;
  current: URLSearchParams;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-issued">
      <Group justify="space-between">
        <Title order={2} size="h4" id="invoice-issued">
          Comprobante emitido
        </Title>
        <Badge
          variant="outline"
          color={issued.status === "rechazado" || issued.status === "error" ? "red" : "blue"}
          data-testid="invoice-status"
        >
          {issued.statusLabel}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        <Text size="sm">Consecutivo: {issued.consecutivo}</Text>
        <Text size="sm">Clave: {issued.clave}</Text>
        <Text size="sm">Emitido el {issued.fechaEmision}</Text>
        <Text size="sm" fw={600}>
          Total: {issued.total}
        </Text>
        {issued.reason && (
          <Text size="sm" c="red.9">
            {issued.reason}
          </Text>
        )}
      </Stack>
      <Group mt="md">
        <Anchor component={Link} to={appHref(`/detail/${issued.receiptId}`, current)}>
          Ver el comprobante
        </Anchor>
        <Anchor href={appHref(`/admin/invoice/${invoiceId}/pdf`, current)}>Descargar PDF</Anchor>
        <Anchor href={appHref(`/detail/${issued.receiptId}/xml`, current)}>Descargar XML firmado</Anchor>
        <Anchor component={Link} to={appHref(`/admin/invoice?nota=NC&de=${invoiceId}`, current)}>
          Crear nota de crédito
        </Anchor>
        <Anchor component={Link} to={appHref(`/admin/invoice?nota=ND&de=${invoiceId}`, current)}>
          Crear nota de débito
        </Anchor>
      </Group>
    </Paper>
  );
}

function shortHash(text: string): string {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}

/** /admin/invoice/:invoiceID?: compose, save and issue FE/TE/NC/ND; view once issued. Works without JavaScript. */
export function InvoicePageView() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const { draft, issued } = data;
  const readOnly = draft?.state === "emitido";
  const [form, fields] = useSchemaForm(invoiceFormSchema, {
    // A GET step (a receptor chosen, a note started from an invoice) changes the defaults: a new form.
    id: `invoice-form-${draft?.id ?? "new"}-${shortHash(JSON.stringify(data.defaults))}`,
    lastResult: result,
    defaultValue: data.defaults,
  });
  const rows = fields.lines.getFieldList() as unknown as LineField[];
  const mediosPago = new Set(
    ((fields.mediosPago.value ?? fields.mediosPago.initialValue ?? []) as string[] | string).toString().split(","),
  );
  const montos = (
    fields as unknown as { montosMedioPago: { getFieldset(): Record<string, AnyField> } }
  ).montosMedioPago.getFieldset();
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);
  const totals = result?.totals !== undefined ? result.totals : data.totals;
  const settingsHref = appHref(`/admin/organizations/${data.organization.cedula}`, current);
  const f = fields as unknown as Record<string, AnyField>;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{draft ? `${draft.kindLabel} (${readOnly ? "emitida" : "borrador"})` : "Crear Factura"}</Title>
        <Text c="dimmed" size="sm">
          {data.organization.name}
        </Text>
      </div>

      {!data.issuerReady && !readOnly && (
        <Alert color="yellow" role="status">
          Para emitir, configure primero los datos de emisión y la llave criptográfica de la organización en{" "}
          <Anchor component={Link} to={settingsHref}>
            Clientes → {data.organization.name}
          </Anchor>
          .
        </Alert>
      )}

      {issued && draft && <IssuedPanel issued={issued} invoiceId={draft.id} current={current} />}

      {!readOnly && (
        <Paper withBorder p="md" component="section" aria-labelledby="receptor-search">
          <Title order={2} size="h4" id="receptor-search" mb="xs">
            Buscar receptor
          </Title>
          <Form method="get" role="search" aria-label="Buscar receptor">
            {keptParamFields(current).map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
            <Group align="flex-end">
              <TextInput
                name="buscar"
                label="Nombre o cédula de un cliente o proveedor de sus comprobantes"
                defaultValue={data.search?.query ?? ""}
                maxLength={100}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="default">
                Buscar
              </Button>
            </Group>
          </Form>
          {data.search && (
            <Table mt="sm" aria-label="Receptores encontrados">
              <Table.Tbody>
                {data.search.results.length === 0 && (
                  <Table.Tr>
                    <Table.Td>
                      No hay contrapartes con «{data.search.query}» en los comprobantes de la organización.
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.search.results.map((party) => (
                  <Table.Tr key={party.numero}>
                    <Table.Td>{party.nombre}</Table.Td>
                    <Table.Td>
                      {ID_TYPE_LABELS[party.tipo] ?? party.tipo} {party.numero}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={appHref(`${location.pathname}?receptor=${encodeURIComponent(party.numero)}`, current)}
                        aria-label={`Usar ${party.nombre} como receptor`}
                      >
                        Usar
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}

      <Form method="post" {...getFormProps(form)} aria-label="Factura">
        {/* Enter in a field recalculates: otherwise the first submit button (a «Quitar») would run. */}
        <button type="submit" name="intent" value="recalcular" hidden tabIndex={-1} />
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="md">
            {hasErrors && (
              <Alert color="red" role="alert">
                Revise los datos marcados.
              </Alert>
            )}
            <FormError message={form.errors?.[0]} />
            {result?.settings && (
              <Anchor component={Link} to={settingsHref}>
                Ir a los datos de emisión de {data.organization.name}
              </Anchor>
            )}

            <Paper withBorder p="md" component="section" aria-labelledby="invoice-document">
              <Title order={2} size="h4" id="invoice-document" mb="xs">
                Documento y receptor
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
                {select(f.kind, "Tipo de documento", KIND_OPTIONS)}
                {text(f.receptorNombre, "Nombre del receptor", { maxLength: 100 })}
                {select(
                  f.receptorTipo,
                  "Tipo de identificación del receptor",
                  options(ID_TYPE_LABELS, "Sin identificación"),
                )}
                {text(f.receptorNumero, "Número de identificación del receptor", { maxLength: 20 })}
                {text(f.receptorCorreo, "Correo del receptor", { type: "email", maxLength: 160 })}
                {text(f.receptorNombreComercial, "Nombre comercial del receptor (opcional)", { maxLength: 80 })}
              </SimpleGrid>
            </Paper>

            <Paper withBorder p="md" component="section" aria-labelledby="invoice-reference">
              <Title order={2} size="h4" id="invoice-reference" mb="xs">
                Documento de referencia (notas de crédito y débito)
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                {select(f.referenceReceiptId, "Comprobante emitido", [
                  { value: "", label: "Ninguno (o escriba la clave)" },
                  ...data.references.map((reference) => ({
                    value: reference.receiptId,
                    label: `${reference.kind} ${reference.consecutivo} · ${reference.receptor}`,
                  })),
                ])}
                {text(f.referenceClave, "Clave del documento (si no está en la lista)", { maxLength: 50 })}
                {date(f.referenceFecha, "Fecha de emisión del documento")}
                {select(f.referenceCodigo, "Código de referencia", REFERENCE_CODE_OPTIONS)}
              </SimpleGrid>
              <Textarea
                {...getInputProps(f.referenceRazon as never, { type: "text", ariaAttributes: false })}
                key={f.referenceRazon.key}
                label="Razón"
                error={f.referenceRazon.errors?.[0]}
                maxLength={180}
                autosize
                minRows={1}
                mt="sm"
              />
            </Paper>

            <Paper withBorder p="md" component="section" aria-labelledby="invoice-conditions">
              <Title order={2} size="h4" id="invoice-conditions" mb="xs">
                Condiciones
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
                {select(f.condicionVenta, "Condición de venta", options(CONDICION_VENTA_LABELS))}
                {text(f.plazoCredito, "Plazo del crédito (días)", { inputMode: "numeric", maxLength: 5 })}
                {select(
                  f.moneda,
                  "Moneda",
                  CURRENCIES.map((code) => ({ value: code, label: code })),
                )}
                {text(f.tipoCambio, "Tipo de cambio (colones)", {
                  inputMode: "decimal",
                  description: "Solo en otra moneda",
                })}
              </SimpleGrid>
              <KeptCheckboxGroup
                label="Medios de pago"
                error={f.mediosPago.errors?.[0]}
                mt="sm"
                defaultValue={[...mediosPago]}
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
              {text(f.medioPagoOtros, "Medio de pago «Otros»", {
                description: "Solo si eligió «Otros»: cuál es",
                maxLength: 100,
                mt: "xs",
              })}
              <Textarea
                {...getInputProps(f.notas as never, { type: "text", ariaAttributes: false })}
                key={f.notas.key}
                label="Notas (opcional)"
                error={f.notas.errors?.[0]}
                maxLength={500}
                autosize
                minRows={1}
                mt="sm"
              />
            </Paper>

            <Paper withBorder p="md" component="section" aria-labelledby="invoice-lines">
              <Title order={2} size="h4" id="invoice-lines" mb="xs">
                Líneas
              </Title>
              <datalist id="cabys-sugerencias">
                {data.cabys.map((suggestion) => (
                  <option key={suggestion.cabys} value={suggestion.cabys}>
                    {suggestion.detalle}
                  </option>
                ))}
              </datalist>
              <FormError message={fields.lines.errors?.[0]} />
              <Stack gap="sm">
                {rows.map((row, index) => (
                  <LineRow
                    key={row.key}
                    row={row}
                    index={index}
                    removeProps={form.remove.getButtonProps({ name: fields.lines.name, index })}
                  />
                ))}
              </Stack>
              {!readOnly && (
                <Button
                  type="submit"
                  variant="default"
                  mt="sm"
                  {...form.insert.getButtonProps({
                    name: fields.lines.name,
                    defaultValue: { unidadMedida: "Unid", codigoTarifaIVA: "08" },
                  })}
                >
                  Agregar línea
                </Button>
              )}
            </Paper>
          </Stack>
        </fieldset>

        <Stack gap="md" mt="md">
          <TotalsPanel totals={totals} />
          {!readOnly && (
            <Group>
              <Button type="submit" name="intent" value="recalcular" variant="default">
                Recalcular
              </Button>
              <Button type="submit" name="intent" value="guardar" variant="default">
                Guardar borrador
              </Button>
              <Button type="submit" name="intent" value="emitir">
                Emitir
              </Button>
            </Group>
          )}
        </Stack>
      </Form>

      {data.recent.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="invoice-recent">
          <Title order={2} size="h4" id="invoice-recent" mb="xs">
            Facturas recientes
          </Title>
          <Table aria-label="Facturas recientes">
            <Table.Tbody>
              {data.recent.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={appHref(`/admin/invoice/${item.id}`, current)}>
                      {item.label}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{item.receptor}</Table.Td>
                  <Table.Td>{item.state === "emitido" ? "Emitida" : "Borrador"}</Table.Td>
                  <Table.Td>{item.updatedAt}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
