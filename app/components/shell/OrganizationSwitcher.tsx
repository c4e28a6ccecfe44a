import { Button, Group, NativeSelect } from "@mantine/core";
import { Form, useLocation, useMatches, useSubmit } from "@remix-run/react";
import { useAccount } from "../AccountContext";
import { organizationSwitchTarget, type SwitchContext } from "~/utils/links";

/** A page that shows one record tells the switcher where "the same place" is in another organization. */
export interface SwitchHandle {
  switchContext?: (data: unknown) => SwitchContext;
}

/**
 * A GET form: `?org=<cédula>` selects the organization (remembered for the user), so it works without
 * JavaScript and gives shareable links. With JavaScript it submits on change. It keeps the screen,
 * month, tab and filters; a receipt page goes to the other organization's month view.
 */
export function OrganizationSwitcher({ selectedCedula }: { selectedCedula: string | null }) {
  const account = useAccount();
  const location = useLocation();
  const matches = useMatches();
  const submit = useSubmit();
  if (!account || account.organizations.length === 0) return null;

  const page = matches[matches.length - 1];
  const handle = page?.handle as SwitchHandle | undefined;
  const context = handle?.switchContext && page?.data ? handle.switchContext(page.data) : {};
  const target = organizationSwitchTarget(location.pathname, new URLSearchParams(location.search), context);

  return (
    <Form
      method="get"
      action={target.action}
      onChange={(event) => submit(event.currentTarget)}
      aria-label="Organización seleccionada"
      style={{ minWidth: 0 }}
    >
      {target.fields.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          name="org"
          aria-label="Organización"
          defaultValue={selectedCedula ?? undefined}
          key={selectedCedula}
          data={account.organizations.map((o) => ({ value: o.cedula, label: `${o.name} (${o.cedula})` }))}
          data-testid="organization-switcher"
          // On a phone the select gives up width (the browser shortens the name), never the button.
          miw={0}
          maw={360}
          style={{ flex: "1 1 auto" }}
        />
        <Button type="submit" size="xs" variant="default" className="no-js-only" style={{ flexShrink: 0 }}>
          Cambiar
        </Button>
      </Group>
    </Form>
  );
}
