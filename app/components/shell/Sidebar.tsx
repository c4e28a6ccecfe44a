import { Box, Button, Divider, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { Form, Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import {
  isActivePath,
  readShellParams,
  sectionOfPath,
  sidebarMenu,
  withShellParam,
  type MenuSectionKey,
} from "~/domain/menu";
import { appHref } from "~/utils/links";
import { useAccount } from "../AccountContext";

export function Sidebar() {
  const account = useAccount();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const sections = sidebarMenu(account ?? { isRoot: false, isSuperAdmin: false, isAdmin: false });
  // ?menu decides when present (an empty value closes every section); otherwise the current page's section opens.
  const urlSection = search.has("menu") ? readShellParams(search).menu : sectionOfPath(sections, location.pathname);
  // With JavaScript a click (or Enter/Space) on a heading toggles the section here, without a round trip:
  // Mantine's NavLink cancels the heading link's navigation whenever it has children. Without JavaScript
  // the heading is a plain link that sets ?menu. Any navigation brings the open section back to the URL's.
  const here = `${location.key}|${urlSection}`;
  const [toggled, setToggled] = useState<{ at: string; section: MenuSectionKey | null } | null>(null);
  const openSection = toggled?.at === here ? toggled.section : urlSection;
  const returnTo = `${location.pathname}${location.search}`;

  return (
    <Stack h="100%" gap={0} justify="space-between">
      <Box p="md" pb={0}>
        <Text fw={600} data-testid="sidebar-greeting">
          {account ? `Hola ${account.user.email}` : "Visitante"}
        </Text>
      </Box>
      <ScrollArea flex={1} px="xs" py="sm" type="auto">
        {sections.map((section) => {
          const opened = openSection === section.key;
          return (
            <NavLink
              key={section.key}
              component={Link}
              to={withShellParam(location.pathname, location.search, "menu", opened ? "" : section.key)}
              label={section.label}
              opened={opened}
              onChange={(open) => setToggled({ at: here, section: open ? section.key : null })}
              childrenOffset="md"
              fw={600}
              aria-expanded={opened}
              data-section={section.key}
            >
              {section.links.map((link) => (
                <NavLink
                  key={link.to}
                  component={Link}
                  // A link carries its own section, so the page it opens shows the section it was chosen from.
                  to={appHref(link.to, search, { menu: section.key })}
                  label={link.label}
                  active={isActivePath(link.to, location.pathname)}
                  aria-current={isActivePath(link.to, location.pathname) ? "page" : undefined}
                />
              ))}
            </NavLink>
          );
        })}
      </ScrollArea>
      <Box p="md" pt="xs">
        <Divider mb="sm" />
        {account && (
          <Form method="post" action="/logout">
            <input type="hidden" name="returnTo" value={returnTo} />
            <Button type="submit" variant="light" color="gray" fullWidth justify="flex-start">
              Salir
            </Button>
          </Form>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          © {new Date().getFullYear()} Contabilidad CR
        </Text>
      </Box>
    </Stack>
  );
}
