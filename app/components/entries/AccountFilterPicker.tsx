import { NativeSelect, Select } from "@mantine/core";
import { useMemo } from "react";
import { accountFilter, accountOptions } from "~/components/AccountPicker";
import { useValueTypedBeforeHydration } from "~/components/forms/useValueTypedBeforeHydration";
import type { CatalogNode } from "~/domain/catalog";

const NO_BREAK_SPACE = "\u00a0";

/**
 * An account for a filter: unlike the entry form's AccountPicker, a parent (or a whole group) can be
 * chosen, and stands for all its children. Without JavaScript a native select; once hydrated a
 * searchable Select (by code or name, accents ignored) posting the same field.
 */
export function AccountFilterPicker({
  catalog,
  name,
  defaultValue,
  label,
  error,
  required = false,
  emptyLabel = "Todas las cuentas",
}: {
  catalog: CatalogNode[];
  name: string;
  defaultValue: string | null;
  label: string;
  error?: string;
  required?: boolean;
  /** The empty choice: "Todas las cuentas" in a filter. */
  emptyLabel?: string;
}) {
  const options = useMemo(() => accountOptions(catalog).map((option) => ({ ...option, disabled: false })), [catalog]);
  const nodes = useMemo(() => new Map(options.map((option) => [option.value, option.node])), [options]);
  const filter = useMemo(() => accountFilter(nodes), [nodes]);
  // A choice made in the native select before hydration carries over to the Mantine one.
  const { hydrated, value, setValue, nativeProps } = useValueTypedBeforeHydration<HTMLSelectElement>(defaultValue);

  if (!hydrated) {
    return (
      <NativeSelect
        {...nativeProps}
        name={name}
        defaultValue={defaultValue ?? ""}
        label={label}
        error={error}
        required={required}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {NO_BREAK_SPACE.repeat((option.node.level - 1) * 3) + option.label}
          </option>
        ))}
      </NativeSelect>
    );
  }
  return (
    <Select
      name={name}
      data={options}
      value={value}
      onChange={setValue}
      searchable
      clearable={!required}
      required={required}
      filter={filter}
      limit={200}
      label={label}
      error={error}
      placeholder={emptyLabel}
      nothingFoundMessage="Ninguna cuenta coincide con la búsqueda"
      maxDropdownHeight={320}
    />
  );
}
