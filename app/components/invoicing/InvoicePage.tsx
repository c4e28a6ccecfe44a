import { getFormProps } from "@conform-to/react";
import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { FormError } from "~/components/FormError";
import { useSchemaForm } from "~/components/forms/conform";
import { appHref } from "~/utils/links";
import { invoiceFormSchema } from "~/domain/invoicing/form";
import { liveTotals } from "~/domain/invoicing/live-totals";
import type { InvoiceActionData, InvoicePageData } from "~/domain/invoicing/view";
import type { AnyField, LineField } from "./fields";
import { ConditionsSection, DocumentSection, LinesSection, ReferenceSection } from "./FormSections";
import { IssuedPanel } from "./IssuedPanel";
import { LineRow } from "./LineRow";
import { ReceptorSearch } from "./ReceptorSearch";
import { RecentInvoices } from "./RecentInvoices";
import { TotalsPanel } from "./TotalsPanel";
import { useTypedValues } from "./useTypedValues";
import { usePrefilledRate } from "./usePrefilledRate";

function shortHash(text: string): string {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}

function IssuerNotReady({ settingsHref, name }: { settingsHref: string; name: string }) {
  return (
    <Alert color="yellow" role="status">
      Para emitir, configure primero los datos de emisión y la llave criptográfica de la organización en{" "}
      <Anchor component={Link} to={settingsHref}>
        Clientes → {name}
      </Anchor>
      .
    </Alert>
  );
}

function FormButtons() {
  return (
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
  );
}

/**
 * The invoice itself: every section, the totals (computed as the user types with JavaScript, by
 * «Recalcular» without it) and the buttons. A plain POST form.
 */
function InvoiceForm({
  data,
  result,
  readOnly,
  settingsHref,
}: {
  data: InvoicePageData;
  result?: InvoiceActionData;
  readOnly: boolean;
  settingsHref: string;
}) {
  const { draft } = data;
  const formId = `invoice-form-${draft?.id ?? "new"}-${shortHash(JSON.stringify(data.defaults))}`;
  const [form, fields] = useSchemaForm(invoiceFormSchema, {
    // A GET step (a receptor chosen, a note started from an invoice) changes the defaults: a new form.
    id: formId,
    lastResult: result,
    defaultValue: data.defaults,
  });
  const typed = useTypedValues(formId);
  const f = fields as unknown as Record<string, AnyField>;
  const rows = fields.lines.getFieldList() as unknown as LineField[];
  const mediosPago = new Set(
    ((fields.mediosPago.value ?? fields.mediosPago.initialValue ?? []) as string[] | string).toString().split(","),
  );
  const montos = (
    fields as unknown as { montosMedioPago: { getFieldset(): Record<string, AnyField> } }
  ).montosMedioPago.getFieldset();
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);
  const served = result?.totals !== undefined ? result.totals : data.totals;
  const typedTotals = useMemo(() => (typed.values ? liveTotals(typed.values) : undefined), [typed.values]);
  const totals = typedTotals !== undefined ? typedTotals : served;
  const kind = typed.values?.kind ?? (f.kind.value as string | undefined) ?? "FE";
  const moneda = typed.values?.moneda ?? (f.moneda.value as string | undefined) ?? "CRC";
  usePrefilledRate(form.id, readOnly ? undefined : moneda, data.exchangeRate);
  return (
    <Form method="post" {...getFormProps(form)} onInput={typed.onInput} aria-label="Factura">
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
          <DocumentSection f={f} />
          <ReferenceSection f={f} references={data.references} />
          <ConditionsSection
            f={f}
            kind={kind}
            montos={montos}
            chosenMedios={mediosPago}
            moneda={moneda}
            rate={data.exchangeRate}
          />
          <LinesSection
            cabys={data.cabys}
            linesError={fields.lines.errors?.[0]}
            rows={rows.map((row, index) => (
              <LineRow
                key={row.key}
                row={row}
                index={index}
                removeProps={form.remove.getButtonProps({ name: fields.lines.name, index })}
              />
            ))}
            addButton={
              readOnly
                ? null
                : form.insert.getButtonProps({
                    name: fields.lines.name,
                    defaultValue: { unidadMedida: "Unid", codigoTarifaIVA: "08" },
                  })
            }
          />
        </Stack>
      </fieldset>
      <Stack gap="md" mt="md">
        <TotalsPanel totals={totals} live={typed.values !== null} />
        {!readOnly && <FormButtons />}
      </Stack>
    </Form>
  );
}

/** /admin/invoice/:invoiceID?: compose, save and issue FE/TE/NC/ND; view once issued. Works without JavaScript. */
export function InvoicePageView() {
  const data = useLoaderData() as unknown as InvoicePageData;
  const result = useActionData() as InvoiceActionData | undefined;
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const { draft, issued } = data;
  const readOnly = draft?.state === "emitido";
  const settingsHref = appHref(`/admin/organizations/${data.organization.cedula}`, current);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{draft ? `${draft.kindLabel} (${draft.stateLabel})` : "Crear Factura"}</Title>
        <Text c="dimmed" size="sm">
          {data.organization.name}
        </Text>
      </div>
      {!data.issuerReady && !readOnly && <IssuerNotReady settingsHref={settingsHref} name={data.organization.name} />}
      {issued && draft && <IssuedPanel issued={issued} invoiceId={draft.id} current={current} />}
      {!readOnly && <ReceptorSearch search={data.search} current={current} pathname={location.pathname} />}
      <InvoiceForm data={data} result={result} readOnly={readOnly} settingsHref={settingsHref} />
      {data.recent.length > 0 && <RecentInvoices recent={data.recent} current={current} />}
    </Stack>
  );
}
