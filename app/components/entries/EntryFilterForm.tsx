import { Anchor, Button, Group, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { DateField } from "~/components/forms/DateField";
import type { CatalogNode } from "~/domain/catalog";
import { DISPLAY_STATUSES, SOURCE_LABELS, STATUS_LABELS } from "~/domain/entries/labels";
import { TEXT_MAX, type EntryListQuery } from "~/domain/entries/query";
import { ENTRY_SOURCE_KINDS } from "~/domain/ledger";
import { AccountFilterPicker } from "./AccountFilterPicker";

/**
 * The list's filters as a GET form: they land in the URL (shareable, back button) and work without
 * JavaScript; a new search starts at page 1.
 */
export function EntryFilterForm({
  action,
  hidden,
  query,
  catalog,
  errors,
  clearHref,
}: {
  action: string;
  hidden: Array<[string, string]>;
  query: EntryListQuery;
  catalog: CatalogNode[];
  errors: Record<string, string | undefined>;
  clearHref: string;
}) {
  // A new query renders new inputs (defaultValue only applies on mount).
  const key = JSON.stringify(query);
  return (
    <Form method="get" action={action} role="search" aria-label="Filtrar asientos" key={key}>
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
        <DateField name="from" label="Desde" defaultValue={query.from} error={errors.from} />
        <DateField name="to" label="Hasta" defaultValue={query.to} error={errors.to} />
        <TextInput
          name="q"
          label="Texto"
          defaultValue={query.q}
          maxLength={TEXT_MAX}
          placeholder="Descripción, referencia o número"
          error={errors.q}
        />
        <AccountFilterPicker
          catalog={catalog}
          name="account"
          label="Cuenta"
          defaultValue={query.account}
          error={errors.account}
        />
        <NativeSelect name="source" label="Origen" defaultValue={query.source ?? ""} error={errors.source}>
          <option value="">Todos</option>
          {ENTRY_SOURCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {SOURCE_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect name="status" label="Estado" defaultValue={query.status ?? ""} error={errors.status}>
          <option value="">Todos</option>
          {DISPLAY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </SimpleGrid>
      <Group gap="sm" mt="sm">
        <Button type="submit">Filtrar</Button>
        <Anchor component={Link} to={clearHref} size="sm">
          Quitar filtros
        </Anchor>
      </Group>
    </Form>
  );
}
