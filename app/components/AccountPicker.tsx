import {
  Group,
  NativeSelect,
  Select,
  Text,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
} from "@mantine/core";
import { useMemo, useState, type ReactNode } from "react";
import { useValueTypedBeforeHydration } from "~/components/forms/useValueTypedBeforeHydration";
import { catalogMatcher, flattenCatalog, isSelectable, type CatalogNode } from "~/domain/catalog";

export interface AccountPickerProps {
  /** The organization's tree (root nodes), as `buildCatalog` returns it. */
  catalog: CatalogNode[];
  /** Form field name: the chosen account's code is posted under it. */
  name: string;
  defaultValue?: string | null;
  label?: ReactNode;
  /** The accessible name when no visible label fits (a table cell under a "Cuenta" header). */
  ariaLabel?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** How many matches the dropdown lists at most. */
  limit?: number;
  onChange?: (code: string | null) => void;
}

export interface AccountOption extends ComboboxItem {
  node: CatalogNode;
}

/** One option per account, in code order; groups, headers and disabled accounts cannot be chosen. */
export function accountOptions(catalog: readonly CatalogNode[]): AccountOption[] {
  return flattenCatalog(catalog).map((node) => ({
    value: node.key,
    label: `${node.key} ${node.label}`,
    disabled: !isSelectable(node),
    node,
  }));
}

/** Mantine's option filter with the catalog's search: by code prefix or label, without accents. */
export function accountFilter(nodes: ReadonlyMap<string, CatalogNode>): OptionsFilter {
  return ({ options, search, limit }) => {
    const matches = catalogMatcher(search);
    const found: ComboboxParsedItem[] = [];
    for (const option of options) {
      if (found.length >= limit) break;
      if ("group" in option) continue;
      const node = nodes.get(option.value);
      if (node !== undefined && matches(node)) found.push(option);
    }
    return found;
  };
}

const NO_BREAK_SPACE = "\u00a0";

/**
 * Chooses an account of the chart. Before JavaScript runs (or without it) it is a native
 * `<select name>` that posts the code; once hydrated it becomes a searchable Mantine Select whose
 * hidden input posts the same field.
 */
export function AccountPicker({
  catalog,
  name,
  defaultValue = null,
  label,
  ariaLabel,
  description,
  error,
  required,
  disabled,
  placeholder = "Buscar por código o nombre",
  limit = 200,
  onChange,
}: AccountPickerProps) {
  const options = useMemo(() => accountOptions(catalog), [catalog]);
  const nodes = useMemo(() => new Map(options.map((option) => [option.value, option.node])), [options]);
  const filter = useMemo(() => accountFilter(nodes), [nodes]);
  // A choice made in the native select before hydration carries over to the Mantine one.
  const { hydrated, value, setValue, nativeProps } = useValueTypedBeforeHydration<HTMLSelectElement>(defaultValue);
  const [search, setSearch] = useState("");

  if (!hydrated) {
    return (
      <NativeSelect
        {...nativeProps}
        name={name}
        defaultValue={defaultValue ?? ""}
        label={label}
        aria-label={ariaLabel}
        description={description}
        error={error}
        required={required}
        disabled={disabled}
      >
        <option value="">Seleccione una cuenta</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {NO_BREAK_SPACE.repeat((option.node.level - 1) * 3) + option.label}
          </option>
        ))}
      </NativeSelect>
    );
  }

  const selectedLabel = value === null ? undefined : nodes.get(value) && `${value} ${nodes.get(value)!.label}`;
  const filtering = search.trim() !== "" && search !== selectedLabel;

  return (
    <Select
      name={name}
      data={options}
      value={value}
      onChange={(code) => {
        setValue(code);
        onChange?.(code);
      }}
      onSearchChange={setSearch}
      searchable
      clearable={!required}
      filter={filter}
      limit={limit}
      label={label}
      aria-label={ariaLabel}
      description={description}
      error={error}
      required={required}
      disabled={disabled}
      placeholder={placeholder}
      nothingFoundMessage="Ninguna cuenta coincide con la búsqueda"
      maxDropdownHeight={320}
      renderOption={({ option }) => {
        const node = nodes.get(option.value)!;
        return (
          <Group gap={6} wrap="nowrap" pl={filtering ? 0 : (node.level - 1) * 12}>
            <div>
              <Text size="sm" fw={node.children.length > 0 ? 600 : 400}>
                <Text span ff="monospace" size="sm">
                  {node.key}
                </Text>{" "}
                {node.label}
              </Text>
              {filtering && node.path && (
                <Text size="xs" c="dimmed">
                  {node.path}
                </Text>
              )}
            </div>
          </Group>
        );
      }}
    />
  );
}
