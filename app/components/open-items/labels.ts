import type { Side } from "~/domain/open-items";

export const SIDE_TEXTS: Record<
  Side,
  { title: string; path: string; party: string; parties: string; register: string; registered: string }
> = {
  receivable: {
    title: "Cuentas por cobrar",
    path: "/receivables",
    party: "Cliente",
    parties: "Clientes",
    register: "Registrar cobro",
    registered: "Cobro registrado",
  },
  payable: {
    title: "Cuentas por pagar",
    path: "/payables",
    party: "Proveedor",
    parties: "Proveedores",
    register: "Registrar pago",
    registered: "Pago registrado",
  },
};
