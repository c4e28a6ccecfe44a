import type { RoleFlags } from "./roles";

export type MenuSectionKey = "consultas" | "balances" | "impuestos" | "administracion" | "configuracion";

export interface MenuLink {
  label: string;
  to: string;
}

export interface MenuSection {
  key: MenuSectionKey;
  label: string;
  links: MenuLink[];
}

export const MENU_SECTION_KEYS: MenuSectionKey[] = [
  "consultas",
  "balances",
  "impuestos",
  "administracion",
  "configuracion",
];

/**
 * The sidebar of docs/spec/routes.md §2. Admin menus (and Movimientos por Cuenta) are for super admins and admins;
 * root sees what admins see. Regular users see Consultas (without Movimientos por Cuenta) and Balances.
 */
export function sidebarMenu(flags: RoleFlags): MenuSection[] {
  const admin = flags.isRoot || flags.isSuperAdmin || flags.isAdmin;
  const sections: MenuSection[] = [
    {
      key: "consultas",
      label: "Consultas",
      links: [
        ...(admin ? [{ label: "Resumen de clientes", to: "/admin/board" }] : []),
        { label: "Comprobantes", to: "/" },
        { label: "Asientos Contables", to: "/entries/list" },
        ...(admin ? [{ label: "Movimientos por Cuenta", to: "/entries/movement-list" }] : []),
        { label: "Cuentas por cobrar", to: "/receivables" },
        { label: "Cuentas por pagar", to: "/payables" },
      ],
    },
    {
      key: "balances",
      label: "Balances",
      links: [
        { label: "Estado de Resultados", to: "/results" },
        { label: "Balance General", to: "/results-general" },
        { label: "Balance de Comprobación", to: "/results-all" },
      ],
    },
  ];
  if (!admin) return sections;
  return [
    ...sections,
    { key: "impuestos", label: "Impuestos", links: [{ label: "IVA", to: "/admin/vat" }] },
    {
      key: "administracion",
      label: "Administración",
      links: [
        { label: "Crear Factura", to: "/admin/invoice" },
        { label: "Crear Asiento Contable", to: "/entries/detail/new" },
        { label: "Conciliación Bancaria", to: "/admin/bank" },
        { label: "Diferencial cambiario", to: "/admin/exchange-difference" },
      ],
    },
    {
      key: "configuracion",
      label: "Configuración",
      links: [
        { label: "Recepción Automática de Comprobantes", to: "/admin/rules" },
        { label: "Correo de Comprobantes", to: "/admin/mailboxes" },
        { label: "Personalización de Catálogo de Cuentas", to: "/admin/catalog" },
        { label: "Plantillas para Asientos", to: "/admin/accounting-entry-templates" },
        { label: "Clientes", to: "/admin/organizations" },
        { label: "Tramos del Impuesto de Renta", to: "/admin/income-brackets" },
        { label: "Tipo de cambio", to: "/admin/exchange-rates" },
      ],
    },
  ];
}

/** `?showSidebar=1|0` and `?menu=<section>` survive navigation inside the shell. */
export interface ShellParams {
  showSidebar: boolean;
  menu: MenuSectionKey | null;
}

export function readShellParams(search: URLSearchParams): ShellParams {
  const menu = search.get("menu");
  return {
    showSidebar: search.get("showSidebar") !== "0",
    menu: MENU_SECTION_KEYS.includes(menu as MenuSectionKey) ? (menu as MenuSectionKey) : null,
  };
}

export function shellHref(
  to: string,
  current: URLSearchParams,
  changes: Partial<Record<"showSidebar" | "menu", string | null>> = {},
): string {
  const [path, query = ""] = to.split("?");
  const params = new URLSearchParams(query);
  for (const key of ["showSidebar", "menu"] as const) {
    const value = key in changes ? changes[key] : current.get(key);
    if (value !== null && value !== undefined && !params.has(key)) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The section a path belongs to, so the sidebar opens on it when ?menu is absent. */
export function sectionOfPath(sections: MenuSection[], pathname: string): MenuSectionKey | null {
  for (const section of sections) {
    if (section.links.some((link) => isActivePath(link.to, pathname))) return section.key;
  }
  return null;
}

export function isActivePath(to: string, pathname: string): boolean {
  if (to === "/") return pathname === "/" || pathname.startsWith("/detail");
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The current page with one shell parameter set (or removed with null): section toggles, sidebar toggle. */
export function withShellParam(
  pathname: string,
  search: string,
  key: "showSidebar" | "menu",
  value: string | null,
): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
