import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Button, Table, TextInput, VisuallyHidden } from "@mantine/core";
import type { ButtonHTMLAttributes } from "react";
import { AccountPicker } from "~/components/AccountPicker";
import type { CatalogNode } from "~/domain/catalog";
import { TableScrollRegion } from "~/components/TableScrollRegion";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;
/** One row of the lines list, as conform gives it. */
export type LineField = FieldMetadata<
  { account?: string; description?: string; debit?: string; credit?: string },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's form-level type is not needed here
  any,
  string[]
>;

// Conform's list buttons: its intent as name/value (they submit, so they work without JavaScript too).
type ButtonProps = Pick<ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value" | "form" | "formNoValidate">;

/**
 * The entry's lines: account (the catalog picker: a native select without JavaScript, searchable
 * once hydrated; groups and headers cannot be chosen), description, debit, credit. Each refusal shows
 * on the field of the line it names; the line number is the one the messages use.
 */
export function EntryLinesTable({
  lines,
  tree,
  removeButton,
}: {
  lines: LineField[];
  tree: CatalogNode[];
  removeButton: (index: number) => ButtonProps;
}) {
  return (
    <TableScrollRegion label="Líneas del asiento" minWidth={860}>
      <Table verticalSpacing="xs" aria-label="Líneas del asiento">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>Línea</Table.Th>
            <Table.Th>Cuenta</Table.Th>
            <Table.Th>Descripción</Table.Th>
            <Table.Th w={150}>Débito</Table.Th>
            <Table.Th w={150}>Crédito</Table.Th>
            <Table.Th w={90}>
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <EntryLineRow
              key={line.key}
              line={line}
              number={index + 1}
              tree={tree}
              removeButton={removeButton(index)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

function EntryLineRow({
  line,
  number,
  tree,
  removeButton,
}: {
  line: LineField;
  number: number;
  tree: CatalogNode[];
  removeButton: ButtonProps;
}) {
  const { account, description, debit, credit } = line.getFieldset();
  const money = (field: AnyField, label: string) => (
    <TextInput
      {...getInputProps(field, { type: "text", ariaAttributes: false })}
      key={field.key}
      aria-label={`Línea ${number}: ${label}`}
      error={field.errors?.[0]}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      maxLength={24}
      styles={{ input: { textAlign: "right" } }}
    />
  );
  return (
    <Table.Tr data-line={number}>
      <Table.Td ta="right" c="dimmed" style={{ verticalAlign: "top", paddingTop: 14 }}>
        {number}
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }} miw={280}>
        <AccountPicker
          key={account.key}
          catalog={tree}
          name={account.name}
          defaultValue={(account.initialValue as string | undefined) || null}
          ariaLabel={`Línea ${number}: cuenta`}
          error={account.errors?.[0]}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>
        <TextInput
          {...getInputProps(description, { type: "text", ariaAttributes: false })}
          key={description.key}
          aria-label={`Línea ${number}: descripción`}
          error={description.errors?.[0]}
          maxLength={300}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>{money(debit, "débito")}</Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>{money(credit, "crédito")}</Table.Td>
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
