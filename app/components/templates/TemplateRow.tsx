import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Button, NativeSelect, Table, TextInput } from "@mantine/core";
import { AccountPicker } from "~/components/AccountPicker";
import type { CatalogNode } from "~/domain/catalog";
import { AMOUNT_KINDS, KIND_LABELS, SIDE_LABELS, TEMPLATE_SIDES } from "~/domain/templates/types";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;
export type RowField = FieldMetadata<
  { account?: string; description?: string; side?: string; kind?: string; amount?: string; rate?: string },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's form-level type is not needed here
  any,
  string[]
>;

/** One line of a template: account, description, side, kind of amount, fixed amount or percentage, «Quitar». */
export function TemplateRow({
  line,
  number,
  tree,
  removeButton,
}: {
  line: RowField;
  number: number;
  tree: CatalogNode[];
  removeButton: Record<string, unknown>;
}) {
  const { account, description, side, kind, amount, rate } = line.getFieldset();
  const text = (field: AnyField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      {...getInputProps(field, { type: "text", ariaAttributes: false })}
      key={field.key}
      aria-label={`Línea ${number}: ${label}`}
      error={field.errors?.[0]}
      autoComplete="off"
      {...extra}
    />
  );
  const select = (field: AnyField, label: string, options: Array<{ value: string; label: string }>) => (
    <NativeSelect
      {...getSelectProps(field, { ariaAttributes: false })}
      key={field.key}
      aria-label={`Línea ${number}: ${label}`}
      error={field.errors?.[0]}
      data={options}
    />
  );
  return (
    <Table.Tr data-line={number}>
      <Table.Td ta="right" c="dimmed" style={{ verticalAlign: "top", paddingTop: 14 }}>
        {number}
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }} miw={260}>
        <AccountPicker
          key={account.key}
          catalog={tree}
          name={account.name}
          defaultValue={(account.initialValue as string | undefined) || null}
          ariaLabel={`Línea ${number}: cuenta`}
          error={account.errors?.[0]}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>{text(description, "descripción", { maxLength: 300 })}</Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>
        {select(
          side,
          "lado",
          TEMPLATE_SIDES.map((value) => ({ value, label: SIDE_LABELS[value] })),
        )}
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>
        {select(
          kind,
          "tipo de monto",
          AMOUNT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
        )}
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>
        {text(amount, "monto fijo", {
          inputMode: "decimal",
          placeholder: "0,00",
          maxLength: 24,
          styles: { input: { textAlign: "right" } },
        })}
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>
        {text(rate, "porcentaje", {
          inputMode: "decimal",
          placeholder: "0,00",
          maxLength: 12,
          rightSection: "%",
          styles: { input: { textAlign: "right" } },
        })}
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>
        <Button
          type="submit"
          variant="subtle"
          color="red"
          size="compact-sm"
          mt={6}
          {...removeButton}
          aria-label={`Quitar la línea ${number}`}
        >
          Quitar
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
