import { Anchor, Button, Group, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";

/** A GET form: the search lands in the URL (?q=), works without JavaScript and starts at page 1. */
export function ReceiptSearchForm({
  hidden,
  query,
  clearHref,
}: {
  hidden: Record<string, string>;
  query: string;
  clearHref: string;
}) {
  return (
    <Form method="get" action="/" role="search" aria-label="Buscar comprobantes">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Buscar"
          name="q"
          defaultValue={query}
          key={query}
          placeholder="Contraparte, cédula o consecutivo"
          maxLength={100}
          w={300}
        />
        <Button type="submit" variant="default">
          Buscar
        </Button>
        {query && (
          <Anchor component={Link} to={clearHref} size="sm" mb={8}>
            Limpiar búsqueda
          </Anchor>
        )}
      </Group>
    </Form>
  );
}
