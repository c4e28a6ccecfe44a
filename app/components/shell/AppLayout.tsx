import { AppShell, Burger, Drawer, Group, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Link, useLocation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { readShellParams, withShellParam } from "~/domain/menu";
import { OrganizationSwitcher } from "./OrganizationSwitcher";
import { Sidebar } from "./Sidebar";

const SMALL_SCREEN = "(max-width: 48em)";

/**
 * The signed-in frame: header with the organization switcher, the sidebar (a drawer on small screens)
 * and the page. Used by the _app layout, its error boundary and the signed-in not-found page.
 */
export function Shell({ selectedCedula, children }: { selectedCedula: string | null; children: ReactNode }) {
  const location = useLocation();
  const { showSidebar } = readShellParams(new URLSearchParams(location.search));
  const smallScreen = useMediaQuery(SMALL_SCREEN, false, { getInitialValueInEffect: true });
  // The drawer is open for the page it was opened on: any navigation closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpened = drawerOpenedAt === location.key;
  const setDrawerOpened = (update: boolean | ((opened: boolean) => boolean)) => {
    const next = typeof update === "function" ? update(drawerOpened) : update;
    setDrawerOpenedAt(next ? location.key : null);
  };

  const toggleHref = withShellParam(location.pathname, location.search, "showSidebar", showSidebar ? "0" : "1");

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 290, breakpoint: "sm", collapsed: { desktop: !showSidebar, mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <a href="#contenido" className="skip-link">
          Saltar al contenido
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {smallScreen ? (
              <Burger
                opened={drawerOpened}
                onClick={() => setDrawerOpened((o) => !o)}
                aria-label={drawerOpened ? "Cerrar menú" : "Abrir menú"}
                size="sm"
              />
            ) : (
              <Burger
                renderRoot={(props) => <Link {...props} to={toggleHref} />}
                opened={showSidebar}
                aria-label={showSidebar ? "Ocultar menú lateral" : "Mostrar menú lateral"}
                size="sm"
                data-testid="sidebar-toggle"
              />
            )}
            <Text fw={700} c="brand.8" visibleFrom="xs">
              Contabilidad CR
            </Text>
          </Group>
          <OrganizationSwitcher selectedCedula={selectedCedula} />
        </Group>
      </AppShell.Header>

      {/* Collapsed, Mantine only slides the navbar away; hiding it also keeps its links out of the tab order. */}
      <AppShell.Navbar
        aria-label="Menú principal"
        data-testid="sidebar"
        style={showSidebar && !smallScreen ? undefined : { display: "none" }}
      >
        <Sidebar />
      </AppShell.Navbar>

      <Drawer
        opened={smallScreen && drawerOpened}
        onClose={() => setDrawerOpened(false)}
        title="Menú"
        size={300}
        padding={0}
        styles={{ header: { paddingInline: "var(--mantine-spacing-md)" } }}
        closeButtonProps={{ "aria-label": "Cerrar menú" }}
        data-testid="sidebar-drawer"
      >
        <nav aria-label="Menú principal">
          <Sidebar />
        </nav>
      </Drawer>

      <AppShell.Main id="contenido" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
