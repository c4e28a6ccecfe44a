import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Button, Group, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useMemo, useState, type ButtonHTMLAttributes } from "react";
import { AccountPicker } from "~/components/AccountPicker";
import { flattenCatalog, type CatalogNode } from "~/domain/catalog";
import { typedDollarColones } from "~/domain/entries/form";
import { centsToAmount, formatColones } from "~/domain/money";
import { TableScrollRegion } from "~/components/TableScrollRegion";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;
/** One row of the lines list, as conform gives it. */
export type LineField = FieldMetadata<
  {
    account?: string;
    description?: string;
    debit?: string;
    credit?: string;
    foreignAmount?: string;
    rate?: string;
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's form-level type is not needed here
  any,
  string[]
>;

// Conform's list buttons: its intent as name/value (they submit, so they work without JavaScript too).
type ButtonProps = Pick<ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value" | "form" | "formNoValidate">;

/**
 * The entry's lines: account (the catalog picker: a native select without JavaScript, searchable
 * once hydrated; groups and headers cannot be chosen), description, debit, credit. Each refusal shows
 * on the field of the line it names; the line number is the one the messages use. A line to an account
 * kept in dollars also asks for its US$ and rate (without JavaScript: once the account is chosen and
 * the form comes back).
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
  const dollarAccounts = useMemo(
    () => new Set(flattenCatalog(tree).flatMap((node) => (node.currency === "USD" ? [node.key] : []))),
    [tree],
  );
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
              dollarAccounts={dollarAccounts}
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
  dollarAccounts,
  removeButton,
}: {
  line: LineField;
  number: number;
  tree: CatalogNode[];
  dollarAccounts: ReadonlySet<string>;
  removeButton: ButtonProps;
}) {
  const { account, description, debit, credit, foreignAmount, rate } = line.getFieldset();
  // The picker says which account was chosen: a line to an account kept in dollars asks for its US$ at once.
  const [chosen, setChosen] = useState((account.initialValue as string | undefined) || null);
  const inDollars = !!chosen && dollarAccounts.has(chosen);
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
          onChange={setChosen}
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
        {inDollars && <DollarFields number={number} foreignAmount={foreignAmount} rate={rate} />}
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

/** US$ and rate of a line to an account kept in dollars; the colones they make, once both can be read. */
function DollarFields({ number, foreignAmount, rate }: { number: number; foreignAmount: AnyField; rate: AnyField }) {
  const colones = typedDollarColones(foreignAmount.value, rate.value);
  return (
    <>
      <Group gap="xs" mt="xs" wrap="nowrap" align="flex-start">
        <TextInput
          {...getInputProps(foreignAmount, { type: "text", ariaAttributes: false })}
          key={foreignAmount.key}
          label="US$"
          aria-label={`Línea ${number}: monto en dólares`}
          error={foreignAmount.errors?.[0]}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          maxLength={24}
          size="xs"
          styles={{ input: { textAlign: "right" } }}
        />
        <TextInput
          {...getInputProps(rate, { type: "text", ariaAttributes: false })}
          key={rate.key}
          label="Tipo de cambio"
          aria-label={`Línea ${number}: tipo de cambio`}
          error={rate.errors?.[0]}
          inputMode="decimal"
          autoComplete="off"
          placeholder="510,25"
          maxLength={16}
          size="xs"
          styles={{ input: { textAlign: "right" } }}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {colones === null
          ? "Cuenta en dólares: el débito o crédito en colones es US$ × tipo de cambio, redondeado al céntimo."
          : `US$ × tipo de cambio = ${formatColones(centsToAmount(colones))}`}
      </Text>
    </>
  );
}
