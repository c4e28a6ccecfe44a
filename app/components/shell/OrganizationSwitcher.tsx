import { Button, Group, NativeSelect } from "@mantine/core";
import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useAccount } from "../AccountContext";
import { keptParamFields } from "./links";

/**
 * A GET form: `?org=<cédula>` selects the organization (remembered for the user), so it works without
 * JavaScript and gives shareable links. With JavaScript it submits on change.
 */
export function OrganizationSwitcher({ selectedCedula }: { selectedCedula: string | null }) {
  const account = useAccount();
  const location = useLocation();
  const submit = useSubmit();
  const search = new URLSearchParams(location.search);
  if (!account || account.organizations.length === 0) return null;

  return (
    <Form method="get" action={location.pathname} onChange={(event) => submit(event.currentTarget)} aria-label="Organización seleccionada">
      {keptParamFields(search, ["org"]).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          name="org"
          aria-label="Organización"
          defaultValue={selectedCedula ?? undefined}
          key={selectedCedula}
          data={account.organizations.map((o) => ({ value: o.cedula, label: `${o.name} (${o.cedula})` }))}
          data-testid="organization-switcher"
          miw={220}
        />
        <Button type="submit" size="xs" variant="default" className="no-js-only">
          Cambiar
        </Button>
      </Group>
    </Form>
  );
}
