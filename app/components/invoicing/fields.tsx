/** The invoice form's inputs: Mantine controls wired to conform fields, and the code tables as options. */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { NativeSelect, TextInput } from "@mantine/core";
import { DateField } from "~/components/forms/DateField";
import { IVA_RATE_CODES, REFERENCE_CODE_LABELS } from "~/domain/hacienda/codes";
import { COMMON_UNITS, INVOICE_KIND_LABELS, REFERENCE_CODES_44 } from "~/domain/invoicing/form";

export type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;
export type LineField = FieldMetadata<Record<string, string | undefined>, Record<string, unknown>, string[]>;
export type Option = { value: string; label: string };

// Code tables are objects: "99" is an integer key, which JavaScript lists before "01".
export const sortedEntries = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));

export const options = (labels: Readonly<Record<string, string>>, blank?: string): Option[] => [
  ...(blank !== undefined ? [{ value: "", label: blank }] : []),
  ...sortedEntries(labels).map(([value, label]) => ({ value, label: `${value} · ${label}` })),
];

export const KIND_OPTIONS: Option[] = Object.entries(INVOICE_KIND_LABELS).map(([value, label]) => ({
  value,
  label: `${value} · ${label}`,
}));
export const TARIFA_OPTIONS: Option[] = Object.entries(IVA_RATE_CODES).map(([value, { label }]) => ({
  value,
  label: `${value} · ${label}`,
}));
export const UNIT_OPTIONS: Option[] = Object.entries(COMMON_UNITS).map(([value, label]) => ({
  value,
  label: `${value} · ${label}`,
}));
export const REFERENCE_CODE_OPTIONS: Option[] = [
  { value: "", label: "Elija…" },
  ...REFERENCE_CODES_44.map((code) => ({ value: code, label: `${code} · ${REFERENCE_CODE_LABELS[code]}` })),
];
export const CURRENCIES = ["CRC", "USD", "EUR"];

export function select(field: AnyField, label: string, data: Option[], extra = {}) {
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

export function text(field: AnyField, label: string, extra: Record<string, unknown> = {}) {
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

/** A date of the form: the app's one date control (dd/mm/aaaa, kept when typed before hydration). */
export function date(field: AnyField, label: string) {
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
