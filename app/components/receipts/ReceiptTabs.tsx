import { Tabs } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type Tab = "emitidos" | "recibidos";

/**
 * Emitidos / Recibidos as links (`?tab=`), so switching works without JavaScript and can be shared.
 * The current tab's content sits in its panel; the other panel stays empty (the server sends one tab).
 */
export function ReceiptTabs({
  value,
  hrefs,
  children,
}: {
  value: Tab;
  hrefs: Record<Tab, string>;
  children: ReactNode;
}) {
  return (
    <Tabs value={value} activateTabWithKeyboard={false} keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab
          value="emitidos"
          renderRoot={(props) => <Link {...props} to={hrefs.emitidos} />}
          data-testid="tab-emitidos"
        >
          Emitidos
        </Tabs.Tab>
        <Tabs.Tab
          value="recibidos"
          renderRoot={(props) => <Link {...props} to={hrefs.recibidos} />}
          data-testid="tab-recibidos"
        >
          Recibidos
        </Tabs.Tab>
      </Tabs.List>
      {(["emitidos", "recibidos"] as const).map((tab) => (
        <Tabs.Panel key={tab} value={tab}>
          {tab === value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
